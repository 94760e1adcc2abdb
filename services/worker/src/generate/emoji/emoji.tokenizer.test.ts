import { describe, expect, it } from 'vitest';
import { emojiPromptTokens, emojiTokenIds } from './emoji.tokenizer.ts';

describe('Pictura Emoji tokenizer', () => {
  it('lower-cases words and adds prefixes, so plurals and case endings meet their dictionary form', () => {
    expect(emojiPromptTokens('Rockets!')).toEqual(['rockets', 'roc~', 'rock~', 'rocke~']);
    expect(emojiPromptTokens('rocket')).toContain('rock~');
    // Russian: "лиса" (fox) and "лисы" (foxes) share "лис~".
    expect(emojiPromptTokens('лисы')).toContain('лис~');
    expect(emojiPromptTokens('лиса')).toContain('лис~');
    expect(emojiPromptTokens('a cat')).toEqual(['a', 'cat']);
  });

  it('splits scripts written without spaces into characters and character pairs', () => {
    expect(emojiPromptTokens('一只猫')).toEqual(['一', '一只', '只', '只猫', '猫']);
    expect(emojiPromptTokens('狐狸')).toEqual(['狐', '狐狸', '狸']);
    // Katakana's long-vowel mark joins its neighbours.
    expect(emojiPromptTokens('コー')).toEqual(['コ', 'コー', 'ー']);
  });

  it('keeps only known tokens, drops padding and stops at the limit', () => {
    const vocabulary = new Map([
      ['<pad>', 0],
      ['fox', 1],
      ['red', 2],
    ]);
    expect(emojiTokenIds('a red fox', vocabulary, 8)).toEqual([2, 1]);
    expect(emojiTokenIds('<pad> quantum', vocabulary, 8)).toEqual([]);
    expect(emojiTokenIds('fox fox fox', vocabulary, 2)).toEqual([1, 1]);
  });
});
