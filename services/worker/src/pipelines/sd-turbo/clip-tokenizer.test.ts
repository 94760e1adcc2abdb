import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClipTokenizer, type ClipTokenizerFiles } from './clip-tokenizer.ts';

// A hand-made slice of CLIP's vocabulary. Byte symbols keep their real CLIP ids: the 188 printable bytes
// (0x21-0x7e, 0xa1-0xac, 0xae-0xff) come first in byte order, e.g. "!" (0x21) = 0, "a" (0x61) = 64, "Ã"
// (0xc3) = 94 + 12 + (0xc3 - 0xae) = 127; the other bytes follow from id 188 and are written as U+0100
// onwards; "</w>" variants are the same ids + 256.
const VOCAB: Record<string, number> = {
  '!': 0,
  "'": 6, // 0x27
  a: 64,
  b: 65,
  c: 66,
  f: 69,
  h: 71,
  i: 72,
  'i</w>': 328,
  '"</w>': 257, // 0x22
  '&</w>': 261, // 0x26
  'a</w>': 320,
  'c</w>': 322,
  's</w>': 338, // 0x73 → 82 + 256
  't</w>': 339,
  '!</w>': 256,
  '0</w>': 271, // 0x30 → 15 + 256
  '2</w>': 273,
  '4</w>': 275,
  Ã: 127, // 0xc3, first byte of "é"
  '©</w>': 358, // 0xa9 → 94 + 8 + 256, second byte of "é"
  â: 158, // 0xe2 → 106 + 52, first byte of "☕" (e2 98 95)
  '\u013a': 246, // 0x98: the 59th non-printable byte (0-32 are the first 33, 0x7f is the 34th) → U+0100 + 58, id 188 + 58
  '\u0137</w>': 499, // 0x95: U+0100 + 55, id 188 + 55 + 256
  ha: 1000,
  'at</w>': 1001,
  'hat</w>': 1002,
  ca: 1003,
  'cat</w>': 2368,
  "'s</w>": 568,
  '<|startoftext|>': 49406,
  '<|endoftext|>': 49407,
};
// Rank order matters: "a t</w>" (rank 1) beats "c a" (rank 3), so "cat" never reaches "cat</w>".
const MERGES = ['#version: 0.2', 'h a', 'a t</w>', 'ha t</w>', 'c a', 'ca t</w>', "' s</w>"].join('\n');

const PAD_BANG: ClipTokenizerFiles = {
  vocab: VOCAB,
  merges: MERGES,
  config: { pad_token: '!', model_max_length: 77 },
};
const padded = (ids: number[], pad: number) => [...ids, ...new Array(77 - ids.length).fill(pad)];

describe('ClipTokenizer', () => {
  it('lowercases, collapses whitespace and applies merges lowest rank first', () => {
    const tokenizer = new ClipTokenizer(PAD_BANG);
    // "a" | "cat" → c + at</w> | "'s" → 's</w> | "hat" → ha + t</w> → hat</w> | "!"
    expect(tokenizer.tokenIds("  A \n Cat's\tHAT!  ")).toEqual([320, 66, 1001, 568, 1002, 256]);
  });

  it('builds 77 input ids: BOS, text, EOS, then the configured padding', () => {
    const tokenizer = new ClipTokenizer(PAD_BANG);
    expect(tokenizer.inputIds('hat')).toEqual(padded([49406, 1002, 49407], 0));
    expect(tokenizer.inputIds('')).toEqual(padded([49406, 49407], 0));
  });

  it('splits unicode text into UTF-8 byte symbols and digits one by one', () => {
    const tokenizer = new ClipTokenizer(PAD_BANG);
    // "café" → c a f Ã ©</w> → ca f Ã ©</w>; "☕" → â ĺ ķ</w>; "2024" → four single digits.
    const expected = [1003, 69, 127, 358, 158, 246, 499, 273, 271, 273, 275];
    expect(tokenizer.tokenIds('Café ☕ 2024')).toEqual(expected);
    // A decomposed "é" (e + combining acute) is normalised to the same tokens.
    expect(tokenizer.tokenIds('Cafe\u0301 ☕ 2024')).toEqual(expected);
  });

  it('cleans text as CLIP does: HTML entities, curly quotes, fullwidth letters and ligatures', () => {
    const tokenizer = new ClipTokenizer(PAD_BANG);
    const plain = (typed: string, written: string, ids: number[]) => {
      expect(tokenizer.tokenIds(written)).toEqual(ids);
      expect(tokenizer.tokenIds(typed)).toEqual(ids);
    };
    plain('it\u2019s', "it's", [72, 339, 568]); // i t</w> 's</w>
    plain('&amp;', '&', [261]);
    plain('&amp;amp;', '&', [261]); // double-escaped, as scraped captions often are
    plain('&#38; &#x26;', '& &', [261, 261]);
    plain('\uff21\uff22\uff23', 'ABC', [64, 65, 322]); // fullwidth ＡＢＣ
    plain('\ufb01', 'fi', [69, 328]); // the ligature ﬁ
    plain('\u201ca\u201d', '"a"', [257, 320, 257]);
    plain('a\u3000\u00a0c', 'a c', [320, 322]); // ideographic and no-break spaces
  });

  it("maps symbols missing from the vocabulary to the unknown token, CLIP's EOS", () => {
    expect(new ClipTokenizer(PAD_BANG).tokenIds('z')).toEqual([49407]);
  });

  it('keeps special tokens written in the text as single ids', () => {
    expect(new ClipTokenizer(PAD_BANG).tokenIds('a<|endoftext|>')).toEqual([320, 49407]);
  });

  it('truncates to 75 text tokens between BOS and EOS', () => {
    const ids = new ClipTokenizer(PAD_BANG).inputIds('a '.repeat(100));
    expect(ids).toHaveLength(77);
    expect(ids).toEqual([49406, ...new Array(75).fill(320), 49407]);
  });

  it('reads the padding token from either config, as a string or an AddedToken, defaulting to EOS', () => {
    const sd1 = new ClipTokenizer({ vocab: VOCAB, merges: MERGES, config: { pad_token: '<|endoftext|>' } });
    expect(sd1.padId).toBe(49407);
    expect(sd1.inputIds('a').slice(0, 4)).toEqual([49406, 320, 49407, 49407]);
    const addedToken = new ClipTokenizer({
      vocab: VOCAB,
      merges: MERGES,
      specialTokens: { pad_token: { content: '!' } },
    });
    expect(addedToken.padId).toBe(0);
    expect(new ClipTokenizer({ vocab: VOCAB, merges: MERGES }).padId).toBe(49407);
    // A placeholder model_max_length still gives the text encoder's 77.
    expect(new ClipTokenizer({ ...PAD_BANG, config: { model_max_length: 1e30 } }).maxLength).toBe(77);
  });

  it('loads a tokenizer folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'clip-tokenizer-'));
    try {
      await writeFile(join(dir, 'vocab.json'), JSON.stringify(VOCAB));
      await writeFile(join(dir, 'merges.txt'), `${MERGES}\n`);
      await writeFile(
        join(dir, 'tokenizer_config.json'),
        JSON.stringify({ pad_token: '!', model_max_length: 77 }),
      );
      const tokenizer = await ClipTokenizer.fromFolder(dir);
      expect([tokenizer.bosId, tokenizer.eosId, tokenizer.padId]).toEqual([49406, 49407, 0]);
      expect(tokenizer.inputIds('hat!')).toEqual(padded([49406, 1002, 256, 49407], 0));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a vocabulary without CLIP's start and end tokens", () => {
    expect(() => new ClipTokenizer({ vocab: { a: 0 }, merges: '' })).toThrow(/no "<\|startoftext\|>" token/);
  });
});
