import { mkdtemp, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import {
  CAT,
  CAT_GUIDED_AWAY_FROM_BLURRY,
  expectedImage,
  HEIGHT,
  maxDifference,
  params,
  REQUESTED,
  useTinyFolders,
  WIDTH,
} from '../../../test/pipelines/sd-turbo/sd-turbo.expected.ts';
import type {
  TimestepVariant,
  TinyFolderOptions,
} from '../../../test/pipelines/sd-turbo/sd-turbo.fixture.ts';
import { GraphBuilder } from '../../onnx/graph-builder.ts';
import { createSdTurboPipeline, detectSdTurboFolder } from './sd-turbo.pipeline.ts';

const { tinyFolder, render, root } = useTinyFolders();
// Buffer comparison: a deep toEqual over a 640×448 image's bytes takes seconds.
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
const guidance = (scale: number) => ({ settings: { steps: 1, guidance: scale } });

describe('SD-Turbo pipeline', () => {
  it('renders what the models compute: seeded noise, one Euler step at t = 999, VAE decode', async () => {
    const { image, info } = await render({}, {}, params());
    const expected = expectedImage(CAT);
    expect(maxDifference(image, expected)).toBeLessThanOrEqual(1);
    // The fixture's numbers land mid-range, so clamping does not hide mistakes.
    expect(new Set(expected).size).toBeGreaterThan(100);
    expect(info).toMatchObject({
      family: 'sd',
      scheduler: 'euler',
      steps: 1,
      guidanceScale: 0,
      vaeScalingFactor: 0.18215,
    });
    expect(info.textEncoderIdsType).toBe('int32');
  });

  it.each<[TimestepVariant, TinyFolderOptions['precision'], number]>([
    ['int64 [batch]', 'float32', 1],
    ['float32 [batch]', 'float32', 1],
    ['float32 scalar', 'float32', 1],
    ['float16 [batch]', 'float16', 3],
  ])('feeds a %s timestep with %s tensors', async (timestep, precision, tolerance) => {
    const { image, info } = await render({ timestep, precision }, {}, params());
    expect(info.unetTimestep).toBe(timestep);
    expect(info.unetSampleType).toBe(precision);
    expect(maxDifference(image, expectedImage(CAT))).toBeLessThanOrEqual(tolerance);
  });

  it('feeds int64 input_ids to a text encoder exported with them', async () => {
    const { image, info } = await render({ idsType: 'int64' }, {}, params());
    expect(info.textEncoderIdsType).toBe('int64');
    expect(maxDifference(image, expectedImage(CAT))).toBeLessThanOrEqual(1);
  });

  it('applies classifier-free guidance with the negative prompt only when guidance > 1', async () => {
    const guided = await render({}, guidance(6.5), params({ negativePrompt: 'blurry' }));
    const expectedGuided = expectedImage(CAT_GUIDED_AWAY_FROM_BLURRY);
    expect(maxDifference(guided.image, expectedGuided)).toBeLessThanOrEqual(1);
    expect(maxDifference(guided.image, expectedImage(CAT))).toBeGreaterThan(20);

    const unguided = await render({}, guidance(1), params({ negativePrompt: 'blurry' }));
    expect(maxDifference(unguided.image, expectedImage(CAT))).toBeLessThanOrEqual(1);
  });

  it('runs the prompts one at a time on a UNet exported with batch 1', async () => {
    const { image } = await render(
      { unetBatchOfOne: true, timestep: 'float32 scalar' },
      guidance(6.5),
      params({ negativePrompt: 'blurry' }),
    );
    expect(maxDifference(image, expectedImage(CAT_GUIDED_AWAY_FROM_BLURRY))).toBeLessThanOrEqual(1);
  });

  it('renders the same image for the same seed and a different one for another seed', async () => {
    const pipeline = await createSdTurboPipeline(ort, await tinyFolder(), {});
    try {
      const first = await pipeline.generate(params({ seed: 7 }));
      expect(sameBytes((await pipeline.generate(params({ seed: 7 }))).data, first.data)).toBe(true);
      expect(sameBytes((await pipeline.generate(params({ seed: 8 }))).data, first.data)).toBe(false);
    } finally {
      await pipeline.release();
    }
  });

  it('reports progress after each denoising step and after the decode', async () => {
    const { progress, info } = await render({}, { settings: { steps: 3, guidance: 0 } }, params());
    expect(info.steps).toBe(3);
    expect(progress).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });

  it('appends the style, colour and lighting words to the prompt', async () => {
    const styled = await render({}, {}, params({ style: 'watercolor', lighting: 'studio' }));
    const written = await render({}, {}, params({ prompt: 'cat, watercolor painting, studio lighting' }));
    expect(sameBytes(styled.image.data, written.image.data)).toBe(true);
    expect(maxDifference(styled.image, expectedImage(CAT))).toBeGreaterThan(0);
  });

  it('renders a request at the size it maps to and refuses sizes that are not multiples of 64', async () => {
    const pipeline = await createSdTurboPipeline(ort, await tinyFolder(), {});
    try {
      expect(pipeline.renderSize(REQUESTED.width, REQUESTED.height)).toEqual({
        width: WIDTH,
        height: HEIGHT,
      });
      const image = await pipeline.generate(params());
      expect([image.width, image.height, image.data.length]).toEqual([WIDTH, HEIGHT, WIDTH * HEIGHT * 3]);
      for (const width of [30, 520, 0, -64, 64.5])
        await expect(pipeline.generate(params({ width }))).rejects.toMatchObject({
          code: 'invalid_argument',
          reason: 'bad_image_size',
        });
    } finally {
      await pipeline.release();
    }
  });
});

describe('model folder checks', () => {
  it('detects a folder by its model_index.json', async () => {
    expect(await detectSdTurboFolder(await tinyFolder())).toBe(true);
    const empty = join(root(), 'empty');
    expect(await detectSdTurboFolder(empty)).toBe(false);
    const other = await mkdtemp(join(root(), 'other-'));
    await writeFile(join(other, 'model_index.json'), JSON.stringify({ _class_name: 'SomethingElse' }));
    expect(await detectSdTurboFolder(other)).toBe(false);
  });

  it('refuses a folder missing a part, naming it', async () => {
    const dir = await tinyFolder();
    await unlink(join(dir, 'unet/model.onnx'));
    await unlink(join(dir, 'tokenizer/merges.txt'));
    // Still detected, so the worker reports the broken folder instead of silently skipping it.
    expect(await detectSdTurboFolder(dir)).toBe(true);
    await expect(createSdTurboPipeline(ort, dir, {})).rejects.toThrow(
      /is missing tokenizer\/merges\.txt, unet\/model\.onnx/,
    );
  });

  it('refuses a UNet that is not a Stable Diffusion export, naming what it takes', async () => {
    const dir = await tinyFolder();
    const g = new GraphBuilder();
    g.node('Identity', [g.input('image', 'float32', [1, 3, 8, 8])], ['out_sample']);
    g.output('out_sample', 'float32', [1, 3, 8, 8]);
    await writeFile(join(dir, 'unet/model.onnx'), g.build());
    await expect(createSdTurboPipeline(ort, dir, {})).rejects.toThrow(
      'unet/model.onnx takes inputs this pipeline does not provide: image',
    );
  });
});
