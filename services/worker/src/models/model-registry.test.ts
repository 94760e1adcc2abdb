import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { writeTinySdFolder } from '../../test/pipelines/sd-turbo/sd-turbo.fixture.ts';
import { buildEsrganShapedModel } from '../../test/upscale/test-models.fixture.ts';
import { loadModelRegistry, ModelLoadError, releaseDropped } from './model-registry.ts';

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
  it('always offers the built-ins, Pictura Emoji and the built-in upscaler as the defaults', async () => {
    const registry = await loadModelRegistry({ runtime: ort });
    expect(
      registry.models.map(({ name, kind, builtin, isDefault }) => ({ name, kind, builtin, isDefault })),
    ).toEqual([
      { name: 'pictura-abstract', kind: 'generate', builtin: true, isDefault: false },
      { name: 'pictura-upscale-x4', kind: 'upscale', builtin: true, isDefault: true },
      { name: 'pictura-emoji', kind: 'generate', builtin: true, isDefault: true },
    ]);
    // Users must not mistake the abstract generator for a diffusion model, nor Pictura Emoji for a general one.
    expect(registry.models[0]!.description).toMatch(/abstract-art model.*not a trained diffusion model/);
    const emoji = registry.models[2]!;
    expect(emoji.title).toBe('Pictura Scenes');
    const drawn =
      /scene of up to five things from the ([\d,]+) it can draw \(from its picture library.*built-in scene painter/.exec(
        emoji.description,
      );
    // The library's count, more than the 1,378 emoji Pictura Emoji learned.
    expect(Number(drawn?.[1]?.replace(/,/g, ''))).toBeGreaterThan(2000);
    expect(emoji.sizeBytes).toBeGreaterThan(1_000_000);
  });

  it('adds an SD-Turbo folder as a generator (and the default) and upscale/*.onnx as upscalers, each runnable', async () => {
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
        title: 'Tiny Turbo',
        builtin: false,
        // A real model the operator put in place is what users get when they name none.
        isDefault: true,
        provider: 'cpu',
        licence: expect.objectContaining({ name: 'Not stated', commercialUse: false }),
        settings: expect.objectContaining({ steps: 1, guidance: 0, negativePrompt: false }),
      }),
    );
    expect(registry.models.find((m) => m.name === 'pictura-abstract')?.isDefault).toBe(false);
    expect(registry.models.find((m) => m.name === 'pictura-emoji')?.isDefault).toBe(false);
    expect(registry.models).toContainEqual(
      expect.objectContaining({ name: 'tiny-esrgan-x4', kind: 'upscale', builtin: false, isDefault: false }),
    );
    expect(registry.models).toHaveLength(5);

    // A Turbo model renders at its native area (512² unless its settings say otherwise).
    const generator = registry.generators.get('tiny-turbo')!;
    const size = generator.renderSize!(params.width, params.height);
    expect(size).toEqual({ width: 512, height: 512 });
    const image = await generator.generate({ ...params, ...size });
    expect([image.width, image.height]).toEqual([512, 512]);
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

  it('reads installed models of every kind from their pictura.json, with licence, size and source', async () => {
    const dir = await modelsDir();
    await writeTinySdFolder(join(dir, 'tiny-turbo'));
    await writeFile(
      join(dir, 'tiny-turbo', 'pictura.json'),
      JSON.stringify({
        id: 'tiny-turbo',
        kind: 'generate',
        title: 'Tiny Turbo (test)',
        source: 'hf:test/tiny-turbo@0123',
        licence: { name: 'sai-nc-community', url: 'https://example.org/licence', commercialUse: false },
        settings: { steps: 2, guidance: 0 },
        installedAt: '2026-11-26T10:00:00.000Z',
      }),
    );
    await mkdir(join(dir, 'hq-x4'));
    await writeFile(join(dir, 'hq-x4', 'model.onnx'), buildEsrganShapedModel());
    await writeFile(
      join(dir, 'hq-x4', 'pictura.json'),
      JSON.stringify({
        kind: 'upscale',
        title: 'HQ 4x',
        upscale: { scale: 4 },
        timing: { cpu: 8500 },
        licence: { name: 'MIT', url: 'https://example.org/mit', commercialUse: true },
      }),
    );
    const registry = await loadModelRegistry({ runtime: ort, modelsDir: dir });
    const turbo = registry.models.find((m) => m.name === 'tiny-turbo')!;
    expect(turbo).toMatchObject({
      title: 'Tiny Turbo (test)',
      source: 'hf:test/tiny-turbo@0123',
      installedAt: '2026-11-26T10:00:00.000Z',
      licence: { name: 'sai-nc-community', commercialUse: false },
      settings: { steps: 2, guidance: 0 },
      isDefault: true,
    });
    expect(turbo.sizeBytes).toBeGreaterThan(1000);
    expect(registry.models.find((m) => m.name === 'hq-x4')).toMatchObject({
      kind: 'upscale',
      title: 'HQ 4x',
      msPerOutputMegapixel: 8500,
      // The slow high-quality model is chosen on purpose, never by default.
      isDefault: false,
    });
  });

  it("skips the installer's work in progress and refuses a folder whose pictura.json is invalid", async () => {
    const dir = await modelsDir();
    await writeTinySdFolder(join(dir, '.partial', 'half-done'));
    expect((await loadModelRegistry({ runtime: ort, modelsDir: dir })).models).toHaveLength(3);
    await mkdir(join(dir, 'odd'));
    await writeFile(join(dir, 'odd', 'pictura.json'), JSON.stringify({ kind: 'teleport' }));
    await expect(loadModelRegistry({ runtime: ort, modelsDir: dir })).rejects.toThrow(
      /odd\/pictura\.json is not valid/,
    );
  });

  it('on reload keeps unchanged models, opens new ones, drops removed ones and skips broken ones', async () => {
    const dir = await modelsDir();
    await mkdir(join(dir, 'upscale'));
    await writeFile(join(dir, 'upscale', 'first-x4.onnx'), buildEsrganShapedModel());
    const before = await loadModelRegistry({ runtime: ort, modelsDir: dir });
    const first = before.upscalers.get('first-x4');

    await rm(join(dir, 'upscale', 'first-x4.onnx'));
    await writeFile(join(dir, 'upscale', 'second-x4.onnx'), buildEsrganShapedModel());
    await writeFile(join(dir, 'upscale', 'broken.onnx'), 'not a model');
    const after = await loadModelRegistry({ runtime: ort, modelsDir: dir, previous: before });
    expect(after.upscalers.has('first-x4')).toBe(false);
    expect(after.upscalers.has('second-x4')).toBe(true);
    expect(after.problems).toEqual([expect.objectContaining({ message: expect.stringMatching(/"broken"/) })]);
    // The built-ins were not reopened.
    expect(after.generators.get('pictura-abstract')).toBe(before.generators.get('pictura-abstract'));
    // Freed once, even when it appears in several retired registries; what stays keeps working.
    await releaseDropped([before, before], after);
    const input = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    await expect(first!.upscale({ input, format: 'png' })).rejects.toThrow();
    expect((await after.upscalers.get('second-x4')!.upscale({ input, format: 'png' })).width).toBe(32);
  });
});
