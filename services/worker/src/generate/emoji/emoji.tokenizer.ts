// Pictura Emoji's tokenizer: prompt → the tokens its text encoder knows. The dataset builder tokenizes every
// training caption with this same function and writes the vocabulary beside the model, so training and the
// product can never disagree about what a word is.
//
// Tokens, from the words of `tokenizePrompt` (NFKC, lower case, letters and digits; unspaced scripts such as
// Chinese, Japanese and Thai one character at a time):
// - each word, and for words of 4+ letters its prefixes of 3 to 5 letters ("rockets" → "roc~", "rock~",
//   "rocke~"), so plurals and case endings ("rockets", "лисы") still meet their dictionary form;
// - for unspaced scripts, each adjacent character pair ("狐狸" → "狐", "狸", "狐狸"), since most words there
//   are two characters long.
import { tokenizePrompt, UNSPACED_SCRIPT } from '../prompt.tokenizer.ts';

/** One character of an unspaced script, or Katakana's long-vowel mark (Common script) that joins them. */
const UNSPACED_CHAR = new RegExp(`^(?:${UNSPACED_SCRIPT.source}|\u30fc)$`, 'u');
const PREFIX_FROM = 4;
const PREFIX_LENGTHS = [3, 4, 5];

export function emojiPromptTokens(text: string): string[] {
  const words = tokenizePrompt(text);
  const tokens: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    tokens.push(word);
    const letters = [...word];
    if (UNSPACED_CHAR.test(word)) {
      const next = words[i + 1];
      if (next && UNSPACED_CHAR.test(next)) tokens.push(word + next);
    } else if (letters.length >= PREFIX_FROM) {
      for (const length of PREFIX_LENGTHS)
        if (length < letters.length) tokens.push(`${letters.slice(0, length).join('')}~`);
    }
  }
  return tokens;
}

/** Token id 0 pads; ids are positions in the model's vocabulary list. */
export const PAD_TOKEN_ID = 0;

/** The ids of the prompt's known tokens (unknown ones are dropped), at most `maxTokens`. */
export function emojiTokenIds(
  text: string,
  vocabulary: ReadonlyMap<string, number>,
  maxTokens: number,
): number[] {
  const ids: number[] = [];
  for (const token of emojiPromptTokens(text)) {
    const id = vocabulary.get(token);
    if (id !== undefined && id !== PAD_TOKEN_ID) ids.push(id);
    if (ids.length === maxTokens) break;
  }
  return ids;
}
