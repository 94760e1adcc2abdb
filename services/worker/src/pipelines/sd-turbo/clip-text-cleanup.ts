// CLIP's text cleanup before tokenizing (openai/CLIP `basic_clean`: ftfy.fix_text, then html.unescape twice),
// so that a prompt pasted from a web page or typed on a phone reaches the text encoder as the words it was
// trained on: `&amp;` is "&", `it’s` is "it's", fullwidth `ＡＢＣ` is "ABC", the ligature `ﬁ` is "fi".
// Not done: ftfy's mojibake repair (`cafÃ©` → café), which needs its whole encoding-detection machinery.

/** The named entities prompts actually carry; Python's table has 2,231, nearly all outside text people type. */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  laquo: '\u00ab',
  raquo: '\u00bb',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  times: '\u00d7',
  middot: '\u00b7',
  bull: '\u2022',
  eacute: '\u00e9',
  egrave: '\u00e8',
  aacute: '\u00e1',
  agrave: '\u00e0',
  ouml: '\u00f6',
  uuml: '\u00fc',
  auml: '\u00e4',
  szlig: '\u00df',
  ccedil: '\u00e7',
  ntilde: '\u00f1',
};
const ENTITY_PATTERN = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,23}));/g;

/** One pass of html.unescape: `&amp;amp;` → `&amp;` (CLIP runs two, so double-escaped text comes out clean). */
export function unescapeHtml(text: string): string {
  return text.replace(ENTITY_PATTERN, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
    // As Python: NUL, surrogates and out-of-range code points become U+FFFD.
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}

/**
 * ftfy's `fix_character_width` and `fix_latin_ligatures`: NFKC on fullwidth/halfwidth forms and the Latin
 * ligatures only. NFKC on all text would also turn "²" into "2" or "™" into "TM", which ftfy keeps.
 */
const WIDTH_AND_LIGATURES = /[\u3000\uff01-\uff60\uffe0-\uffe6\ufb00-\ufb06]/gu;
/** ftfy's `uncurl_quotes`: its SINGLE_QUOTE_RE and DOUBLE_QUOTE_RE. */
const CURLY_SINGLE = /[\u02bc\u2018-\u201b]/g;
const CURLY_DOUBLE = /[\u201c-\u201f]/g;

/** ftfy.fix_text's parts that matter for prompts, then html.unescape twice, then CLIP's whitespace_clean. */
export function cleanClipText(text: string): string {
  // ftfy unescapes entities itself unless the text looks like HTML (contains "<").
  let cleaned = text.includes('<') ? text : unescapeHtml(text);
  cleaned = cleaned
    .replace(WIDTH_AND_LIGATURES, (char) => char.normalize('NFKC'))
    .replace(CURLY_SINGLE, "'")
    .replace(CURLY_DOUBLE, '"')
    .normalize('NFC');
  cleaned = unescapeHtml(unescapeHtml(cleaned));
  return cleaned.replace(/\s+/gu, ' ').trim();
}
