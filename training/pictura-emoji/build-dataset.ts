// Builds Pictura Emoji's training set from Debian's packages, reproducibly (same packages → same bytes):
//   npx tsx training/pictura-emoji/build-dataset.ts [--out DIR] [--limit N] [--sources-only]
// Writes to DIR (default .cache/pictura-emoji/dataset):
// - pictures-64.rgba, pictures-128.rgba: every picture, straight RGBA, row-major, on a transparent canvas;
// - pictures.json: per picture its concept and English name;
// - captions.json: token ids per caption, its concept, and whether it names the concept specifically;
// - vocabulary.json: the tokens (id = position, 0 pads) and concepts, shipped beside the model;
// - evaluation.json: prompts withheld from training, for the evaluation; keywords.json: English keywords;
// - manifest.json: sources, counts and the SHA-256 of each file and of the whole set.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { emojiPromptTokens } from '../../services/worker/src/generate/emoji/emoji.tokenizer.ts';
import { hashToken } from '../../services/worker/src/generate/prompt.tokenizer.ts';
import {
  annotateConcepts,
  type Concept,
  fetchSources,
  GROUPS,
  LANGUAGES,
  type Language,
  readEmojiTest,
} from './emoji-sources.ts';

export const MAX_TOKENS = 32;
/** Share of concepts whose English name is withheld from training, for the evaluation. */
const HELD_OUT_SHARE = 0.15;
/** A keyword shared by more concepts than this says too little to draw from. */
const SPECIFIC_KEYWORD_CONCEPTS = 3;
const ENGLISH_TEMPLATES = ['a {}', 'a picture of a {}', '{} emoji', 'a cute {} illustration', 'the {}'];
const SIDES = [64, 128] as const;
/** The drawing fills this share of the canvas side, centred, so every picture has the same margin. */
const FILL = 120 / 128;

export interface Caption {
  concept: number;
  text: string;
  language: Language;
  kind: 'name' | 'name+keywords' | 'keyword' | 'template';
  specific: boolean;
}

/**
 * The subjects the product promises by name (issue 14: "a red fox", "a snowman", "pizza", "一只猫",
 * "un cohete") are always trained on, so the evaluation never withholds what the product demonstrates.
 */
const PROMISED = new Set(['🦊', '☃️', '⛄', '🍕', '🐈', '🐱', '🚀']);

/** Stable per-emoji choice (FNV-1a), so the held-out set is the same on every machine. */
function heldOut(concept: Concept): boolean {
  if (PROMISED.has(concept.emoji)) return false;
  return hashToken(concept.emoji) / 2 ** 32 < HELD_OUT_SHARE;
}

export function buildCaptions(concepts: Concept[]): { captions: Caption[]; withheld: Caption[] } {
  const keywordUse = new Map<string, number>();
  for (const concept of concepts)
    for (const language of LANGUAGES)
      for (const keyword of concept.keywords[language] ?? [])
        keywordUse.set(`${language}:${keyword}`, (keywordUse.get(`${language}:${keyword}`) ?? 0) + 1);
  // A keyword that is another concept's whole name (in any language) stays out of this concept's keyword
  // captions: "cat" alone is the cat, not one of the eight cat faces that list it as a keyword.
  const named = new Map<string, Set<number>>();
  concepts.forEach((concept, index) => {
    for (const name of Object.values(concept.names)) {
      const key = name.toLowerCase();
      named.set(key, (named.get(key) ?? new Set()).add(index));
    }
  });
  const captions: Caption[] = [];
  const withheld: Caption[] = [];
  concepts.forEach((concept, index) => {
    const hold = heldOut(concept);
    for (const language of LANGUAGES) {
      const name = concept.names[language];
      const keywords = concept.keywords[language] ?? [];
      const add = (text: string, kind: Caption['kind'], specific = true) => {
        const caption = { concept: index, text, language, kind, specific };
        // Withheld: the English name in any caption that spells it out.
        const withholds = hold && language === 'en' && (kind !== 'keyword' || text === name);
        (withholds ? withheld : captions).push(caption);
      };
      if (name) add(name, 'name');
      if (name && keywords.length) add(`${name} ${keywords.join(' ')}`, 'name+keywords');
      for (const keyword of keywords) {
        if (keyword === name) continue;
        const owners = named.get(keyword.toLowerCase());
        if (owners && !owners.has(index)) continue;
        const specific = (keywordUse.get(`${language}:${keyword}`) ?? 0) <= SPECIFIC_KEYWORD_CONCEPTS;
        add(keyword, 'keyword', specific);
      }
      if (language === 'en' && name)
        for (const template of ENGLISH_TEMPLATES) add(template.replace('{}', name), 'template');
    }
  });
  return { captions, withheld: withheld.filter((c) => c.kind === 'name') };
}

/** Tokens by frequency in the training captions (ties by text); id 0 is padding. */
export function buildVocabulary(captions: Caption[]): string[] {
  const counts = new Map<string, number>();
  for (const caption of captions)
    for (const token of emojiPromptTokens(caption.text)) counts.set(token, (counts.get(token) ?? 0) + 1);
  const tokens = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([token]) => token);
  return ['<pad>', ...tokens];
}

/** One emoji drawn by the font, centred on a transparent `side`² canvas: straight RGBA bytes. */
export async function renderPicture(font: string, sequence: string, side: number): Promise<Buffer> {
  const drawn = await sharp({
    text: {
      text: `<span font="Noto Color Emoji 96">${sequence}</span>`,
      fontfile: font,
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer();
  const inner = Math.round(side * FILL);
  const fitted = await sharp(drawn)
    .trim({ threshold: 0 })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 }, kernel: 'lanczos3' })
    .png()
    .toBuffer();
  const margin = (side - inner) / 2;
  return sharp(fitted)
    .extend({
      top: Math.floor(margin),
      bottom: Math.ceil(margin),
      left: Math.floor(margin),
      right: Math.ceil(margin),
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .ensureAlpha()
    .raw()
    .toBuffer();
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, limit: { type: 'string' }, 'sources-only': { type: 'boolean' } },
  });
  const root = new URL('../..', import.meta.url).pathname;
  const cacheDir = join(root, '.cache', 'pictura-emoji');
  const out = values.out ?? join(cacheDir, 'dataset');
  mkdirSync(out, { recursive: true });
  const sources = fetchSources(cacheDir);
  if (values['sources-only']) return;
  let concepts = readEmojiTest(readFileSync(sources.emojiTest, 'utf8'));
  if (values.limit) concepts = concepts.slice(0, Number(values.limit));
  annotateConcepts(concepts, sources.cldr);
  const { captions, withheld } = buildCaptions(concepts);
  const vocabulary = buildVocabulary(captions);
  const ids = new Map(vocabulary.map((token, id) => [token, id]));

  const pictures = concepts.flatMap((concept, index) =>
    concept.pictures.map((p) => ({ concept: index, ...p })),
  );
  const files: Record<string, string> = {};
  const write = (name: string, data: string | Uint8Array) => {
    writeFileSync(join(out, name), data);
    files[name] = sha256(data);
  };
  for (const side of SIDES) {
    const buffer = Buffer.alloc(pictures.length * side * side * 4);
    for (const [i, picture] of pictures.entries()) {
      (await renderPicture(sources.font, picture.sequence, side)).copy(buffer, i * side * side * 4);
      if (i % 500 === 0) console.log(`rendered ${i}/${pictures.length} at ${side} px`);
    }
    write(`pictures-${side}.rgba`, buffer);
  }
  write(
    'pictures.json',
    JSON.stringify(pictures.map((p) => ({ concept: p.concept, emoji: p.sequence, name: p.name }))),
  );
  write(
    'captions.json',
    JSON.stringify({
      maxTokens: MAX_TOKENS,
      concept: captions.map((c) => c.concept),
      specific: captions.map((c) => (c.specific ? 1 : 0)),
      language: captions.map((c) => c.language),
      kind: captions.map((c) => c.kind),
      tokens: captions.map((c) =>
        emojiPromptTokens(c.text)
          .map((t) => ids.get(t)!)
          .slice(0, MAX_TOKENS),
      ),
    }),
  );
  write(
    'vocabulary.json',
    JSON.stringify({
      maxTokens: MAX_TOKENS,
      tokens: vocabulary,
      concepts: concepts.map((c) => ({ emoji: c.emoji, name: c.name, names: c.names })),
    }),
  );
  write(
    'evaluation.json',
    JSON.stringify({
      heldOutNames: withheld.map((c) => ({ concept: c.concept, prompt: c.text })),
      heldOutConcepts: [...new Set(withheld.map((c) => c.concept))],
    }),
  );
  // English keywords per concept, for the evaluation's keyword-only prompts.
  write('keywords.json', JSON.stringify(concepts.map((c) => c.keywords.en ?? [])));
  const manifest = {
    description: 'Pictura Emoji training set: Noto Color Emoji pictures with Unicode and CLDR captions',
    sources: sources.packages,
    groups: GROUPS,
    languages: LANGUAGES,
    counts: {
      concepts: concepts.length,
      pictures: pictures.length,
      captions: captions.length,
      withheldCaptions: withheld.length,
      tokens: vocabulary.length,
    },
    sides: SIDES,
    augmentations:
      'applied at training time (training/pictura-emoji/augment.py): warm, cold, black and white, neon colour shifts; pixelation (pixel art); posterisation (flat design)',
    files,
    sha256: sha256(
      Object.entries(files)
        .map(([name, hash]) => `${hash}  ${name}`)
        .join('\n'),
    ),
  };
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(JSON.stringify(manifest.counts), manifest.sha256);
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
