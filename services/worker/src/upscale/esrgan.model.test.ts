import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildEsrganShapedModel,
  type EsrganTestModelOptions,
} from '../../test/upscale/test-models.fixture.ts';
import { loadEsrganModel } from './esrgan.model.ts';
import { createEsrganUpscaler } from './upscale.pipeline.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'pictura-esrgan-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function modelFile(name: string, options?: EsrganTestModelOptions): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, buildEsrganShapedModel(options));
  return path;
}

/** A small RGB PNG whose every pixel differs from its neighbours. */
async function samplePng(width: number, height: number): Promise<{ png: Buffer; pixels: Buffer }> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37) % 256;
  return {
    png: await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
    pixels,
  };
}

describe('createEsrganUpscaler', () => {
  it('loads a Real-ESRGAN-shaped ONNX file and produces a 4× image', async () => {
    const upscaler = await createEsrganUpscaler(ort, await modelFile('realesr-x4.onnx'));
    try {
      expect(upscaler.name).toBe('esrgan:realesr-x4.onnx');
      const { png, pixels } = await samplePng(23, 17);
      const result = await upscaler.upscale({ input: png, format: 'png' });
      expect([result.width, result.height]).toEqual([92, 68]);
      const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels]).toEqual([92, 68, 3]);
      // The test model copies each input pixel into its 4×4 block.
      for (const [x, y] of [
        [0, 0],
        [91, 67],
        [45, 30],
      ]) {
        const from = (Math.floor(y / 4) * 23 + Math.floor(x / 4)) * 3;
        expect([...data.subarray((y * 92 + x) * 3, (y * 92 + x) * 3 + 3)]).toEqual([
          ...pixels.subarray(from, from + 3),
        ]);
      }
    } finally {
      await upscaler.release();
    }
  });

  it('feeds float16 exports Uint16Array tensors and reads their float16 output', async () => {
    const upscaler = await createEsrganUpscaler(ort, await modelFile('x4-fp16.onnx', { dtype: 'float16' }));
    try {
      const { png, pixels } = await samplePng(9, 7);
      const result = await upscaler.upscale({ input: png, format: 'png' });
      const { data } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
      expect([result.width, result.height]).toEqual([36, 28]);
      // Half precision holds a byte value to better than 1/255.
      for (let i = 0; i < 3; i++)
        expect(Math.abs(data[(5 * 36 + 6) * 3 + i] - pixels[(1 * 9 + 1) * 3 + i])).toBeLessThanOrEqual(1);
    } finally {
      await upscaler.release();
    }
  });

  it('tiles a fixed-shape export at its own input size', async () => {
    const model = await loadEsrganModel(ort, buildEsrganShapedModel({ fixedSide: 48 }));
    expect(model.fixedSide).toBe(48);
    await model.release();
    const upscaler = await createEsrganUpscaler(ort, await modelFile('x4-fixed48.onnx', { fixedSide: 48 }));
    try {
      const { png } = await samplePng(70, 30);
      const progress: number[] = [];
      const result = await upscaler.upscale({ input: png, format: 'png' }, (_done, total) =>
        progress.push(total),
      );
      expect([result.width, result.height]).toEqual([280, 120]);
      // 48 − 2·10 context = 28-pixel tiles: 3 × 2 of them.
      expect(progress).toEqual([6, 6, 6, 6, 6, 6]);
    } finally {
      await upscaler.release();
    }
  });

  it('refuses a model that is not ×4 when it loads', async () => {
    await expect(createEsrganUpscaler(ort, await modelFile('x2.onnx', { scale: 2 }))).rejects.toThrow(
      /expected a ×4 RGB output/,
    );
  });

  it('refuses a file that is not an ONNX model', async () => {
    const path = join(folder, 'not-a-model.onnx');
    await writeFile(path, 'hello');
    await expect(createEsrganUpscaler(ort, path)).rejects.toThrow();
  });
});
