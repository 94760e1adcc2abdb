import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../api/history.ts';
import {
  absoluteImageUrl,
  createAgainValues,
  downloadFileName,
  formatCreatedAt,
  generationOptions,
  keepShown,
  outputFormat,
  toggleSelected,
  upscaleLink,
} from './history-model.ts';

function item(extra: Partial<HistoryItem> = {}): HistoryItem {
  return {
    id: '0f6c2a4e-1111-4222-8333-944455556666',
    job_id: 'job',
    type: 'generated',
    prompt: 'a red kite over green hills',
    negative_prompt: 'fog',
    model: 'pictura-abstract',
    options: {
      aspectRatio: 'landscape_16_9',
      style: 'watercolor',
      color: 'warm',
      lighting: 'studio',
      seed: 11,
      count: 2,
    },
    images: [
      { url: '/files/abc.png', width: 1024, height: 576, seed: 11, flagged: false },
      { url: '/files/def.png', width: 1024, height: 576, seed: 12, flagged: false },
    ],
    favorite: false,
    private: false,
    created_at: '2025-04-15T09:30:00.000Z',
    ...extra,
  };
}

describe('generationOptions', () => {
  it('reads the stored options, camelCase or snake_case, known values only', () => {
    expect(generationOptions(item())).toEqual({
      aspectRatio: 'landscape_16_9',
      style: 'watercolor',
      color: 'warm',
      lighting: 'studio',
    });
    expect(
      generationOptions(item({ options: { aspect_ratio: 'portrait', style: 'made-up', lighting: 3 } })),
    ).toEqual({
      aspectRatio: 'portrait',
    });
  });

  it('reads an upscale’s output format', () => {
    expect(outputFormat(item({ type: 'upscaled', options: { format: 'webp', sourceKey: 'k' } }))).toBe(
      'webp',
    );
    expect(outputFormat(item({ options: { format: 'gif' } }))).toBeNull();
  });
});

describe('createAgainValues', () => {
  it('fills the generator with the same prompt, options, model, seed and count', () => {
    expect(createAgainValues(item())).toEqual({
      prompt: 'a red kite over green hills',
      negativePrompt: 'fog',
      aspectRatio: 'landscape_16_9',
      style: 'watercolor',
      color: 'warm',
      lighting: 'studio',
      model: 'pictura-abstract',
      transparent: false,
      seed: '11',
      count: 2,
    });
  });

  it('asks again for a transparent background when the item was made on one', () => {
    const values = createAgainValues(item({ options: { background: 'transparent' } }));
    expect(values.transparent).toBe(true);
  });

  it('falls back to defaults for unknown options and counts the images when no count is stored', () => {
    const values = createAgainValues(
      item({
        options: {},
        images: [{ url: '/files/a.png', width: 512, height: 512, seed: 0, flagged: false }],
      }),
    );
    expect(values).toMatchObject({
      aspectRatio: 'square',
      style: 'none',
      color: 'none',
      lighting: 'none',
      seed: '0',
      count: 1,
    });
  });
});

describe('links and names', () => {
  it('makes the upscaler link with the absolute image address', () => {
    expect(absoluteImageUrl('/files/abc.png', 'http://127.0.0.1:3000/en/history')).toBe(
      'http://127.0.0.1:3000/files/abc.png',
    );
    expect(upscaleLink('/ar/upscaler', '/files/abc.png', 'https://pictura.example/ar/history')).toBe(
      '/ar/upscaler?imageUrl=https%3A%2F%2Fpictura.example%2Ffiles%2Fabc.png',
    );
  });

  it('names downloads by seed or as an upscale, numbered when the request made several', () => {
    const several = item();
    expect(downloadFileName(several, several.images[1]!, 1)).toBe('pictura-12-0f6c2a4e-2.png');
    const upscaled = item({
      type: 'upscaled',
      options: { format: 'jpeg' },
      images: [{ url: '/files/xyz', width: 2048, height: 2048, seed: 0, flagged: false }],
    });
    expect(downloadFileName(upscaled, upscaled.images[0]!, 0)).toBe('pictura-upscaled-0f6c2a4e.jpeg');
  });

  it('formats the date in the reader’s language and keeps a bad date as text', () => {
    expect(formatCreatedAt('2025-04-15T09:30:00.000Z', 'en')).toMatch(/Apr 15, 2025/);
    expect(formatCreatedAt('2025-04-15T09:30:00.000Z', 'en', 'short')).toBe('4/15/25');
    expect(formatCreatedAt('2025-04-15T09:30:00.000Z', 'de', 'short')).toBe('15.04.25');
    expect(formatCreatedAt('not a date', 'en')).toBe('not a date');
  });
});

describe('selection', () => {
  it('toggles ids and keeps only those still shown', () => {
    const one = toggleSelected(new Set(), 'a');
    const two = toggleSelected(one, 'b');
    expect([...two]).toEqual(['a', 'b']);
    expect([...toggleSelected(two, 'a')]).toEqual(['b']);
    expect(one).not.toBe(two);
    expect([...keepShown(two, ['b', 'c'])]).toEqual(['b']);
  });
});
