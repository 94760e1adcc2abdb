// Pictura Scenes' picture library: what drawing things from pictures (pictures.json + pictures.bin) changes
// against drawing them all with Pictura Emoji, the same scene painter with and without its library.
//   npx tsx bench/picture-library.bench.ts [--model-dir DIR] [--dataset DIR]
// 1. Held-out English names (the prompts of bench/pictura-emoji.bench.ts, whose trained model draws the right
//    thing 44.9% of the time): each 256 px transparent picture is cropped to its outline, fitted in 64 px as
//    the dataset's pictures are, and classified by nearest neighbour over every training picture.
// 2. Names per source: a stable 15% of the library's concepts from each source package, as "a <name>": does
//    the reader read that concept, and does the picture show it (that concept or a narrower one)?
// 3. Sharpness at 512 px: the outline's alpha step and the luminance gradient inside the things.
// 4. Diversity: four seeds of a one-thing prompt, mean pairwise difference of the pictures.
// 5. Speed of one subject at 512×512 and the size of the model files shipped.
// Budgets (the picture library's issue): one subject at 512 px under 300 ms p50 on 2 cores; files < 100 MB.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import {
  createAbstractPipeline,
  type GenerateParams,
  type RenderedImage,
} from '../services/worker/src/generate/abstract.pipeline.ts';
import { EMOJI_MODEL_DIR, loadEmojiModel } from '../services/worker/src/generate/emoji/emoji.model.ts';
import { loadSceneLexicon, normalise } from '../services/worker/src/generate/scene/scene.lexicon.ts';
import { loadPictureLibrary, readLibraryFile } from '../services/worker/src/generate/scene/scene.library.ts';
import {
  createScenePainter,
  type ScenePainter,
} from '../services/worker/src/generate/scene/scene.pipeline.ts';
import { createBuiltinUpscaler } from '../services/worker/src/upscale/upscale.pipeline.ts';
import { rankByNearest, smallFromRgba } from '../training/pictura-emoji/picture-distance.ts';
import { percentile } from './stats.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({ options: { 'model-dir': { type: 'string' }, dataset: { type: 'string' } } });
const modelDir = values['model-dir'] ?? EMOJI_MODEL_DIR;
const datasetDir = values.dataset ?? join(ROOT, '.cache/pictura-emoji/dataset');
if (!existsSync(join(datasetDir, 'manifest.json'))) {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'training/pictura-emoji/build-dataset.ts', '--out', datasetDir],
    { cwd: ROOT, stdio: 'inherit' },
  );
}
const BUDGET_MS = 300;
const BUDGET_BYTES = 100 * 1024 * 1024;
const SHIPPED = (file: string) =>
  file.endsWith('.onnx') ||
  ['vocabulary.json', 'scene-lexicon.json', 'pictures.json', 'pictures.bin'].includes(file);
const startedAt = performance.now();

const libraryFile = readLibraryFile(modelDir);
const model = await loadEmojiModel(ort, { executionProviders: ['cpu'] }, modelDir);
const lexicon = loadSceneLexicon(modelDir, model.concepts);
const upscaler = await createBuiltinUpscaler(ort);
const library = loadPictureLibrary(modelDir, lexicon, upscaler);
if (!libraryFile || !library) {
  console.error(`No picture library in ${modelDir} (pictures.json and pictures.bin): build it first.`);
  process.exit(1);
}
const background = await createAbstractPipeline(ort);
const painters: Record<'before' | 'after', ScenePainter> = {
  before: createScenePainter({ model, lexicon, background, upscaler }),
  after: createScenePainter({ model, lexicon, background, upscaler, library }),
};
const SIDES = ['before', 'after'] as const;

const base: GenerateParams = {
  prompt: '',
  negativePrompt: '',
  width: 256,
  height: 256,
  seed: 0,
  style: 'none',
  color: 'none',
  lighting: 'none',
  composition: 'none',
  transparent: true,
};
const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '–');
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const mean = (list: number[]) => (list.length ? list.reduce((a, b) => a + b, 0) / list.length : Number.NaN);
const modelSize = model.concepts.length;

/** The bounding box of the pixels with alpha over 10, or undefined for an empty picture. */
function outline(image: RenderedImage) {
  let [left, top, right, bottom] = [image.width, image.height, -1, -1];
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++)
      if (image.data[(y * image.width + x) * 4 + 3]! > 10) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
  return right < 0 ? undefined : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** A transparent picture as the dataset stores its pictures: cropped, 120/128 of a 64 px square, centred. */
async function fitted64(image: RenderedImage, box: NonNullable<ReturnType<typeof outline>>) {
  const inner = Math.round((64 * 120) / 128);
  const clear = { r: 0, g: 0, b: 0, alpha: 0 };
  const margin = (64 - inner) / 2;
  const fitted = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .extract(box)
    .resize(inner, inner, { fit: 'contain', background: clear, kernel: 'lanczos3' })
    .png()
    .toBuffer();
  const raw = await sharp(fitted)
    .extend({
      top: Math.floor(margin),
      bottom: Math.ceil(margin),
      left: Math.floor(margin),
      right: Math.ceil(margin),
      background: clear,
    })
    .ensureAlpha()
    .raw()
    .toBuffer();
  return new Uint8Array(raw.buffer, raw.byteOffset, raw.length);
}

/** Share of the canvas the things cover (alpha over half). */
function coverage(image: RenderedImage) {
  let n = 0;
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i]! > 128) n++;
  return n / (image.width * image.height);
}

/** Mean of the largest alpha step between horizontal neighbours, over steps above 8 (the outline's crispness). */
function edgeSharpness(image: RenderedImage) {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < image.height; y++)
    for (let x = 1; x < image.width; x++) {
      const step = Math.abs(
        image.data[(y * image.width + x) * 4 + 3]! - image.data[(y * image.width + x - 1) * 4 + 3]!,
      );
      if (step > 8) {
        sum += step;
        n++;
      }
    }
  return n ? sum / n : 0;
}

/** RMS luminance gradient (0–255 per pixel) where a pixel and its right and lower neighbours are opaque. */
function innerDetail(image: RenderedImage) {
  const { data, width, height } = image;
  const luma = (i: number) => 0.2126 * data[i * 4]! + 0.7152 * data[i * 4 + 1]! + 0.0722 * data[i * 4 + 2]!;
  let sum = 0;
  let n = 0;
  for (let y = 0; y < height - 1; y++)
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      if (data[i * 4 + 3]! < 250 || data[(i + 1) * 4 + 3]! < 250 || data[(i + width) * 4 + 3]! < 250)
        continue;
      const l = luma(i);
      sum += (luma(i + 1) - l) ** 2 + (luma(i + width) - l) ** 2;
      n++;
    }
  return n ? Math.sqrt(sum / n) : 0;
}

/** Mean absolute difference of two images of the same size, per channel value (0–255). */
function distance(a: RenderedImage, b: RenderedImage) {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

/** Renders that threw, by what was asked: the bench goes on without them, and lists them at the end. */
const errors: string[] = [];
async function tryRender(side: 'before' | 'after', params: GenerateParams) {
  try {
    return await painters[side].render(params);
  } catch (error) {
    errors.push(
      `${side.toUpperCase()} "${params.prompt}" ${params.width}×${params.height}: ${(error as Error).message}`,
    );
    return undefined;
  }
}

function pairwise(images: RenderedImage[]) {
  const distances: number[] = [];
  for (let i = 0; i < images.length; i++)
    for (let j = i + 1; j < images.length; j++) distances.push(distance(images[i]!, images[j]!));
  return mean(distances);
}

console.log(
  `# Pictura Scenes picture library: BEFORE (Pictura Emoji draws every thing) vs AFTER (from the library)\n`,
);
const sources = [...new Set(libraryFile.pictures.map((picture) => picture.source))].sort();
const bySource = sources.map(
  (source) => `${source} ${libraryFile.pictures.filter((p) => p.source === source).length}`,
);
console.log(
  `Library: ${libraryFile.concepts.length} concepts, ${libraryFile.pictures.length} pictures (${bySource.join(', ')}); lexicon ${lexicon.concepts.length} concepts (model ${modelSize}, library-only ${lexicon.concepts.length - modelSize}); library draws ${lexicon.concepts.filter((_, c) => library.has(c)).length} of them.`,
);

// 1. Held-out English names.
{
  const vocabulary = JSON.parse(readFileSync(join(datasetDir, 'vocabulary.json'), 'utf8')) as {
    concepts: { name: string }[];
  };
  const mismatched = vocabulary.concepts.filter((c, i) => c.name !== model.concepts[i]?.name).length;
  if (mismatched || vocabulary.concepts.length !== modelSize)
    console.log(
      `WARNING: the dataset's vocabulary (${vocabulary.concepts.length}) differs from the model's (${modelSize}) in ${mismatched} names`,
    );
  const pictures = JSON.parse(readFileSync(join(datasetDir, 'pictures.json'), 'utf8')) as {
    concept: number;
  }[];
  const evaluation = JSON.parse(readFileSync(join(datasetDir, 'evaluation.json'), 'utf8')) as {
    heldOutNames: { concept: number; prompt: string }[];
  };
  const raw = readFileSync(join(datasetDir, 'pictures-64.rgba'));
  const references = pictures.map((picture, i) => ({
    concept: picture.concept,
    small: smallFromRgba(raw, i * 64 * 64 * 4),
  }));
  const prompts = evaluation.heldOutNames;
  const tally = {
    before: { drawn: 0, top1: 0, top5: 0, top1Read: 0 },
    after: { drawn: 0, top1: 0, top5: 0, top1Read: 0 },
  };
  const empty: string[] = [];
  let read = 0;
  let libraryOnly = 0;
  let fromLibrary = 0;
  for (const [i, { concept, prompt }] of prompts.entries()) {
    const main = painters.after.read(prompt).things[0];
    if (main?.concept === concept) read++;
    if (main?.concept !== undefined && main.concept >= modelSize) libraryOnly++;
    if (main?.concept !== undefined && library.has(main.concept)) fromLibrary++;
    for (const side of SIDES) {
      if (!main) continue;
      const image = await tryRender(side, { ...base, prompt, seed: 1000 + i });
      const box = image && outline(image);
      if (!image || !box) {
        if (image) empty.push(`${side.toUpperCase()} "${prompt}" → ${main.name}`);
        continue;
      }
      tally[side].drawn++;
      const ranked = rankByNearest(smallFromRgba(await fitted64(image, box)), references);
      if (ranked[0] === concept) tally[side].top1++;
      if (ranked[0] === concept && main.concept === concept) tally[side].top1Read++;
      if (ranked.slice(0, 5).includes(concept)) tally[side].top5++;
    }
  }
  const n = prompts.length;
  console.log(
    `\n## 1. Held-out English names (n = ${n}; chance top-1 ${fixed(100 / modelSize, 2)}%, top-5 ${fixed(500 / modelSize, 2)}%)\n`,
  );
  console.log(
    `Reader reads the named concept first: ${pct(read, n)}; reads a library-only concept: ${libraryOnly}; thing drawn from the library (AFTER): ${pct(fromLibrary, n)}. Picture classified by nearest neighbour over the ${references.length} training pictures (32 px, L2). The trained model alone (bench/pictura-emoji.bench.ts, its own text encoder): picture top-1 44.9%.\n`,
  );
  console.log('| | drawn | picture top-1 | picture top-5 | top-1 of those read right |');
  console.log('|---|---|---|---|---|');
  for (const side of SIDES) {
    const t = tally[side];
    console.log(
      `| ${side.toUpperCase()} | ${pct(t.drawn, n)} | ${pct(t.top1, n)} | ${pct(t.top5, n)} | ${pct(t.top1Read, read)} (n = ${read}) |`,
    );
  }
  if (empty.length) console.log(`\nRead a thing but drew nothing: ${empty.join('; ')}`);
  console.log(`(${((performance.now() - startedAt) / 1000).toFixed(0)} s so far)`);
}

// 2. Names per source.
{
  const narrowerOrSame = (read: number | undefined, name: string) =>
    read !== undefined &&
    (normalise(lexicon.concepts[read]?.name ?? '') === name ||
      (lexicon.concepts[read]?.kinds ?? []).some((kind) => normalise(kind) === name));
  const chosen = (name: string) => createHash('sha1').update(name).digest()[0]! < 38;
  console.log('\n## 2. Library names per source ("a <name>", a stable 15% of each source\'s concepts)\n');
  console.log(
    "Read: the reader's first thing is that concept. Drawn: the AFTER picture (128 px, transparent) shows something and its first thing is that concept or a narrower one. BEFORE could draw: read as that concept or a narrower one that Pictura Emoji knows.\n",
  );
  console.log('| Source | n | read | drawn AFTER | BEFORE could draw | render errors |');
  console.log('|---|---|---|---|---|---|');
  const misses = new Map<string, string[]>();
  for (const source of sources) {
    const concepts = libraryFile.concepts.filter(
      (concept) =>
        concept.pictures.some((id) => libraryFile.pictures[id]?.source === source) && chosen(concept.name),
    );
    let read = 0;
    let drawn = 0;
    let couldBefore = 0;
    let failed = 0;
    const missed: string[] = [];
    misses.set(source, missed);
    for (const [i, concept] of concepts.entries()) {
      const name = normalise(concept.name);
      const prompt = `a ${concept.name}`;
      const main = painters.after.read(prompt).things[0];
      if (main?.concept !== undefined && normalise(lexicon.concepts[main.concept]?.name ?? '') === name)
        read++;
      if (narrowerOrSame(main?.concept, name) && main!.concept! < modelSize) couldBefore++;
      if (narrowerOrSame(main?.concept, name)) {
        const image = await tryRender('after', { ...base, prompt, width: 128, height: 128, seed: i });
        if (image && outline(image)) drawn++;
        else if (image) missed.push(`${prompt} (empty)`);
        else {
          failed++;
          missed.push(`${prompt} (error)`);
        }
      } else missed.push(`${prompt} → ${main ? `${main.name}${main.prop ? ' (painted prop)' : ''}` : '∅'}`);
    }
    const n = concepts.length;
    console.log(
      `| ${source} | ${n} | ${pct(read, n)} | ${pct(drawn, n)} | ${pct(couldBefore, n)} | ${failed} |`,
    );
  }
  for (const [source, missed] of misses)
    if (missed.length)
      console.log(
        `\nNot drawn, ${source} (${missed.length}): ${missed.slice(0, 12).join('; ')}${missed.length > 12 ? '; …' : ''}`,
      );
  console.log(`(${((performance.now() - startedAt) / 1000).toFixed(0)} s so far)`);
}

// 3. Sharpness at 512 px.
const SUBJECTS = [
  'a giraffe',
  'a red sports car',
  'a violin',
  'a sailing ship',
  'a teddy bear',
  'a tractor',
  'a hot air balloon',
  'a fox',
  'a dog',
  'a pizza',
  'a rocket',
  'a penguin',
];
{
  console.log('\n## 3. Sharpness at 512×512 (transparent, seed 11)\n');
  console.log(
    'Edge: mean alpha step over horizontal steps > 8 (255 = a one-pixel outline). Detail: RMS luminance gradient inside the opaque thing (0–255 per pixel). Cover: share of the canvas with alpha > 128.\n',
  );
  console.log(
    '| Prompt | edge BEFORE | edge AFTER | detail BEFORE | detail AFTER | cover BEFORE | cover AFTER |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const columns = {
    before: { edge: [] as number[], detail: [] as number[], cover: [] as number[] },
    after: { edge: [] as number[], detail: [] as number[], cover: [] as number[] },
  };
  for (const prompt of SUBJECTS) {
    for (const side of SIDES) {
      const image = await painters[side].render({ ...base, prompt, width: 512, height: 512, seed: 11 });
      columns[side].edge.push(edgeSharpness(image));
      columns[side].detail.push(innerDetail(image));
      columns[side].cover.push(coverage(image));
    }
    const k = columns.after.edge.length - 1;
    console.log(
      `| ${prompt} | ${fixed(columns.before.edge[k]!)} | ${fixed(columns.after.edge[k]!)} | ${fixed(columns.before.detail[k]!)} | ${fixed(columns.after.detail[k]!)} | ${pct(columns.before.cover[k]!, 1)} | ${pct(columns.after.cover[k]!, 1)} |`,
    );
  }
  console.log(
    `| **mean** | ${fixed(mean(columns.before.edge))} | ${fixed(mean(columns.after.edge))} | ${fixed(mean(columns.before.detail))} | ${fixed(mean(columns.after.detail))} | ${pct(mean(columns.before.cover), 1)} | ${pct(mean(columns.after.cover), 1)} |`,
  );
  console.log(`(${((performance.now() - startedAt) / 1000).toFixed(0)} s so far)`);
}

// 4. Diversity.
{
  const prompts = ['a dog', 'a cat', 'a car', 'a tree', 'a bird', 'a flower', 'a house', 'a fish'];
  console.log('\n## 4. Diversity: four seeds (1–4) of one prompt, 256×256\n');
  console.log(
    'Mean pairwise mean-absolute-difference of the four pictures (0–255 per channel value). Opaque: on the background the abstract model paints (which differs by seed in both). Things: transparent, the things alone. Choices: pictures the library chooses among for the concept.\n',
  );
  console.log('| Prompt | choices | opaque BEFORE | opaque AFTER | things BEFORE | things AFTER |');
  console.log('|---|---|---|---|---|---|');
  const sums = {
    before: { opaque: [] as number[], things: [] as number[] },
    after: { opaque: [] as number[], things: [] as number[] },
  };
  for (const prompt of prompts) {
    const main = painters.after.read(prompt).things[0];
    const cells: string[] = [];
    for (const transparent of [false, true])
      for (const side of SIDES) {
        const images: RenderedImage[] = [];
        for (const seed of [1, 2, 3, 4])
          images.push(await painters[side].render({ ...base, prompt, seed, transparent }));
        const d = pairwise(images);
        sums[side][transparent ? 'things' : 'opaque'].push(d);
        cells.push(fixed(d));
      }
    console.log(
      `| ${prompt} | ${main?.prop ? 'painted prop' : main?.concept === undefined ? '–' : library.choices(main.concept)} | ${cells.join(' | ')} |`,
    );
  }
  console.log(
    `| **mean** | | ${fixed(mean(sums.before.opaque))} | ${fixed(mean(sums.after.opaque))} | ${fixed(mean(sums.before.things))} | ${fixed(mean(sums.after.things))} |`,
  );
  console.log(`(${((performance.now() - startedAt) / 1000).toFixed(0)} s so far)`);
}

// 5. Speed and size.
let missed = false;
{
  const times = { before: [] as number[], after: [] as number[] };
  for (const side of SIDES) {
    // Warm-up: the first picture of each kind loads the pack and ONNX Runtime's arenas.
    for (const prompt of SUBJECTS.slice(0, 2))
      await painters[side].render({ ...base, prompt, width: 512, height: 512, seed: 99, transparent: false });
    for (const [i, prompt] of SUBJECTS.entries()) {
      const started = performance.now();
      await painters[side].render({ ...base, prompt, width: 512, height: 512, seed: i, transparent: false });
      times[side].push(performance.now() - started);
    }
  }
  const files = readdirSync(modelDir).filter(SHIPPED).sort();
  const bytes = files.reduce((sum, file) => sum + statSync(join(modelDir, file)).size, 0);
  const p50 = percentile(times.after, 50);
  console.log(
    `\n## 5. Speed and size (${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}, Node ${process.version})\n`,
  );
  console.log(
    `One subject at 512×512 on the abstract background, the ${SUBJECTS.length} prompts above, after warm-up.\n`,
  );
  console.log('| | p50 | p90 | n | budget |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| BEFORE | ${percentile(times.before, 50).toFixed(0)} ms | ${percentile(times.before, 90).toFixed(0)} ms | ${times.before.length} | |`,
  );
  console.log(
    `| AFTER | ${p50.toFixed(0)} ms | ${percentile(times.after, 90).toFixed(0)} ms | ${times.after.length} | < ${BUDGET_MS} ms: ${p50 < BUDGET_MS ? 'met' : 'MISSED'} |`,
  );
  console.log('\n| File | MB |');
  console.log('|---|---|');
  for (const file of files)
    console.log(`| ${file} | ${(statSync(join(modelDir, file)).size / 1024 / 1024).toFixed(1)} |`);
  console.log(
    `| **total** | **${(bytes / 1024 / 1024).toFixed(1)}** (budget < 100 MB: ${bytes < BUDGET_BYTES ? 'met' : 'MISSED'}) |`,
  );
  missed = p50 >= BUDGET_MS || bytes >= BUDGET_BYTES;
}
if (errors.length) {
  console.log(`\n${errors.length} renders failed (left out of the figures above):`);
  for (const error of errors.slice(0, 20)) console.log(`  ${error}`);
  if (errors.length > 20) console.log('  …');
}
console.log(`\n(${((performance.now() - startedAt) / 1000).toFixed(0)} s in all)`);
await model.release();
process.exit(missed ? 1 : 0);
