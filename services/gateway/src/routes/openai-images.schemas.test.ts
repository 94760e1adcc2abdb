import { describe, expect, it } from 'vitest';
import { aspectRatioForSize, requestedSize } from './openai-images.schemas.ts';

describe('OpenAI sizes to Pictura aspect ratios', () => {
  it.each([
    [undefined, 'square'],
    ['auto', 'square'],
    ['256x256', 'square'],
    ['1024x1024', 'square'],
    ['1792x1024', 'landscape_16_9'],
    ['1024x1792', 'portrait_9_16'],
    ['1536x1024', 'landscape'],
    ['1024x1536', 'portrait'],
    ['800x600', 'landscape_4_3'],
    ['600x800', 'portrait_3_4'],
  ])('%s → %s', (size, ratio) => {
    expect(aspectRatioForSize(size)).toBe(ratio);
  });

  it.each(['big', '1024', '1024x', 'x1024', '0x0', '1024x0', '-5x5'])('refuses %s', (size) => {
    expect(aspectRatioForSize(size)).toBeNull();
  });
});

describe('OpenAI sizes asked for exactly', () => {
  it('keeps the exact width and height beside the nearest aspect ratio', () => {
    expect(requestedSize('1024x1024')).toEqual({ aspectRatio: 'square', width: 1024, height: 1024 });
    expect(requestedSize('1536x1024')).toEqual({ aspectRatio: 'landscape', width: 1536, height: 1024 });
  });

  it('leaves auto and no size to the aspect ratio', () => {
    expect(requestedSize('auto')).toEqual({ aspectRatio: 'square' });
    expect(requestedSize(undefined)).toEqual({ aspectRatio: 'square' });
    expect(requestedSize('huge')).toBeNull();
  });
});
