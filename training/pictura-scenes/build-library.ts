// Pictura Scenes' picture library: pictures of things to draw, each under a concept the scene reader knows,
// from Debian's archive with every source's licence checked:
// - fonts-noto-color-emoji (SIL OFL 1.1): every drawable emoji, drawn by the font at its native bitmap size
//   (people in each skin tone), flags and the symbols that are pictures included;
// - openclipart-svg (public domain): vector clip art, named by its title;
// - tuxpaint-stamps-default (GPL-2+, Debian's copyright file): Tux Paint's stamps, whose descriptions are
//   translated into many languages in their own files.
// Each picture is mapped to a concept through WordNet (wordnet-base): the English noun phrase its title ends
// with, where that names a thing to draw. Duplicates, text, near-empty pictures, full-bleed backdrops and
// black-and-white copies are dropped. Vector pictures are kept as vectors (minified, Brotli), so they are crisp at any size; raster ones
// as WebP. Writes services/worker/models/pictura-emoji/pictures.json and pictures.bin; the same packages
// give the same bytes. Run: npm run scenes:library (then npm run scenes:lexicon, which indexes the new
// concepts).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { extractDebianPackages } from '../../scripts/lib/debian-packages.mjs';
import { normalise } from '../../services/worker/src/generate/scene/scene.lexicon.ts';
import { renderPicture } from '../pictura-emoji/build-dataset.ts';
import {
  annotateConcepts,
  type Concept,
  GROUPS,
  LANGUAGES,
  type Language,
  readEmojiTest,
} from '../pictura-emoji/emoji-sources.ts';
import { PREFERRED, readIndex, readWordNet as readNouns, TOO_GENERAL } from './build-lexicon.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const CACHE = join(ROOT, '.cache/pictura-scenes/library');
const MODEL_DIR = join(ROOT, 'services/worker/models/pictura-emoji');
const PACKAGES = [
  'fonts-noto-color-emoji',
  'unicode-data',
  'unicode-cldr-core',
  'wordnet-base',
  'openclipart-svg',
  'tuxpaint-stamps-default',
];
const LICENCES = {
  'fonts-noto-color-emoji': 'SIL Open Font License 1.1 (pictures drawn with the font)',
  'openclipart-svg': 'Public domain (Creative Commons Public Domain Dedication, Debian copyright file)',
  'tuxpaint-stamps-default': 'GPL-2+ (Debian copyright file: "Files: *", GPL-2 or later)',
} as const;
type Source = keyof typeof LICENCES;

/** The emoji groups of Pictura Emoji, and the flags and the symbols that are pictures. */
const EMOJI_GROUPS = [...GROUPS, 'Flags', 'Symbols'];
/** Symbols' subgroups that are letters, digits, arrows or marks of text, not pictures. */
const TEXT_SYMBOLS = new Set(['arrow', 'av-symbol', 'math', 'punctuation', 'currency', 'keycap', 'alphanum']);
/** Side of an emoji picture: the font's bitmaps are 136 px, so this is its own resolution. */
const EMOJI_SIDE = 136;
/** Longest side of a raster stamp as stored. */
const RASTER_SIDE = 256;
/** Vector pictures larger than this (after minifying) are too heavy to ship and to draw quickly. */
const MAX_SVG_BYTES = 48_000;
/** Pictures kept per concept. */
const MAX_PER_CONCEPT = 6;
/** At 64 px, a picture covering less than this share of its box is near-empty; more, a backdrop. */
const MIN_COVER = 0.05;
const MAX_COVER = 0.9;
/** Openclipart's folders of shapes, patterns, logos and interface icons: not things to draw. */
const SKIPPED_FOLDERS =
  /^(shapes|special|logos|computer|signs_and_symbols|unsorted\/duplicates|flags|office|buildings\/blueprint|geography\/maps|education\/chalkboard)/;
/** Tux Paint's folders of letters, digits and shapes. */
const SKIPPED_STAMPS = /^symbols\/(alphabets|shapes|math|numbers|signs|faces)/;
/** Words of a title that say how a picture is drawn, not what it shows. */
const STYLE_WORDS = new Set(
  'a an the of and with by clipart clip art icon icons bw b w colour color coloured colored simple cartoon cartoonish stylized stylised style drawing drawn outline outlined contour silhouette sketch line lines flat glossy shiny cute funny happy little big small old new modern vintage retro left right front side view top illustration picture image vector symbol set part collection version remix'.split(
    ' ',
  ),
);
/** Titles of a drawing's colouring-book or black-and-white copy: the coloured one says more. */
const COPY_TITLE = /\b(b and w|bw|black and white|outline|contour|colou?ring|line ?art)\b|\(b ?& ?w\)/i;
/** Whole classes of things, which a title names when it shows one of many ("transportation", "fruit"). */
const CLASSES = new Set([
  'transportation',
  'conveyance',
  'vehicle',
  'clothing',
  'plant',
  'fruit',
  'drink',
  'tool',
  'piece',
  'world',
  'equipment',
  'decoration',
  'ornament',
  'treat',
]);

/** Tux Paint locale → product locale: the product's own codes written with "_", and Brazilian Portuguese. */
const TUX_LOCALES: Record<string, Language> = Object.fromEntries([
  ...LANGUAGES.filter((language) => language !== 'en').map((language) => [
    language.replace('-', '_'),
    language,
  ]),
  ['pt_BR', 'pt'],
]);
/** Leading articles and classifiers of a stamp's translated description ("Una jirafa."). */
const ARTICLES =
  /^(a|an|the|un|una|une|uno|unos|unas|le|la|les|el|los|las|lo|il|gli|ein|eine|einen|der|die|das|um|uma|o|os|as|uns|umas|l'|sebuah|seekor|một|con|chiếc|cái)\s+/i;

interface Picture {
  source: Source;
  file: string;
  format: 'svg' | 'webp';
  bytes: Buffer;
  /** 0 = plainest; higher ranks are kept only when the concept has room. */
  rank: number;
  width: number;
  height: number;
}

interface LibraryConcept {
  name: string;
  emoji?: string;
  /** Unicode subgroup for emoji; WordNet's kind of noun ("wordnet-5") for clip art. */
  group: string;
  names: Partial<Record<Language, string>>;
  keywords: Partial<Record<Language, string[]>>;
  pictures: Picture[];
}

function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * WordNet's nouns as the lexicon reads them (lemma → synsets, most frequent first; each synset's kind and
 * words), with plural exceptions and whether a word is used more as a noun than as a verb, adjective or adverb.
 */
function readWordNet(dir: string) {
  const { synsets, senses, nouns } = readNouns(dir);
  const others = (['verb', 'adj', 'adv'] as const).map((pos) => readIndex(dir, pos));
  const nounMostly = (lemma: string) =>
    others.every(
      (index) =>
        (index.get(lemma)?.tagged ?? 0) <= (nouns.get(lemma)?.tagged ?? 0) &&
        (!index.has(lemma) || (nouns.get(lemma)?.tagged ?? 0) > 0),
    );
  const plurals = new Map<string, string>();
  for (const line of readFileSync(join(dir, 'noun.exc'), 'latin1').split('\n')) {
    const [plural, singular] = line.split(' ');
    if (plural && singular) plurals.set(plural, singular);
  }
  return { synsets, senses, plurals, nounMostly };
}

/**
 * Kinds of WordNet noun a picture's title may name: animals, artifacts, food, natural objects, phenomena, plants
 * (the lexicon's drawable kinds without places, people, shapes and substances, which clip art shows as scenes,
 * portraits or patterns).
 */
const DRAWABLE_KINDS = new Set([5, 6, 13, 17, 19, 20]);

/**
 * The thing a title names: the last, longest WordNet noun phrase (up to three words) whose most frequent
 * sense is a drawable kind of noun ("Soft Blue Couch" → couch, "An old Chinese sailing ship" → sailing ship).
 */
function thingOf(title: string, wordnet: ReturnType<typeof readWordNet>) {
  const words = title
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(' ')
    .filter((word) => word && !STYLE_WORDS.has(word) && !/^\d/.test(word));
  const singular = (word: string) => {
    if (wordnet.senses.has(word)) return word;
    const exception = wordnet.plurals.get(word);
    if (exception) return exception;
    for (const [ending, replacement] of [
      ['ies', 'y'],
      ['es', ''],
      ['s', ''],
    ] as const)
      if (word.endsWith(ending) && wordnet.senses.has(word.slice(0, -ending.length) + replacement))
        return word.slice(0, -ending.length) + replacement;
    return word;
  };
  // An English noun phrase ends with its head: the thing is named by the title's last noun, or by none
  // ("tractor tyre" is a tyre, never a tractor).
  let last = words.length;
  while (last > 0 && !wordnet.senses.has(singular(words[last - 1]!))) last--;
  let best: { phrase: string; synset: string; end: number; length: number } | undefined;
  for (let end = last; end <= last && end >= 1; end++) {
    for (let length = Math.min(3, end); length >= 1; length--) {
      const parts = [...words.slice(end - length, end - 1), singular(words[end - 1]!)];
      // WordNet writes some compounds with a hyphen ("hot-air balloon").
      const phrase = [parts.join('_'), `${parts.slice(0, -1).join('-')}_${parts.at(-1)}`].find((p) =>
        wordnet.senses.has(p),
      );
      const synset = phrase && wordnet.senses.get(phrase)?.[0];
      // A one-word noun of three letters or fewer is too often an abbreviation ("pt", "led").
      if (!synset || !phrase || (length === 1 && phrase.length <= 3)) continue;
      // A word used more as a verb or an adjective than as a noun ("stand", "down", "electric") names no thing.
      if (length === 1 && !wordnet.nounMostly(phrase)) continue;
      if (!DRAWABLE_KINDS.has(wordnet.synsets.get(synset)?.kind ?? -1)) continue;
      // A whole kind ("animal", "food") is no one thing to draw.
      if (TOO_GENERAL.has(wordnet.synsets.get(synset)?.lemmas[0] ?? '') || CLASSES.has(phrase)) continue;
      if (!best || end > best.end || (end === best.end && length > best.length))
        best = { phrase: phrase.replace(/[_-]/g, ' '), synset, end, length };
      break;
    }
  }
  return best;
}

/** A vector picture without editors' metadata, comments and excess digits: smaller, drawn the same. */
/** CSS pixels per unit of an SVG length. */
const UNITS: Record<string, number> = {
  '': 1,
  px: 1,
  pt: 4 / 3,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
};
/** Longest side a vector picture declares once normalised: its drawing scales from this linearly. */
const SVG_SIDE = 512;

/**
 * The root element sized in pixels with a viewBox: a picture sized in points, millimetres or percent (or
 * thousands of pixels) draws at a density linear in its pixel size, as the library's renderer assumes.
 */
function normaliseSvgSize(svg: string): string | undefined {
  const root = /<svg\b[^>]*>/.exec(svg);
  if (!root) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`).exec(root[0])?.[1];
  const length = (value: string | undefined) => {
    const match = /^\s*([\d.]+)\s*(px|pt|pc|mm|cm|in)?\s*$/.exec(value ?? '');
    return match ? Number.parseFloat(match[1]!) * UNITS[match[2] ?? '']! : undefined;
  };
  const box = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const width = length(attribute('width')) ?? box?.[2];
  const height = length(attribute('height')) ?? box?.[3];
  if (!width || !height || !(width > 0) || !(height > 0)) return undefined;
  const viewBox = box?.length === 4 && box.every(Number.isFinite) ? box.join(' ') : `0 0 ${width} ${height}`;
  const scale = SVG_SIDE / Math.max(width, height);
  const tag = root[0]
    .replace(/\s(width|height|viewBox|preserveAspectRatio)\s*=\s*("[^"]*"|'[^']*')/g, '')
    .replace(
      /^<svg/,
      `<svg width="${(width * scale).toFixed(1)}" height="${(height * scale).toFixed(1)}" viewBox="${viewBox}"`,
    );
  return svg.slice(0, root.index) + tag + svg.slice(root.index + root[0].length);
}

function minifySvg(text: string): string | undefined {
  const sized = normaliseSvgSize(text);
  return sized
    ?.replace(/<\?xml[^>]*\?>|<!DOCTYPE[^>]*(\[[\s\S]*?\])?>|<!--[\s\S]*?-->/g, '')
    .replace(/<metadata[\s\S]*?<\/metadata>/g, '')
    .replace(/<sodipodi:namedview[\s\S]*?(\/>|<\/sodipodi:namedview>)/g, '')
    .replace(/\s(inkscape|sodipodi):[\w-]+="[^"]*"/g, '')
    .replace(/(\d\.\d{2})\d+/g, '$1')
    .replace(/>\s+</g, '><')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Whether a vector picture writes words (a text element with letters in it). */
function hasText(svg: string): boolean {
  for (const [, inner] of svg.matchAll(/<(?:text|flowRoot)\b[^>]*>([\s\S]*?)<\/(?:text|flowRoot)>/g))
    if (/\p{L}/u.test(inner!.replace(/<[^>]*>/g, ''))) return true;
  return false;
}

/** How much of its box a picture covers, and how colourful it is, from a 64 px drawing. */
async function measure(image: Sharp) {
  const { data } = await image
    .resize(64, 64, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let covered = 0;
  let colour = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! < 128) continue;
    covered++;
    colour += Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!);
  }
  // A 9×8 difference hash of the grey picture: the same drawing twice hashes the same.
  const small = await sharp(data, { raw: { width: 64, height: 64, channels: 4 } })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer();
  let hash = '';
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) hash += small[y * 9 + x]! > small[y * 9 + x + 1]! ? '1' : '0';
  return { cover: covered / (64 * 64), colour: covered ? colour / covered / 255 : 0, hash };
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** Runs `work` over `items`, `width` at a time, in order. */
async function inOrder<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!);
      }
    }),
  );
  return out;
}

async function main() {
  const root = join(CACHE, 'root');
  const factsFile = join(CACHE, 'packages.json');
  if (!existsSync(factsFile)) {
    const facts = extractDebianPackages(PACKAGES, join(CACHE, 'debs'), root);
    writeFileSync(factsFile, JSON.stringify(facts, null, 2));
  }
  const packages = JSON.parse(readFileSync(factsFile, 'utf8')) as Record<
    string,
    { version: string; sha256: string }
  >;
  const wordnet = readWordNet(join(root, 'usr/share/wordnet'));
  const concepts = new Map<string, LibraryConcept>();
  const dropped: Record<string, number> = {};
  const drop = (why: string) => {
    dropped[why] = (dropped[why] ?? 0) + 1;
  };

  // 1. Emoji: Pictura Emoji's concepts first, in its own order, then flags and the symbols that are pictures.
  const vocabulary = JSON.parse(readFileSync(join(MODEL_DIR, 'vocabulary.json'), 'utf8')) as {
    concepts: { emoji: string }[];
  };
  const emoji = readEmojiTest(
    readFileSync(join(root, 'usr/share/unicode/emoji/emoji-test.txt'), 'utf8'),
    EMOJI_GROUPS,
  ).filter((concept) => concept.group !== 'Symbols' || !TEXT_SYMBOLS.has(concept.subgroup));
  annotateConcepts(emoji, join(root, 'usr/share/unicode/cldr/common'));
  const byEmoji = new Map(emoji.map((concept) => [concept.emoji, concept]));
  const ordered: Concept[] = [
    ...vocabulary.concepts.map(({ emoji: sequence }) => byEmoji.get(sequence)!),
    ...emoji.filter((concept) => !vocabulary.concepts.some((c) => c.emoji === concept.emoji)),
  ];
  const font = join(root, 'usr/share/fonts/truetype/noto/NotoColorEmoji.ttf');
  console.log(`emoji: ${ordered.length} concepts`);
  const emojiPictures = await inOrder(ordered, 2, async (concept) =>
    Promise.all(
      // The plain emoji and its skin tones (a couple's 25 pairings of tones are five, one of each tone).
      concept.pictures.slice(0, MAX_PER_CONCEPT).map(async (picture, rank) => {
        const raw = await renderPicture(font, picture.sequence, EMOJI_SIDE);
        const bytes = await sharp(raw, { raw: { width: EMOJI_SIDE, height: EMOJI_SIDE, channels: 4 } })
          .webp({ quality: 88, alphaQuality: 100, effort: 3 })
          .toBuffer();
        return {
          source: 'fonts-noto-color-emoji',
          file: picture.sequence,
          format: 'webp',
          bytes,
          rank,
          width: EMOJI_SIDE,
          height: EMOJI_SIDE,
        } satisfies Picture;
      }),
    ),
  );
  ordered.forEach((concept, i) => {
    const name = normalise(concept.name);
    concepts.set(name, {
      name,
      emoji: concept.emoji,
      group: concept.subgroup,
      names: concept.names,
      keywords: concept.keywords,
      pictures: emojiPictures[i]!,
    });
  });
  const emojiCount = concepts.size;
  /** An emoji concept a clip-art thing is: its name, or its name's head ("couch" of "couch and lamp"). */
  const emojiByHead = new Map<string, string>();
  for (const [name] of concepts)
    for (const head of [name, name.replace(/ face$/, ''), name.split(/ (?:and|with|without) /)[0]!])
      if (!emojiByHead.has(head) && !name.includes(':')) emojiByHead.set(head, name);

  /** The first emoji whose name ends with a word ("apple": red apple), for a clip-art thing of one word. */
  const emojiByLastWord = new Map<string, string>();
  for (const [name] of concepts) {
    const last = name.split(' ').at(-1)!;
    if (!name.includes(':') && !emojiByLastWord.has(last)) emojiByLastWord.set(last, name);
  }

  // 2. Clip art: Open Clip Art Library and Tux Paint's stamps.
  interface Candidate {
    source: Source;
    file: string;
    path: string;
    title: string;
    names: Partial<Record<Language, string>>;
  }
  const candidates: Candidate[] = [];
  const clipart = join(root, 'usr/share/openclipart/svg');
  for (const path of walk(clipart)) {
    const file = relative(clipart, path);
    if (!file.endsWith('.svg')) continue;
    if (SKIPPED_FOLDERS.test(file)) {
      drop('openclipart: folder of shapes, logos or icons');
      continue;
    }
    const head = readFileSync(path, 'utf8').slice(0, 12_000);
    const title = /<dc:title>([^<]*)<\/dc:title>/.exec(head)?.[1] ?? '';
    candidates.push({ source: 'openclipart-svg', file, path, title, names: {} });
  }
  const stamps = join(root, 'usr/share/tuxpaint/stamps');
  for (const path of walk(stamps)) {
    const file = relative(stamps, path);
    if (!/\.(svg|png)$/.test(file)) continue;
    const stem = file.replace(/\.(svg|png)$/, '');
    // A stamp drawn both ways is kept as its vector.
    if (file.endsWith('.png') && existsSync(join(stamps, `${stem}.svg`))) continue;
    if (SKIPPED_STAMPS.test(file)) {
      drop('tuxpaint: letters, digits and shapes');
      continue;
    }
    const text = join(stamps, `${stem}.txt`);
    if (!existsSync(text)) {
      drop('tuxpaint: no description');
      continue;
    }
    const lines = readFileSync(text, 'utf8').split('\n');
    const names: Partial<Record<Language, string>> = {};
    for (const line of lines.slice(1)) {
      const match = /^([a-zA-Z_@]+)\.utf8=(.+)$/.exec(line.trim());
      const language = match && TUX_LOCALES[match[1]!];
      if (!language || names[language]) continue;
      const name = match![2]!
        .replace(/[.!。！]+$/u, '')
        .replace(ARTICLES, '')
        .trim();
      if (name && name.split(' ').length <= 3) names[language] = normalise(name);
    }
    candidates.push({ source: 'tuxpaint-stamps-default', file, path, title: lines[0]!.trim(), names });
  }

  const seen = new Set<string>();
  const seenLooks = new Set<string>();
  let done = 0;
  const kept = await inOrder(candidates, 2, async (candidate) => {
    if (++done % 500 === 0) console.log(`clip art: ${done} of ${candidates.length}`);
    // Openclipart's file names carry their authors' names; Tux Paint's name the stamp.
    const thing =
      thingOf(candidate.title, wordnet) ??
      (candidate.source === 'tuxpaint-stamps-default'
        ? thingOf(basename(candidate.file).replace(/\.\w+$/, ''), wordnet)
        : undefined);
    if (COPY_TITLE.test(candidate.title))
      return { why: `${candidate.source}: a black-and-white or outline copy` };
    if (!thing) return { why: `${candidate.source}: title names no thing to draw` };
    let bytes: Buffer;
    let format: Picture['format'];
    let image: Sharp;
    try {
      if (candidate.file.endsWith('.svg')) {
        const text = readFileSync(candidate.path, 'utf8');
        if (text.length > 8 * MAX_SVG_BYTES) return { why: `${candidate.source}: too heavy` };
        if (hasText(text)) return { why: `${candidate.source}: has text` };
        if (/<image\b/.test(text)) return { why: `${candidate.source}: embeds a raster` };
        const minified = minifySvg(text);
        if (!minified) return { why: `${candidate.source}: declares no size` };
        bytes = Buffer.from(minified);
        // Tux Paint's vector stamps are detailed drawings, fewer and larger than clip art.
        const limit = candidate.source === 'tuxpaint-stamps-default' ? 3 * MAX_SVG_BYTES : MAX_SVG_BYTES;
        if (bytes.length > limit) return { why: `${candidate.source}: too heavy` };
        format = 'svg';
        image = sharp(bytes, { density: 48 });
      } else {
        format = 'webp';
        image = sharp(readFileSync(candidate.path)).trim({ threshold: 0 });
        bytes = await image
          .clone()
          .resize(RASTER_SIDE, RASTER_SIDE, { fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' })
          .webp({ quality: 88, alphaQuality: 100, effort: 3 })
          .toBuffer();
      }
      const { width = 0, height = 0 } = await sharp(format === 'svg' ? bytes : bytes, {
        density: 72,
      }).metadata();
      const look = await measure(image);
      return { candidate, thing, bytes, format, width, height, ...look };
    } catch {
      return { why: `${candidate.source}: cannot be drawn` };
    }
  });
  for (const result of kept) {
    if ('why' in result) {
      drop(result.why!);
      continue;
    }
    const { candidate, thing, bytes, format, cover, colour, hash, width, height } = result;
    if (cover < MIN_COVER) {
      drop(`${candidate.source}: near-empty`);
      continue;
    }
    if (cover > MAX_COVER) {
      drop(`${candidate.source}: a backdrop, not a thing`);
      continue;
    }
    const digest = sha256(bytes);
    if (seen.has(digest) || seenLooks.has(hash)) {
      drop(`${candidate.source}: duplicate`);
      continue;
    }
    seen.add(digest);
    seenLooks.add(hash);
    // The emoji of the same thing: by its name, or the word the lexicon prefers it for ("car": automobile).
    const name =
      emojiByHead.get(thing.phrase) ??
      emojiByHead.get(PREFERRED[thing.phrase] ?? '') ??
      (thing.phrase.includes(' ') ? undefined : emojiByLastWord.get(thing.phrase)) ??
      thing.phrase;
    const concept = concepts.get(name) ?? {
      name,
      group: `wordnet-${wordnet.synsets.get(thing.synset)?.kind}`,
      names: { en: name },
      keywords: {},
      pictures: [],
    };
    concepts.set(name, concept);
    // The stamp's own translations name a concept it founded, in the languages CLDR has no name for it.
    if (
      !concept.emoji &&
      thing.phrase === normalise(candidate.title.replace(ARTICLES, '').replace(/[.!]+$/, ''))
    )
      for (const [language, translated] of Object.entries(candidate.names))
        concept.names[language as Language] ??= translated;
    // Colourful pictures first: a black-and-white copy of a drawing says less.
    concept.pictures.push({
      source: candidate.source,
      file: candidate.file,
      format,
      bytes,
      rank: 1 - colour + (candidate.source === 'openclipart-svg' ? 0 : 0.1),
      width,
      height,
    });
  }

  // 3. Pack: each concept's plainest pictures; vectors minified and compressed.
  const index: {
    name: string;
    emoji?: string;
    group: string;
    names: Partial<Record<Language, string>>;
    keywords: Partial<Record<Language, string[]>>;
    pictures: number[];
  }[] = [];
  const pictures: {
    source: Source;
    file: string;
    format: string;
    offset: number;
    length: number;
    width: number;
    height: number;
  }[] = [];
  const chunks: Buffer[] = [];
  let offset = 0;
  const counts: Record<string, { concepts: number; pictures: number }> = {};
  for (const concept of concepts.values()) {
    // The emoji (in each skin tone) and the plainest clip art; a thing drawn as a vector is drawn only so,
    // since a raster of it is softer at every size.
    const emojiPictures = concept.pictures.filter((picture) => picture.source === 'fonts-noto-color-emoji');
    const clipart = concept.pictures.filter((picture) => picture.source !== 'fonts-noto-color-emoji');
    const vectors = clipart.filter((picture) => picture.format === 'svg');
    const chosen = [
      ...emojiPictures,
      ...(vectors.length ? vectors : clipart)
        .sort((a, b) => a.rank - b.rank || (a.file < b.file ? -1 : 1))
        .slice(0, MAX_PER_CONCEPT),
    ];
    const ids: number[] = [];
    for (const picture of chosen) {
      const stored =
        picture.format === 'svg'
          ? brotliCompressSync(picture.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : picture.bytes;
      ids.push(pictures.length);
      pictures.push({
        source: picture.source,
        file: picture.file,
        format: picture.format,
        offset,
        length: stored.length,
        width: picture.width,
        height: picture.height,
      });
      chunks.push(stored);
      offset += stored.length;
      counts[picture.source] ??= { concepts: 0, pictures: 0 };
      counts[picture.source]!.pictures++;
    }
    for (const source of new Set(chosen.map((p) => p.source))) counts[source]!.concepts++;
    index.push({
      name: concept.name,
      ...(concept.emoji ? { emoji: concept.emoji } : {}),
      group: concept.group,
      names: concept.names,
      keywords: concept.keywords,
      pictures: ids,
    });
  }
  const pack = Buffer.concat(chunks);
  writeFileSync(join(MODEL_DIR, 'pictures.bin'), pack);
  const library = {
    about:
      'Pictura Scenes picture library: the pictures each concept is drawn from. Built by training/pictura-scenes/build-library.ts from Debian packages; each picture names its source package and file, and each source its licence.',
    packages: Object.fromEntries(
      PACKAGES.map((name) => [
        name,
        { ...packages[name]!, ...(name in LICENCES ? { licence: LICENCES[name as Source] } : {}) },
      ]),
    ),
    pack: { file: 'pictures.bin', bytes: pack.length, sha256: sha256(pack) },
    counts: {
      concepts: index.length,
      emojiConcepts: emojiCount,
      pictures: pictures.length,
      bySource: counts,
      dropped,
    },
    concepts: index,
    pictures,
  };
  writeFileSync(join(MODEL_DIR, 'pictures.json'), `${JSON.stringify(library)}\n`);
  console.log(JSON.stringify(library.counts, null, 2));
  console.log(`pack ${(pack.length / 1e6).toFixed(1)} MB`);
}

await main();
