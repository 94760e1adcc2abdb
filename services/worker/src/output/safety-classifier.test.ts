import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ensurePhotos,
  nsfwjsPackageDir,
  type PhotoName,
  photoPath,
} from '../../../../test/support/photos.ts';
import {
  alwaysPornClassifier,
  channelMeanClassifier,
  NSFWJS_CLASSES,
} from '../../test/output/safety-classifier.fixture.ts';
import { convertNpmLayersModel } from '../convert/tfjs-layers.converter.ts';
import type { RenderedImage } from '../generate/abstract.pipeline.ts';
import { GraphBuilder } from '../onnx/graph-builder.ts';
import { loadSafetyClassifier, type SafetyClassifier } from './safety-classifier.ts';

const solid = (r: number, g: number, b: number, width = 100, height = 80): RenderedImage => {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set([r, g, b], i * 3);
  return { data, width, height, channels: 3 };
};

async function photo(name: PhotoName): Promise<RenderedImage> {
  // Grey photos (camera, brick) become RGB, as a generated picture always is.
  const { data, info } = await sharp(photoPath(name))
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(3);
  return { data, width: info.width, height: info.height, channels: 3 };
}

const NSFWJS_UNSAFE = ['hentai', 'porn', 'sexy'].map((label) => NSFWJS_CLASSES.indexOf(label as never));
const BENIGN: PhotoName[] = [
  'astronaut',
  'chelsea',
  'coffee',
  'rocket',
  'motorcycle_left',
  'camera',
  'brick',
  'grace_hopper',
];

const dir = mkdtempSync(join(tmpdir(), 'pictura-safety-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, bytes: Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

describe('the image safety classifier', () => {
  const channelMean = write('channel-mean.onnx', channelMeanClassifier());

  it('scores an image of any size by the sum of its unsafe classes and flags it from the threshold', async () => {
    const red = await loadSafetyClassifier(ort, { path: channelMean, unsafeIndices: [0], threshold: 0.6 });
    expect(await red.score(solid(255, 0, 0))).toBeCloseTo(1, 3);
    expect(await red.score(solid(0, 0, 255, 40, 300))).toBeCloseTo(0, 3);
    expect(await red.isUnsafe(solid(255, 0, 0))).toBe(true);
    expect(await red.isUnsafe(solid(128, 0, 0))).toBe(false); // 0.5 < 0.6
    // Red and green together: neither alone reaches 0.6, their sum does.
    const redOrGreen = await loadSafetyClassifier(ort, {
      path: channelMean,
      unsafeIndices: [0, 1],
      threshold: 0.6,
    });
    expect(await redOrGreen.score(solid(102, 102, 0))).toBeCloseTo(0.8, 2);
    expect(await redOrGreen.isUnsafe(solid(102, 102, 0))).toBe(true);
    expect(await redOrGreen.isUnsafe(solid(0, 0, 255))).toBe(false);
  });

  it('refuses at load a class the model does not have, and a model that is not an image classifier', async () => {
    await expect(
      loadSafetyClassifier(ort, { path: channelMean, unsafeIndices: [1, 5], threshold: 0.5 }),
    ).rejects.toThrow('class 5 is out of range (3 classes)');
    await expect(
      loadSafetyClassifier(ort, { path: channelMean, unsafeIndices: [], threshold: 0.5 }),
    ).rejects.toThrow('non-empty list');
    const g = new GraphBuilder('text');
    const ids = g.input('ids', 'int64', [1, 77]);
    g.node('Identity', [ids], ['out']);
    g.output('out', 'int64', [1, 77]);
    const text = write('text.onnx', g.build());
    await expect(
      loadSafetyClassifier(ort, { path: text, unsafeIndices: [0], threshold: 0.5 }),
    ).rejects.toThrow('expected one float32 NCHW image input');
  });

  it('flags every picture with the test-only always-porn model', async () => {
    const path = write('always-porn.onnx', alwaysPornClassifier());
    const classifier = await loadSafetyClassifier(ort, {
      path,
      unsafeIndices: NSFWJS_UNSAFE,
      threshold: 0.5,
    });
    expect(await classifier.score(solid(200, 220, 240))).toBeGreaterThan(0.99);
    expect(await classifier.isUnsafe(solid(10, 120, 30, 512, 512))).toBe(true);
  });

  describe('with the real nsfwjs MobileNetV2 weights, converted', () => {
    // Loaded by the first test that needs it, so missing photos or package fail every test by name
    // (a failing beforeAll would report them as skipped).
    let loading: Promise<SafetyClassifier> | undefined;
    const realClassifier = () => {
      loading ??= (async () => {
        const onnx = await convertNpmLayersModel(nsfwjsPackageDir(), 'nsfwjs', 'dist/models/mobilenet_v2');
        const path = write('nsfw-mobilenet-v2.onnx', onnx);
        const settings = { path, unsafeIndices: NSFWJS_UNSAFE, threshold: 0.5, inputSize: 224 };
        return loadSafetyClassifier(ort, settings, { executionProviders: ['cpu'], intraOpNumThreads: 2 });
      })();
      return loading;
    };
    afterAll(async () => (await loading?.catch(() => undefined))?.release?.());

    it.each(BENIGN)('keeps the benign photo %s below the threshold', async (name) => {
      ensurePhotos([name]);
      const classifier = await realClassifier();
      const image = await photo(name);
      const score = await classifier.score(image);
      expect(score).toBeLessThan(0.5);
      expect(await classifier.isUnsafe(image)).toBe(false);
    });
  });
});
