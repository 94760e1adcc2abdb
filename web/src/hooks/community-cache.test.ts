import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Post, PostPage } from '../api/community.ts';
import { flattenPages, optimisticLike, patchPost, removePost } from './community-cache.ts';

const post = (id: string, likes = 0, liked = false) =>
  ({ id, likes, liked_by_me: liked, title: id }) as unknown as Post;

const feed = (...pages: Post[][]): InfiniteData<PostPage> => ({
  pages: pages.map((items, index) => ({ items, next_cursor: index < pages.length - 1 ? `c${index}` : null })),
  pageParams: pages.map((_, index) => (index === 0 ? undefined : `c${index - 1}`)),
});

describe('optimisticLike', () => {
  it('toggles the like and moves the count by one', () => {
    expect(optimisticLike(post('a', 3), true)).toMatchObject({ liked_by_me: true, likes: 4 });
    expect(optimisticLike(post('a', 3, true), false)).toMatchObject({ liked_by_me: false, likes: 2 });
  });

  it('does not count twice and never goes below zero', () => {
    const liked = post('a', 3, true);
    expect(optimisticLike(liked, true)).toBe(liked);
    expect(optimisticLike(post('a', 0, true), false).likes).toBe(0);
  });
});

describe('patchPost', () => {
  it('changes the post in whichever page holds it and leaves the rest as they were', () => {
    const data = feed([post('a'), post('b')], [post('c')]);
    const next = patchPost(data, 'c', (p) => optimisticLike(p, true));
    expect(next.pages[1]!.items[0]).toMatchObject({ id: 'c', likes: 1, liked_by_me: true });
    expect(next.pages[0]).toBe(data.pages[0]);
  });

  it("patches a post's own page and ignores unrelated data", () => {
    expect(patchPost(post('a', 1), 'a', (p) => ({ ...p, likes: 9 })).likes).toBe(9);
    const other = post('b', 1);
    expect(patchPost(other, 'a', (p) => ({ ...p, likes: 9 }))).toBe(other);
    const stats = { total_posts: 1 } as unknown as Post;
    expect(patchPost(stats, 'a', (p) => p)).toBe(stats);
    expect(patchPost(undefined, 'a', (p) => p)).toBeUndefined();
  });
});

describe('removePost', () => {
  it('drops the post from every page of a list', () => {
    const next = removePost(feed([post('a'), post('b')], [post('c')]), 'b');
    expect(flattenPages(next).map((p) => p.id)).toEqual(['a', 'c']);
  });
});

describe('flattenPages', () => {
  it('lists each post once even if it moved to a later page', () => {
    expect(flattenPages(feed([post('a'), post('b')], [post('b'), post('c')])).map((p) => p.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(flattenPages(undefined)).toEqual([]);
  });
});
