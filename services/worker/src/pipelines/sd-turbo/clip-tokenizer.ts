// CLIP's byte-level BPE tokenizer, which every Stable Diffusion text encoder was trained with. Reads the
// Hugging Face `tokenizer/` folder: vocab.json, merges.txt and the special-token configs.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cleanClipText } from './clip-text-cleanup.ts';

const START_TOKEN = '<|startoftext|>';
const END_TOKEN = '<|endoftext|>';
/** CLIP's pre-tokenizer: special tokens, English contractions, letter runs, single digits, other symbol runs. */
const PIECE_PATTERN =
  /<\|startoftext\|>|<\|endoftext\|>|'s|'t|'re|'ve|'m|'ll|'d|\p{L}+|\p{N}|[^\s\p{L}\p{N}]+/gu;
/** The text encoders' position embeddings hold 77 tokens: BOS + 75 + EOS. */
const CLIP_CONTEXT_LENGTH = 77;

/** A token entry in tokenizer_config.json / special_tokens_map.json: a string or a serialised AddedToken. */
type TokenEntry = string | { content?: string } | null | undefined;

export interface ClipTokenizerFiles {
  vocab: Record<string, number>;
  merges: string;
  /** tokenizer_config.json, when present. */
  config?: { pad_token?: TokenEntry; model_max_length?: number };
  /** special_tokens_map.json, when present. */
  specialTokens?: { pad_token?: TokenEntry };
}

export class ClipTokenizer {
  readonly bosId: number;
  readonly eosId: number;
  readonly padId: number;
  readonly maxLength: number;
  private readonly ranks = new Map<string, number>();
  private readonly cache = new Map<string, string[]>();
  private readonly byteSymbols = byteSymbolTable();

  static async fromFolder(dir: string): Promise<ClipTokenizer> {
    const readJson = async (name: string) => JSON.parse(await readFile(join(dir, name), 'utf8'));
    const readOptionalJson = (name: string) =>
      readJson(name).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
    return new ClipTokenizer({
      vocab: await readJson('vocab.json'),
      merges: await readFile(join(dir, 'merges.txt'), 'utf8'),
      config: await readOptionalJson('tokenizer_config.json'),
      specialTokens: await readOptionalJson('special_tokens_map.json'),
    });
  }

  constructor(private readonly files: ClipTokenizerFiles) {
    let rank = 0;
    for (const line of files.merges.split('\n')) {
      const trimmed = line.trim();
      if (trimmed === '' || trimmed.startsWith('#version')) continue;
      const pair = trimmed.split(' ');
      if (pair.length !== 2) throw new Error(`merges.txt: expected "left right" per line, got "${trimmed}"`);
      this.ranks.set(trimmed, rank++);
    }
    this.bosId = this.requireId(START_TOKEN);
    this.eosId = this.requireId(END_TOKEN);
    // CLIPTokenizer pads with EOS unless told otherwise; SD 2.x and SD-Turbo exports say "!" (id 0).
    const padToken = tokenContent(files.config?.pad_token) ?? tokenContent(files.specialTokens?.pad_token);
    this.padId = padToken === undefined ? this.eosId : this.requireId(padToken);
    // Some exports write a huge placeholder (1e30) for model_max_length; the text encoder still takes 77.
    const configured = files.config?.model_max_length;
    this.maxLength =
      configured !== undefined && configured >= 3 && configured <= CLIP_CONTEXT_LENGTH
        ? configured
        : CLIP_CONTEXT_LENGTH;
  }

  /** Token ids of the text, without BOS/EOS or padding. */
  tokenIds(text: string): number[] {
    const cleaned = cleanClipText(text).toLowerCase();
    const ids: number[] = [];
    for (const [piece] of cleaned.matchAll(PIECE_PATTERN)) {
      if (piece === START_TOKEN || piece === END_TOKEN) {
        ids.push(this.requireId(piece));
        continue;
      }
      let symbols = '';
      for (const byte of new TextEncoder().encode(piece)) symbols += this.byteSymbols[byte];
      // An entry missing from a (trimmed) vocabulary maps to the unknown token, which CLIP sets to EOS.
      for (const token of this.bpe(symbols)) ids.push(this.files.vocab[token] ?? this.eosId);
    }
    return ids;
  }

  /** The text encoder's `input_ids`: BOS, the text truncated to fit, EOS, then padding to `maxLength`. */
  inputIds(text: string): number[] {
    const body = this.tokenIds(text).slice(0, this.maxLength - 2);
    const ids = [this.bosId, ...body, this.eosId];
    while (ids.length < this.maxLength) ids.push(this.padId);
    return ids;
  }

  /** Byte-pair merges of one pre-tokenized piece, lowest merge rank first, `</w>` marking the word end. */
  private bpe(piece: string): string[] {
    const cached = this.cache.get(piece);
    if (cached) return cached;
    const chars = Array.from(piece);
    let word = [...chars.slice(0, -1), `${chars[chars.length - 1]}</w>`];
    while (word.length > 1) {
      let best = -1;
      let bestRank = Number.POSITIVE_INFINITY;
      for (let i = 0; i < word.length - 1; i++) {
        const rank = this.ranks.get(`${word[i]} ${word[i + 1]}`);
        if (rank !== undefined && rank < bestRank) {
          bestRank = rank;
          best = i;
        }
      }
      if (best < 0) break;
      const [left, right] = [word[best], word[best + 1]];
      const merged: string[] = [];
      for (let i = 0; i < word.length; i++) {
        if (i < word.length - 1 && word[i] === left && word[i + 1] === right) {
          merged.push(left + right);
          i++;
        } else merged.push(word[i]);
      }
      word = merged;
    }
    this.cache.set(piece, word);
    return word;
  }

  private requireId(token: string): number {
    const id = this.files.vocab[token];
    if (id === undefined) throw new Error(`CLIP vocabulary has no "${token}" token`);
    return id;
  }
}

function tokenContent(entry: TokenEntry): string | undefined {
  if (typeof entry === 'string') return entry;
  return entry?.content ?? undefined;
}

/**
 * GPT-2/CLIP's reversible byte → printable character table: printable Latin-1 bytes stand for themselves,
 * the rest (controls, space, 0x7f-0xa0, 0xad) map to U+0100 onwards in byte order.
 */
function byteSymbolTable(): string[] {
  const table: string[] = new Array(256);
  let next = 256;
  for (let byte = 0; byte < 256; byte++) {
    const printable =
      (byte >= 0x21 && byte <= 0x7e) || (byte >= 0xa1 && byte <= 0xac) || (byte >= 0xae && byte <= 0xff);
    table[byte] = String.fromCharCode(printable ? byte : next++);
  }
  return table;
}
