import { describe, expect, it } from 'vitest';
import { aspectRatioForSize } from './openai-images.schemas.ts';

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
