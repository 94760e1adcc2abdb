import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '../api/history.ts';
import { type HistoryPages, loadedItems, withFavorite, withoutItems } from './history-cache.ts';

const entry = (id: string, favorite = false): HistoryItem => ({
  id,
  job_id: `job-${id}`,
  type: 'generated',
  prompt: id,
  negative_prompt: '',
  model: 'm',
  options: {},
  images: [],
  favorite,
  private: false,
  created_at: '2025-01-01T00:00:00.000Z',
});

const pages = (...lists: HistoryItem[][]): HistoryPages => ({
  pages: lists.map((items, index) => ({ items, next_cursor: index < lists.length - 1 ? `c${index}` : null })),
  pageParams: lists.map((_, index) => (index === 0 ? '' : `c${index - 1}`)),
});

describe('history cache edits', () => {
  it('sets the favourite flag of one item in every page', () => {
    const data = pages([entry('a'), entry('b')], [entry('c')]);
    const next = withFavorite(data, 'c', true, false)!;
    expect(loadedItems(next).map((i) => [i.id, i.favorite])).toEqual([
      ['a', false],
      ['b', false],
      ['c', true],
    ]);
    expect(data.pages[1]!.items[0]!.favorite).toBe(false);
  });

  it('drops an unfavourited item from a favourites-only list', () => {
    const data = pages([entry('a', true), entry('b', true)]);
    expect(loadedItems(withFavorite(data, 'a', false, true)).map((i) => i.id)).toEqual(['b']);
    expect(loadedItems(withFavorite(data, 'a', true, true)).map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('removes deleted items and keeps the pages and cursors', () => {
    const data = pages([entry('a'), entry('b')], [entry('c')]);
    const next = withoutItems(data, new Set(['a', 'c']))!;
    expect(loadedItems(next).map((i) => i.id)).toEqual(['b']);
    expect(next.pages.map((p) => p.next_cursor)).toEqual(['c0', null]);
    expect(withoutItems(undefined, new Set(['a']))).toBeUndefined();
  });

  it('leaves data that is not pages of items as it is', () => {
    const odd = { something: 'else' } as unknown as HistoryPages;
    expect(withFavorite(odd, 'a', true, false)).toBe(odd);
    expect(withoutItems(odd, new Set(['a']))).toBe(odd);
  });

  it('lists each loaded item once, in order', () => {
    expect(loadedItems(pages([entry('a'), entry('b')], [entry('b'), entry('c')])).map((i) => i.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(loadedItems(undefined)).toEqual([]);
  });
});
