// Pictura Scenes' picture library: the pictures a concept is drawn from (emoji drawn by Noto Color Emoji,
// public-domain clip art, Tux Paint's stamps), packed by training/pictura-scenes/build-library.ts into
// pictures.json (the index: every picture's source package, file and licence) and pictures.bin. Vector
// pictures are drawn at the size they will be shown, so their edges are crisp at any size.
//
// The seed picks which picture of a thing is drawn: a concept with few pictures of its own also draws from
// its kinds ("a dog" may be a poodle or a dachshund), and consecutive seeds walk through them in a fixed
// shuffled order, so four pictures of one prompt show four different things where the library has them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import type { Upscaler } from '../../upscale/upscale.pipeline.ts';
import { enlargeSprite, type Sprite, trimSprite } from './scene.compositor.ts';
import { normalise, type SceneLexicon } from './scene.lexicon.ts';

export interface LibraryFile {
  packages: Record<string, { version: string; sha256: string; licence?: string }>;
  pack: { file: string; bytes: number; sha256: string };
  concepts: { name: string; emoji?: string; group: string; pictures: number[] }[];
  pictures: {
    source: string;
    file: string;
    format: 'svg' | 'webp';
    offset: number;
    length: number;
    width: number;
    height: number;
  }[];
}

export interface PictureLibrary {
  /** Whether the library can draw this concept of the lexicon. */
  has(concept: number): boolean;
  /** How many different pictures the seed chooses among for a concept. */
  choices(concept: number): number;
  /** One picture of the concept, the seed's choice, as a trimmed straight-RGBA sprite `side` px at most. */
  draw(concept: number, seed: number, side: number): Promise<Sprite>;
}

/** A concept with fewer pictures of its own than this also draws its kinds' pictures. */
const FEW_PICTURES = 4;
/** Pictures a concept chooses among, at most. */
const MAX_CHOICES = 12;
/** A raster picture much smaller than this is enlarged ×4 before the compositor fits it to its place. */
const RASTER_TARGET = 384;

export function readLibraryFile(modelDir: string): LibraryFile | undefined {
  const path = join(modelDir, 'pictures.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as LibraryFile) : undefined;
}

/** The list a map holds under a key, made empty the first time. */
function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
  const list = map.get(key) ?? [];
  if (!map.has(key)) map.set(key, list);
  return list;
}

/** A stable hash of two numbers (FNV-1a over their bytes). */
function mix(a: number, b: number): number {
  let h = 2166136261;
  for (const v of [a, b])
    for (let i = 0; i < 4; i++) {
      h ^= (v >>> (i * 8)) & 0xff;
      h = Math.imul(h, 16777619);
    }
  return h >>> 0;
}

export function loadPictureLibrary(
  modelDir: string,
  lexicon: SceneLexicon,
  upscaler: Upscaler,
): PictureLibrary | undefined {
  const file = readLibraryFile(modelDir);
  if (!file) return undefined;
  const packPath = join(modelDir, file.pack.file);
  if (!existsSync(packPath)) return undefined;
  let pack: Buffer | undefined;
  const bytes = () => {
    pack ??= readFileSync(packPath);
    return pack;
  };
  const byName = new Map(file.concepts.map((concept) => [normalise(concept.name), concept.pictures]));
  const own = (concept: number) => byName.get(normalise(lexicon.concepts[concept]?.name ?? '')) ?? [];
  // The English words CLDR names each concept by ("car" and "automobile" for 🚗), from the dictionary.
  const words = new Map<number, string[]>();
  for (const [phrase, entry] of lexicon.languages.en.phrases)
    if (entry.kind === 'thing' && entry.concept !== undefined && entry.named)
      listIn(words, entry.concept).push(phrase);
  // Concepts by the names of their broader kinds (a beagle under "hound" and "dog"), and by their last word
  // ("black cat" under "cat").
  const byBroader = new Map<string, number[]>();
  const byLastWord = new Map<string, number[]>();
  lexicon.concepts.forEach((concept, index) => {
    for (const kind of concept.broader) listIn(byBroader, kind).push(index);
    const name = normalise(concept.name);
    if (name.includes(' ')) listIn(byLastWord, name.slice(name.lastIndexOf(' ') + 1)).push(index);
  });
  /** A concept's narrower ones: kinds of it by WordNet, or things of its group named "… <its name>". */
  const narrower = (concept: number): number[] => {
    const facts = lexicon.concepts[concept];
    if (!facts) return [];
    const name = normalise(facts.name);
    // A word for a broader kind that reads as this concept ("feline" for the cat) does not name it.
    const names = (words.get(concept) ?? []).filter((word) => !facts.kinds.includes(word));
    const out: number[] = [];
    for (const word of [name, ...names])
      for (const other of byBroader.get(word) ?? []) if (!out.includes(other)) out.push(other);
    for (const other of byLastWord.get(name) ?? [])
      if (lexicon.concepts[other]?.group === facts.group && !out.includes(other)) out.push(other);
    return out.filter((other) => other !== concept);
  };
  const pools = new Map<number, number[]>();
  const pool = (concept: number): number[] => {
    const cached = pools.get(concept);
    if (cached) return cached;
    const pictures = [...own(concept)];
    if (pictures.length < FEW_PICTURES) {
      for (const other of narrower(concept)) {
        if (pictures.length >= MAX_CHOICES) break;
        // A kind's first picture: the plainest of each narrower thing.
        const first = own(other)[0];
        if (first !== undefined && !pictures.includes(first)) pictures.push(first);
      }
    }
    // A fixed shuffle per concept, so consecutive seeds give different pictures.
    const shuffled = pictures
      .map((id, i) => ({ id, key: i === 0 ? -1 : mix(concept, id) }))
      .sort((a, b) => a.key - b.key)
      .map(({ id }) => id)
      .slice(0, MAX_CHOICES);
    pools.set(concept, shuffled);
    return shuffled;
  };

  /** Straight RGBA pixels of a picture drawn by sharp, trimmed to its outline. */
  async function pixels(image: Sharp): Promise<Sprite> {
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return trimSprite({
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
    });
  }

  async function render(id: number, side: number): Promise<Sprite> {
    const picture = file!.pictures[id]!;
    const stored = bytes().subarray(picture.offset, picture.offset + picture.length);
    if (picture.format === 'svg') {
      // Drawn at the size it will be shown: the vector's own edges, not an enlargement.
      const density = Math.max(1, Math.min(2400, (72 * side) / Math.max(picture.width, picture.height, 1)));
      return pixels(sharp(brotliDecompressSync(stored), { density }).resize(side, side, { fit: 'inside' }));
    }
    // A raster picture much smaller than it will be shown is enlarged by the built-in upscaler, whose edge
    // snapping keeps outlines clean where a resample would blur them.
    const sprite = await pixels(sharp(stored));
    const target = Math.min(side, RASTER_TARGET);
    return Math.max(sprite.width, sprite.height) * 1.5 < target ? enlargeSprite(upscaler, sprite) : sprite;
  }

  return {
    has: (concept) => pool(concept).length > 0,
    choices: (concept) => pool(concept).length,
    async draw(concept, seed, side) {
      const choices = pool(concept);
      if (!choices.length) throw new Error(`the picture library has no picture of concept ${concept}`);
      return render(choices[(seed >>> 0) % choices.length]!, side);
    },
  };
}
