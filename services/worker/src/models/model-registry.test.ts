import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { writeTinySdFolder } from '../pipelines/sd-turbo/sd-turbo.fixture.ts';
import { buildEsrganShapedModel } from '../upscale/test-models.fixture.ts';
import { loadModelRegistry, ModelLoadError } from './model-registry.ts';

const dirs: string[] = [];
async function modelsDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pictura-models-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const params = {
  prompt: 'a cat',
  negativePrompt: '',
  width: 64,
  height: 64,
  seed: 1,
  style: 'none',
  color: 'none',
  lighting: 'none',
  composition: 'none',
} as const;

describe('model registry', () => {
  it('always offers the built-in generator and upscaler as the defaults', async () => {
    const registry = await loadModelRegistry({ runtime: ort });
    expect(
      registry.models.map(({ name, kind, builtin, isDefault }) => ({ name, kind, builtin, isDefault })),
    ).toEqual([
      { name: 'pictura-abstract', kind: 'generate', builtin: true, isDefault: true },
      { name: 'pictura-upscale-x4', kind: 'upscale', builtin: true, isDefault: true },
    ]);
    // Users must not mistake the built-in generator for a diffusion model.
    expect(registry.models[0]!.description).toMatch(/abstract-art model.*not a trained diffusion model/);
  });

  it('adds an SD-Turbo folder as a generator and upscale/*.onnx as upscalers, each of them runnable', async () => {
    const dir = await modelsDir();
    await writeTinySdFolder(join(dir, 'tiny-turbo'));
    await mkdir(join(dir, 'upscale'));
    await writeFile(join(dir, 'upscale', 'tiny-esrgan-x4.onnx'), buildEsrganShapedModel());
    await mkdir(join(dir, 'notes'));
    await writeFile(join(dir, 'README.txt'), 'ignored');

    const registry = await loadModelRegistry({ runtime: ort, modelsDir: dir });
    expect(registry.models).toContainEqual(
      expect.objectContaining({
        name: 'tiny-turbo',
        kind: 'generate',
        builtin: false,
        isDefault: false,
        provider: 'cpu',
      }),
    );
    expect(registry.models).toContainEqual(
      expect.objectContaining({ name: 'tiny-esrgan-x4', kind: 'upscale', builtin: false, isDefault: false }),
    );
    expect(registry.models).toHaveLength(4);

    const image = await registry.generators.get('tiny-turbo')!.generate(params);
    expect([image.width, image.height]).toEqual([64, 64]);
    const input = await sharp({ create: { width: 10, height: 6, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const upscaled = await registry.upscalers.get('tiny-esrgan-x4')!.upscale({ input, format: 'png' });
    expect([upscaled.width, upscaled.height]).toEqual([40, 24]);
  });

  it('refuses to start with a model that does not load, naming it', async () => {
    const dir = await modelsDir();
    await mkdir(join(dir, 'upscale'));
    await writeFile(join(dir, 'upscale', 'broken.onnx'), Buffer.from('not an onnx model'));
    const loading = loadModelRegistry({ runtime: ort, modelsDir: dir });
    await expect(loading).rejects.toThrow(ModelLoadError);
    await expect(loading).rejects.toThrow(/model "broken" at .*broken\.onnx failed to load/);
  });

  it('refuses an operator model that takes a built-in name', async () => {
    const dir = await modelsDir();
    await mkdir(join(dir, 'upscale'));
    await writeFile(join(dir, 'upscale', 'pictura-upscale-x4.onnx'), buildEsrganShapedModel());
    await expect(loadModelRegistry({ runtime: ort, modelsDir: dir })).rejects.toThrow(/defined twice/);
  });
});
