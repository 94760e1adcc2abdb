// Pictura Emoji: does a picture show what its prompt names, and how fast and small is the model?
//   npx tsx bench/pictura-emoji.bench.ts [--model-dir DIR] [--dataset DIR]
// 1. Held-out names: English names withheld from training (15% of concepts). Each prompt's 64 px picture is
//    classified by nearest neighbour over every training picture (32 px premultiplied RGBA, L2): top-1 and
//    top-5 of ~1,400 concepts, against chance.
// 2. Keyword-only prompts (a CLDR keyword of exactly one concept) and names in each of the 16 languages.
// 3. Time per picture (text encoder + sampler) on this CPU, the whole 512 px pipeline, and the files' size.
// Budgets (issue 14): under 300 ms per picture on 2 cores; weights under 50 MB.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SUPPORTED_LOCALES } from '@pictura/common/locales';
import * as ort from 'onnxruntime-node';
import { createAbstractPipeline } from '../services/worker/src/generate/abstract.pipeline.ts';
import {
  EMOJI_MODEL_DIR,
  type EmojiModel,
  loadEmojiModel,
} from '../services/worker/src/generate/emoji/emoji.model.ts';
import { createEmojiPipeline } from '../services/worker/src/generate/emoji/emoji.pipeline.ts';
import { createBuiltinUpscaler } from '../services/worker/src/upscale/upscale.pipeline.ts';
import { rankByNearest, smallFromPlanes, smallFromRgba } from '../training/pictura-emoji/picture-distance.ts';
import { percentile } from './stats.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({ options: { 'model-dir': { type: 'string' }, dataset: { type: 'string' } } });
const modelDir = values['model-dir'] ?? EMOJI_MODEL_DIR;
const datasetDir = values.dataset ?? join(ROOT, '.cache/pictura-emoji/dataset');
if (!existsSync(join(datasetDir, 'manifest.json'))) {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'training/pictura-emoji/build-dataset.ts', '--out', datasetDir],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}
const BUDGET_MS = 300;
const BUDGET_BYTES = 50 * 1024 * 1024;

interface Concept {
  emoji: string;
  name: string;
  names: Record<string, string>;
}
const vocabulary = JSON.parse(readFileSync(join(datasetDir, 'vocabulary.json'), 'utf8')) as {
  concepts: Concept[];
};
const pictures = JSON.parse(readFileSync(join(datasetDir, 'pictures.json'), 'utf8')) as { concept: number }[];
const evaluation = JSON.parse(readFileSync(join(datasetDir, 'evaluation.json'), 'utf8')) as {
  heldOutNames: { concept: number; prompt: string }[];
};
const raw = readFileSync(join(datasetDir, 'pictures-64.rgba'));

const references = pictures.map((picture, i) => ({
  concept: picture.concept,
  small: smallFromRgba(raw, i * 64 * 64 * 4),
}));

const model: EmojiModel = await loadEmojiModel(ort, { executionProviders: ['cpu'] }, modelDir);
const noStyle = new Float32Array(6);
const times: number[] = [];

/** Text top-1 (the concept it chose), picture top-1 and top-5 (what the picture shows). */
async function score(prompts: { concept: number; prompt: string }[], pictured = true) {
  let text = 0;
  let top1 = 0;
  let top5 = 0;
  let drawn = 0;
  for (const [i, { concept, prompt }] of prompts.entries()) {
    const started = performance.now();
    const understood = await model.understand(prompt);
    if (understood.concept?.index === concept) text++;
    if (!understood.concept || !pictured) continue;
    drawn++;
    const planes = await model.sample(understood.concept.index, undefined, noStyle, 1000 + i);
    times.push(performance.now() - started);
    const ranked = rankByNearest(smallFromPlanes(planes), references);
    if (ranked[0] === concept) top1++;
    if (ranked.slice(0, 5).includes(concept)) top5++;
  }
  const pct = (k: number) => `${((100 * k) / prompts.length).toFixed(1)}%`;
  return { n: prompts.length, drawn, text: pct(text), top1: pct(top1), top5: pct(top5) };
}

const chance1 = (100 / vocabulary.concepts.length).toFixed(2);
const chance5 = (500 / vocabulary.concepts.length).toFixed(2);
console.log(
  `Pictura Emoji evaluation (${vocabulary.concepts.length} concepts; chance: top-1 ${chance1}%, top-5 ${chance5}%)`,
);
const heldOut = await score(evaluation.heldOutNames);
console.log(
  `  held-out English names: n=${heldOut.n}, drawn ${heldOut.drawn}, text top-1 ${heldOut.text}, picture top-1 ${heldOut.top1}, top-5 ${heldOut.top5}`,
);

// Keyword-only prompts: English keywords that belong to one concept alone (seen in training as keywords).
const keywordOwners = new Map<string, number[]>();
const annotations = JSON.parse(readFileSync(join(datasetDir, 'keywords.json'), 'utf8')) as string[][];
annotations.forEach((keywords, concept) => {
  for (const keyword of keywords)
    keywordOwners.set(keyword, [...(keywordOwners.get(keyword) ?? []), concept]);
});
const keywordPrompts = [...keywordOwners.entries()]
  .filter(([keyword, owners]) => owners.length === 1 && vocabulary.concepts[owners[0]!]!.name !== keyword)
  .filter((_, i) => i % 10 === 0)
  .map(([prompt, owners]) => ({ prompt, concept: owners[0]! }));
const keyword = await score(keywordPrompts);
console.log(
  `  keyword-only prompts: n=${keyword.n}, drawn ${keyword.drawn}, text top-1 ${keyword.text}, picture top-1 ${keyword.top1}, top-5 ${keyword.top5}`,
);

for (const language of SUPPORTED_LOCALES) {
  const prompts = vocabulary.concepts
    .map((concept, index) => ({ concept: index, prompt: concept.names[language] ?? '' }))
    .filter((p, i) => p.prompt && i % 40 === 3);
  const result = await score(prompts);
  console.log(
    `  names in ${language.padEnd(5)}: n=${result.n}, text top-1 ${result.text}, picture top-1 ${result.top1}, top-5 ${result.top5}`,
  );
}

const background = await createAbstractPipeline(ort);
const upscaler = await createBuiltinUpscaler(ort);
const pipeline = await createEmojiPipeline(
  ort,
  { executionProviders: ['cpu'] },
  { background, upscaler, modelDir },
);
const whole: number[] = [];
for (const [i, prompt] of [
  'a red fox',
  'a snowman',
  'pizza',
  '一只猫',
  'un cohete',
  'a red fox',
  'pizza',
].entries()) {
  const started = performance.now();
  await pipeline.generate({
    prompt,
    negativePrompt: '',
    width: 512,
    height: 512,
    seed: i,
    style: 'none',
    color: 'none',
    lighting: 'none',
    composition: 'none',
  });
  whole.push(performance.now() - started);
}
// Pictura Emoji's own files (its ONNX networks and vocabulary), not the scenes' lexicon and picture library.
const bytes = ['text-encoder.onnx', 'denoiser.onnx', 'vocabulary.json']
  .map((file) => join(modelDir, file))
  .filter(existsSync)
  .reduce((sum, path) => sum + statSync(path).size, 0);
const p50 = percentile(times, 50);
console.log(
  `\nPictura Emoji speed and size (${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)})`,
);
console.log(
  `  one 64 px picture (text encoder + 8 steps × 2): p50 ${p50.toFixed(0)} ms, p90 ${percentile(times, 90).toFixed(0)} ms, n=${times.length} (budget < ${BUDGET_MS} ms: ${p50 < BUDGET_MS ? 'met' : 'MISSED'})`,
);
console.log(
  `  whole picture at 512×512 (background, subject, upscale, composite): p50 ${percentile(whole, 50).toFixed(0)} ms, n=${whole.length}`,
);
console.log(
  `  model files: ${(bytes / 1024 / 1024).toFixed(1)} MB (budget < 50 MB: ${bytes < BUDGET_BYTES ? 'met' : 'MISSED'})`,
);
