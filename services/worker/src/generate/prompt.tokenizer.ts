// Prompt → token ids for the hashed embedding table of the built-in abstract model. No vocabulary file:
// every word hashes into the table, so any language works and nothing is ever out of vocabulary.

/** Scripts written without spaces between words: each character becomes its own token. */
export const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

export function tokenizePrompt(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
  return words.flatMap((word) => (UNSPACED_SCRIPT.test(word) ? splitUnspaced(word) : [word]));
}

function splitUnspaced(word: string): string[] {
  const tokens: string[] = [];
  let run = '';
  for (const char of word) {
    if (UNSPACED_SCRIPT.test(char)) {
      if (run) tokens.push(run);
      run = '';
      tokens.push(char);
    } else run += char;
  }
  if (run) tokens.push(run);
  return tokens;
}

/** FNV-1a over the UTF-8 bytes. */
export function hashToken(token: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(token)) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash >>> 0;
}

/**
 * Table rows for a prompt: one per word plus one per adjacent word pair, so word order matters a little.
 * Row 0 is the all-zero padding row, used alone for an empty prompt. Rows below `reserved` belong to
 * hand-made entries (`lexicon`), e.g. colour words; hashed words land above them.
 */
export function promptTokenIds(
  text: string,
  vocabSize: number,
  lexicon: ReadonlyMap<string, number> = new Map(),
  reserved = 1,
): BigInt64Array {
  const words = tokenizePrompt(text);
  const rows = words.map((w) => lexicon.get(w) ?? reserved + (hashToken(w) % (vocabSize - reserved)));
  for (let i = 1; i < words.length; i++)
    rows.push(reserved + (hashToken(`${words[i - 1]} ${words[i]}`) % (vocabSize - reserved)));
  if (rows.length === 0) rows.push(0);
  return BigInt64Array.from(rows, (r) => BigInt(r));
}
