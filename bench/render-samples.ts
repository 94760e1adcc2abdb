// Writes PNG samples of the abstract pipeline for eyeballing, and prints timings.
// Usage: npx tsx bench/render-samples.ts <out-dir> [seeds=4]
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ASPECT_RATIOS,
  COLORS,
  DEFAULT_CHOICES,
  LIGHTINGS,
  STYLES,
} from '@pictura/common/generation-options';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import {
  createAbstractPipeline,
  type GenerateParams,
  type ImagePipeline,
  type RenderedImage,
} from '../services/worker/src/generate/abstract.pipeline.ts';

const PROMPTS = [
  'a red rose in the forest',
  'ocean waves at sunset',
  'cyberpunk city at night',
  'a quiet mountain lake',
  '夜空に浮かぶ月',
  'golden autumn leaves',
];
const BASE: GenerateParams = {
  prompt: PROMPTS[0],
  negativePrompt: '',
  ...ASPECT_RATIOS[DEFAULT_CHOICES.aspectRatio],
  seed: 1,
  style: DEFAULT_CHOICES.style,
  color: DEFAULT_CHOICES.color,
  lighting: DEFAULT_CHOICES.lighting,
  composition: DEFAULT_CHOICES.composition,
};
const TILE = 256;

async function png(image: RenderedImage) {
  return sharp(Buffer.from(image.data), {
    raw: { width: image.width, height: image.height, channels: 3 },
  }).png();
}

/** A labelled-by-filename contact sheet of square tiles, `cols` per row. */
async function sheet(pipeline: ImagePipeline, variants: GenerateParams[], cols: number, file: string) {
  const tiles = await Promise.all(
    variants.map(async (params, i) => ({
      input: await (await png(await pipeline.generate(params)))
        .resize(TILE, TILE, { fit: 'cover' })
        .toBuffer(),
      left: (i % cols) * TILE,
      top: Math.floor(i / cols) * TILE,
    })),
  );
  const rows = Math.ceil(variants.length / cols);
  await sharp({ create: { width: cols * TILE, height: rows * TILE, channels: 3, background: '#000' } })
    .composite(tiles)
    .png()
    .toFile(file);
  console.log('wrote', file);
}

async function main() {
  const [outDir, seedArg] = process.argv.slice(2);
  if (!outDir) throw new Error('usage: render-samples.ts <out-dir> [seeds]');
  const seeds = Number(seedArg ?? 4);
  await mkdir(outDir, { recursive: true });
  const pipeline = await createAbstractPipeline(ort);

  // Per style: warm the shape once, then the median of five seeds.
  for (const size of [512, 1024]) {
    const timings: string[] = [];
    for (const style of STYLES) {
      const params = { ...BASE, width: size, height: size, style };
      await pipeline.generate(params);
      const times: number[] = [];
      for (let seed = 0; seed < 5; seed++) {
        const start = performance.now();
        await pipeline.generate({ ...params, seed });
        times.push(performance.now() - start);
      }
      timings.push(`${style} ${times.sort((x, y) => x - y)[2].toFixed(0)}`);
    }
    console.log(`${size}×${size} ms per image: ${timings.join(', ')}`);
  }

  await sheet(
    pipeline,
    PROMPTS.flatMap((prompt) => Array.from({ length: seeds }, (_, seed) => ({ ...BASE, prompt, seed }))),
    seeds,
    join(outDir, 'prompts-by-seed.png'),
  );
  await sheet(
    pipeline,
    PROMPTS.flatMap((prompt) => STYLES.map((style) => ({ ...BASE, prompt, style }))),
    STYLES.length,
    join(outDir, 'styles.png'),
  );
  await sheet(
    pipeline,
    PROMPTS.slice(0, 3).flatMap((prompt) => COLORS.map((color) => ({ ...BASE, prompt, color }))),
    COLORS.length,
    join(outDir, 'colors.png'),
  );
  await sheet(
    pipeline,
    PROMPTS.slice(0, 3).flatMap((prompt) => LIGHTINGS.map((lighting) => ({ ...BASE, prompt, lighting }))),
    LIGHTINGS.length,
    join(outDir, 'lightings.png'),
  );
  await sheet(
    pipeline,
    [
      BASE,
      { ...BASE, negativePrompt: 'red' },
      { ...BASE, negativePrompt: 'dark, blurry' },
      { ...BASE, negativePrompt: 'forest' },
    ],
    4,
    join(outDir, 'negative.png'),
  );

  for (const style of STYLES) {
    const image = await pipeline.generate({ ...BASE, prompt: PROMPTS[1], style, seed: 7 });
    await (await png(image)).toFile(join(outDir, `style-${style}.png`));
  }
  for (const [ratio, { width, height }] of Object.entries(ASPECT_RATIOS)) {
    const image = await pipeline.generate({ ...BASE, prompt: PROMPTS[3], width, height, seed: 3 });
    await (await png(image)).toFile(join(outDir, `ratio-${ratio}.png`));
  }
  console.log('samples in', outDir);
}

await main();
