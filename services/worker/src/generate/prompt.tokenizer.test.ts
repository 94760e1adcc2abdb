import { describe, expect, it } from 'vitest';
import { buildPromptLexicon } from './prompt.lexicon.ts';
import { hashToken, promptTokenIds, tokenizePrompt } from './prompt.tokenizer.ts';

describe('tokenizePrompt', () => {
  it('lowercases words and drops punctuation', () => {
    expect(tokenizePrompt('A Red ROSE, in the forest!')).toEqual(['a', 'red', 'rose', 'in', 'the', 'forest']);
  });

  it('keeps letters of any script, accents and digits', () => {
    expect(tokenizePrompt('Été à Zürich 2024 — Москва')).toEqual(['été', 'à', 'zürich', '2024', 'москва']);
  });

  it('normalises compatibility forms so full-width and composed text hash alike', () => {
    expect(tokenizePrompt('ＲＥＤ cafe\u0301')).toEqual(tokenizePrompt('red café'));
  });

  it('splits scripts written without spaces into characters', () => {
    expect(tokenizePrompt('夜空に浮かぶ月')).toEqual(['夜', '空', 'に', '浮', 'か', 'ぶ', '月']);
    expect(tokenizePrompt('東京tower')).toEqual(['東', '京', 'tower']);
  });
});

describe('promptTokenIds', () => {
  const lexicon = buildPromptLexicon();
  const ids = (text: string) =>
    Array.from(promptTokenIds(text, 8192, lexicon.rows, lexicon.reserved), Number);

  it('maps an empty prompt to the padding row alone', () => {
    expect(ids('')).toEqual([0]);
    expect(ids('  ,;  ')).toEqual([0]);
  });

  it('gives lexicon words their own rows and hashes the rest above them', () => {
    const [red, cat] = ids('red cat');
    expect(red).toBe(lexicon.rows.get('red'));
    expect(cat).toBeGreaterThanOrEqual(lexicon.reserved);
    expect(cat).toBeLessThan(8192);
  });

  it('adds one id per adjacent word pair, so word order matters', () => {
    expect(ids('dog bites man')).toHaveLength(5);
    expect(ids('dog bites man')).not.toEqual(ids('man bites dog'));
    expect([...ids('dog bites man')].sort()).not.toEqual([...ids('man bites dog')].sort());
  });

  it('is stable: hashes are fixed forever, or every saved seed renders differently', () => {
    expect(hashToken('cat')).toBe(hashToken('cat'));
    expect(hashToken('')).toBe(0x811c9dc5);
    expect(hashToken('a')).toBe(0xe40c292c); // FNV-1a reference value
  });
});
