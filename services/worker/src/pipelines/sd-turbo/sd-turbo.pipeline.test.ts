import { mkdtemp, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { GraphBuilder } from '../../onnx/graph-builder.ts';
import {
  CAT,
  CAT_GUIDED_AWAY_FROM_BLURRY,
  expectedImage,
  maxDifference,
  params,
  useTinyFolders,
} from './sd-turbo.expected.ts';
import type { TimestepVariant, TinyFolderOptions } from './sd-turbo.fixture.ts';
import { createSdTurboPipeline, detectSdTurboFolder } from './sd-turbo.pipeline.ts';

const { tinyFolder, render, root } = useTinyFolders();

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
    const guided = await render({}, { guidanceScale: 6.5 }, params({ negativePrompt: 'blurry' }));
    const expectedGuided = expectedImage(CAT_GUIDED_AWAY_FROM_BLURRY);
    expect(maxDifference(guided.image, expectedGuided)).toBeLessThanOrEqual(1);
    expect(maxDifference(guided.image, expectedImage(CAT))).toBeGreaterThan(20);

    const unguided = await render({}, { guidanceScale: 1 }, params({ negativePrompt: 'blurry' }));
    expect(maxDifference(unguided.image, expectedImage(CAT))).toBeLessThanOrEqual(1);
  });

  it('runs the prompts one at a time on a UNet exported with batch 1', async () => {
    const { image } = await render(
      { unetBatchOfOne: true, timestep: 'float32 scalar' },
      { guidanceScale: 6.5 },
      params({ negativePrompt: 'blurry' }),
    );
    expect(maxDifference(image, expectedImage(CAT_GUIDED_AWAY_FROM_BLURRY))).toBeLessThanOrEqual(1);
  });

  it('renders the same image for the same seed and a different one for another seed', async () => {
    const pipeline = await createSdTurboPipeline(ort, await tinyFolder(), {});
    try {
      const first = await pipeline.generate(params({ seed: 7 }));
      expect((await pipeline.generate(params({ seed: 7 }))).data).toEqual(first.data);
      expect((await pipeline.generate(params({ seed: 8 }))).data).not.toEqual(first.data);
    } finally {
      await pipeline.release();
    }
  });

  it('reports progress after each denoising step and after the decode', async () => {
    const { progress, info } = await render({}, { steps: 3 }, params());
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
    expect(styled.image.data).toEqual(written.image.data);
    expect(maxDifference(styled.image, expectedImage(CAT))).toBeGreaterThan(0);
  });

  it('refuses sizes that are not multiples of 8', async () => {
    const pipeline = await createSdTurboPipeline(ort, await tinyFolder(), {});
    try {
      await expect(pipeline.generate(params({ width: 30 }))).rejects.toMatchObject({
        code: 'invalid_argument',
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
