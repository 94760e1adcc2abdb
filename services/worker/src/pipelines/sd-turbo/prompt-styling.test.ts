import { describe, expect, it } from 'vitest';
import { styledPrompt } from './prompt-styling.ts';

describe('styledPrompt', () => {
  it('leaves the prompt alone when nothing is chosen', () => {
    expect(styledPrompt('  a red fox  ', { style: 'none', color: 'none', lighting: 'none' })).toBe(
      'a red fox',
    );
  });

  it('appends style, colour and lighting words in that order', () => {
    expect(styledPrompt('a red fox', { style: 'watercolor', color: 'warm', lighting: 'studio' })).toBe(
      'a red fox, watercolor painting, warm colors, studio lighting',
    );
    expect(styledPrompt('city', { style: 'none', color: 'black_and_white', lighting: 'none' })).toBe(
      'city, black and white',
    );
  });
});
