// Test support for the pipeline tests: temp model folders, and the fixture models' arithmetic redone in
// float64, independently of the pipeline code, to compare whole rendered images against.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, expect } from 'vitest';
import type { GenerateParams, RenderedImage } from '../../../src/generate/abstract.pipeline.ts';
import { createNoiseSource } from '../../../src/pipelines/sd-turbo/latent-noise.ts';
import {
  createSdTurboPipeline,
  type SdTurboOptions,
} from '../../../src/pipelines/sd-turbo/sd-turbo.pipeline.ts';
import {
  TEXT_SCALE,
  TEXT_WIDTH,
  type TinyFolderOptions,
  UNET_SAMPLE,
  UNET_TEXT,
  UNET_TIME,
  vaeBias,
  vaeWeight,
  writeTinySdFolder,
} from './sd-turbo.fixture.ts';

/**
 * Requests are the app's landscape ratio, 768×512; a 512² model renders that at 640×448 (about its own
 * area). Not square, so a swapped width/height would show.
 */
export const REQUESTED = { width: 768, height: 512 };
export const WIDTH = 640;
export const HEIGHT = 448;
export const params = (overrides: Partial<GenerateParams> = {}): GenerateParams => ({
  prompt: 'cat',
  negativePrompt: '',
  ...REQUESTED,
  seed: 1234,
  style: 'none',
  color: 'none',
  lighting: 'none',
  composition: 'none',
  ...overrides,
});
// Token ids by hand from the fixture vocabulary: BOS, the word, EOS, then "!" (id 0) padding.
export const CAT_IDS = [49406, 2368, 49407];
export const BLURRY_IDS = [49406, 30000, 49407];

/** Tiny model folders in a temp directory removed after the test file; `render` runs one request on one. */
export function useTinyFolders() {
  let root = '';
  let count = 0;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sd-turbo-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const tinyFolder = async (options: TinyFolderOptions = {}) => {
    const dir = join(root, `model-${count++}`);
    await writeTinySdFolder(dir, options);
    return dir;
  };
  const render = async (folder: TinyFolderOptions, options: SdTurboOptions, request: GenerateParams) => {
    const pipeline = await createSdTurboPipeline(ort, await tinyFolder(folder), {
      sessionOptions: { executionProviders: ['cpu'] },
      ...options,
    });
    try {
      const progress: [number, number][] = [];
      const image = await pipeline.generate(request, (done, total) => progress.push([done, total]));
      return { image, progress, info: pipeline.info };
    } finally {
      await pipeline.release();
    }
  };
  return { tinyFolder, render, root: () => root };
}

/** σ and ᾱ at training timestep 999 of SD-Turbo's scaled-linear schedule, in float64. */
export function noiseLevel999(): { sigma: number; alphaBar: number } {
  let alphaBar = 1;
  for (let i = 0; i < 1000; i++)
    alphaBar *= 1 - (Math.sqrt(0.00085) + ((Math.sqrt(0.012) - Math.sqrt(0.00085)) * i) / 999) ** 2;
  return { sigma: Math.sqrt((1 - alphaBar) / alphaBar), alphaBar }; // σ ≈ 14.6146
}

/** UNET_TEXT · mean of the SD text encoder output: mean(ids) · TEXT_SCALE · mean(d + 1); "!" padding is 0. */
export const textTerm = (ids: number[]) =>
  UNET_TEXT * (ids.reduce((a, b) => a + b, 0) / 77) * TEXT_SCALE * ((TEXT_WIDTH + 1) / 2);

export interface Expectation {
  seed: number;
  /** Everything the fixture UNet adds to UNET_SAMPLE · sample for the prompt (text, timestep...). */
  term: number;
  negative?: { term: number; guidance: number };
  sampler?: 'euler' | 'lcm';
  scalingFactor?: number;
}

/** The whole pipeline redone in float64 for the fixture's models: one step at t = 999, then the VAE decode. */
export function expectedImage({
  seed,
  term,
  negative,
  sampler = 'euler',
  scalingFactor = 0.18215,
}: Expectation): Uint8Array {
  const { sigma, alphaBar } = noiseLevel999();
  const [lh, lw] = [HEIGHT / 8, WIDTH / 8];
  const noise = createNoiseSource(seed).fill(4 * lh * lw);
  const z = Array.from(noise, (n) => {
    // Euler starts from σ-scaled noise and shows the UNet latent / sqrt(σ² + 1); LCM uses both unscaled.
    const latent = sampler === 'euler' ? n * sigma : n;
    const modelInput = sampler === 'euler' ? latent / Math.sqrt(sigma * sigma + 1) : latent;
    const eps = (t: number) => UNET_SAMPLE * modelInput + t;
    const prediction = negative
      ? eps(negative.term) + negative.guidance * (eps(term) - eps(negative.term))
      : eps(term);
    if (sampler === 'euler') return (latent - sigma * prediction) / scalingFactor;
    const x0 = (latent - Math.sqrt(1 - alphaBar) * prediction) / Math.sqrt(alphaBar);
    const scaledT = 999 * 10;
    const denoised =
      (scaledT / Math.sqrt(scaledT ** 2 + 0.25)) * x0 + (0.25 / (scaledT ** 2 + 0.25)) * latent;
    return denoised / scalingFactor;
  });
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++)
      for (let c = 0; c < 3; c++) {
        let value = vaeBias(c, y % 8, x % 8);
        for (let k = 0; k < 4; k++)
          value += vaeWeight(c, y % 8, x % 8, k) * z[(k * lh + Math.floor(y / 8)) * lw + Math.floor(x / 8)];
        rgb[(y * WIDTH + x) * 3 + c] = Math.round(Math.min(1, Math.max(0, value / 2 + 0.5)) * 255);
      }
  return rgb;
}

export const TIME_TERM = UNET_TIME * 999;
export const CAT = { seed: 1234, term: textTerm(CAT_IDS) + TIME_TERM };
export const CAT_GUIDED_AWAY_FROM_BLURRY = {
  ...CAT,
  negative: { term: textTerm(BLURRY_IDS) + TIME_TERM, guidance: 6.5 },
};

/** Largest per-byte difference; float32 inference may round a byte the other way at .5. */
export function maxDifference(image: RenderedImage, expected: Uint8Array): number {
  expect([image.width, image.height, image.channels, image.data.length]).toEqual([
    WIDTH,
    HEIGHT,
    3,
    expected.length,
  ]);
  return image.data.reduce((max, v, i) => Math.max(max, Math.abs(v - expected[i])), 0);
}
