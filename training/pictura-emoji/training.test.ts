// The training pipeline keeps working: a tiny dataset from the real Debian sources, a few steps of a tiny
// network in PyTorch, and ONNX files that the product's own loader and pipeline run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAbstractPipeline } from '../../services/worker/src/generate/abstract.pipeline.ts';
import { EMOJI_SIDE, loadEmojiModel } from '../../services/worker/src/generate/emoji/emoji.model.ts';
import { createEmojiPipeline } from '../../services/worker/src/generate/emoji/emoji.pipeline.ts';
import { createBuiltinUpscaler } from '../../services/worker/src/upscale/upscale.pipeline.ts';
import { PYTHON } from './python.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'pictura-emoji-'));
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'training/pictura-emoji/build-dataset.ts',
      '--out',
      join(work, 'data'),
      '--limit',
      '6',
    ],
    { cwd: ROOT, stdio: 'pipe' },
  );
  execFileSync(
    PYTHON,
    [
      'training/pictura-emoji/train.py',
      '--dataset',
      join(work, 'data'),
      '--out',
      join(work, 'model'),
      '--tiny',
    ],
    { cwd: ROOT, stdio: 'pipe' },
  );
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('Pictura Emoji training', () => {
  it('builds a dataset with pictures, captions in 16 languages and a manifest of hashes', () => {
    const manifest = JSON.parse(readFileSync(join(work, 'data', 'manifest.json'), 'utf8'));
    expect(manifest.counts.concepts).toBe(6);
    expect(manifest.languages).toHaveLength(16);
    expect(Object.keys(manifest.sources)).toEqual([
      'fonts-noto-color-emoji',
      'unicode-data',
      'unicode-cldr-core',
    ]);
    const pictures = readFileSync(join(work, 'data', 'pictures-64.rgba'));
    expect(pictures.length).toBe(manifest.counts.pictures * 64 * 64 * 4);
    // The pictures are drawn: some pixels are opaque, the corners are transparent.
    expect(pictures.some((byte, i) => i % 4 === 3 && byte === 255)).toBe(true);
    expect(pictures[3]).toBe(0);
    const vocabulary = JSON.parse(readFileSync(join(work, 'data', 'vocabulary.json'), 'utf8'));
    expect(vocabulary.concepts[0].names.ja).toBeTruthy();
  });

  it('trains, records what it did, and exports ONNX files the worker loads and samples', async () => {
    const facts = JSON.parse(readFileSync(join(work, 'model', 'training.json'), 'utf8'));
    expect(facts.denoiser.totalSteps).toBe(3);
    expect(facts.text.steps).toBe(20);
    expect(existsSync(join(work, 'model', 'vocabulary.json'))).toBe(true);
    const model = await loadEmojiModel(ort, { executionProviders: ['cpu'] }, join(work, 'model'));
    expect(model.concepts).toHaveLength(6);
    const planes = await model.sample(2, undefined, new Float32Array(6), 1);
    expect(planes).toHaveLength(4 * EMOJI_SIDE * EMOJI_SIDE);
    expect(planes.every((v) => v >= 0 && v <= 1)).toBe(true);
    await model.release();
  });

  it('runs in the product pipeline on a canvas of the requested size', async () => {
    const background = await createAbstractPipeline(ort);
    const upscaler = await createBuiltinUpscaler(ort);
    const pipeline = await createEmojiPipeline(
      ort,
      { executionProviders: ['cpu'] },
      { background, upscaler, modelDir: join(work, 'model') },
    );
    const image = await pipeline.generate({
      prompt: 'the theory of everything',
      negativePrompt: '',
      width: 96,
      height: 64,
      seed: 3,
      style: 'none',
      color: 'none',
      lighting: 'none',
      composition: 'none',
    });
    expect([image.width, image.height, image.data.length]).toEqual([96, 64, 96 * 64 * 3]);
    await pipeline.release();
    await upscaler.release();
  });
});
