import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import {
  CAT,
  expectedImage,
  maxDifference,
  params,
  useTinyFolders,
} from '../../../test/pipelines/sd-turbo/sd-turbo.expected.ts';
import type { TinyFolderOptions } from '../../../test/pipelines/sd-turbo/sd-turbo.fixture.ts';
import { createSdTurboPipeline, readFolderSettings, type SdTurboOptions } from './sd-turbo.pipeline.ts';

const { tinyFolder, render } = useTinyFolders();

const SCHEDULER = {
  beta_start: 0.00085,
  beta_end: 0.012,
  beta_schedule: 'scaled_linear',
  num_train_timesteps: 1000,
};
/** Stable Diffusion 1.5's own scheduler: trained for ~50 guided steps, not distilled. */
const SD15_SCHEDULER = {
  ...SCHEDULER,
  _class_name: 'PNDMScheduler',
  steps_offset: 1,
  timestep_spacing: 'leading',
};
const LCM_SCHEDULER = { ...SCHEDULER, _class_name: 'LCMScheduler', original_inference_steps: 50 };

async function load(folder: TinyFolderOptions, options: SdTurboOptions = {}) {
  return createSdTurboPipeline(ort, await tinyFolder(folder), {
    sessionOptions: { executionProviders: ['cpu'] },
    ...options,
  });
}

describe('steps and guidance per model', () => {
  it('gives a Turbo model (trailing timesteps) 1 step without guidance, and says the negative prompt does nothing', async () => {
    const { info, progress } = await render({}, {}, params({ negativePrompt: 'blurry' }));
    expect(info).toMatchObject({
      steps: 1,
      guidanceScale: 0,
      settingsFrom: 'turbo defaults',
      distilled: 'turbo',
      negativePromptUsed: false,
      nativeWidth: 512,
      nativeHeight: 512,
      fixedSize: false,
    });
    expect(progress).toHaveLength(2);
  });

  it('gives an LCM model 4 steps with embedded guidance 8.5', async () => {
    const { info, progress } = await render(
      { guidanceEmbedding: true, schedulerConfig: LCM_SCHEDULER },
      {},
      params({ negativePrompt: 'blurry' }),
    );
    expect(info).toMatchObject({
      scheduler: 'lcm',
      steps: 4,
      guidanceScale: 8.5,
      settingsFrom: 'lcm defaults',
      distilled: 'lcm',
      negativePromptUsed: false,
    });
    expect(progress).toHaveLength(5);
  });

  it('refuses at load a model that is not distilled and says nothing of its steps, naming the folder and the fix', async () => {
    const dir = await tinyFolder({ schedulerConfig: SD15_SCHEDULER });
    const loading = createSdTurboPipeline(ort, dir, {});
    await expect(loading).rejects.toMatchObject({
      code: 'failed_precondition',
      reason: 'model_settings_required',
    });
    await expect(loading).rejects.toThrow(
      `Stable Diffusion model folder ${dir} is not a distilled few-step model (its scheduler is ` +
        'PNDMScheduler with timestep_spacing "leading", neither Turbo\'s "trailing" nor LCM), so it needs its ' +
        `steps and guidance: set them in ${join(dir, 'pictura.json')}`,
    );
  });

  it("runs a model with the steps and guidance of its folder's pictura.json, negative prompt included", async () => {
    const manifest = { title: 'My SD 1.5', settings: { steps: 3, guidance: 7 } };
    const dir = await tinyFolder({ schedulerConfig: SD15_SCHEDULER, manifest });
    expect(await readFolderSettings(dir)).toEqual({ steps: 3, guidance: 7 });
    const pipeline = await createSdTurboPipeline(ort, dir, {});
    try {
      expect(pipeline.info).toMatchObject({
        steps: 3,
        guidanceScale: 7,
        settingsFrom: 'pictura.json',
        negativePromptUsed: true,
        nativeWidth: 512,
      });
      expect(pipeline.info.distilled).toBeUndefined();
      const progress: number[] = [];
      await pipeline.generate(params({ negativePrompt: 'blurry' }), (done) => progress.push(done));
      expect(progress).toEqual([1, 2, 3, 4]);
    } finally {
      await pipeline.release();
    }
  });

  it("prefers the settings it is given (the catalogue's) to the folder's", async () => {
    const manifest = { settings: { steps: 3, guidance: 7 } };
    const pipeline = await load(
      { schedulerConfig: SD15_SCHEDULER, manifest },
      { settings: { steps: 2, guidance: 0, width: 768, height: 768 }, settingsFrom: 'catalogue' },
    );
    try {
      expect(pipeline.info).toMatchObject({
        steps: 2,
        guidanceScale: 0,
        settingsFrom: 'catalogue',
        negativePromptUsed: false,
        nativeWidth: 768,
        nativeHeight: 768,
      });
      expect(pipeline.renderSize(512, 512)).toEqual({ width: 768, height: 768 });
    } finally {
      await pipeline.release();
    }
  });

  it('reads no settings from a folder without pictura.json, and names a broken one', async () => {
    expect(await readFolderSettings(await tinyFolder())).toBeUndefined();
    const dir = await tinyFolder({ manifest: { settings: { steps: 0, guidance: 7 } } });
    await expect(readFolderSettings(dir)).rejects.toThrow(`${dir}/pictura.json is not valid: settings.steps`);
    await writeFile(join(dir, 'pictura.json'), '{ not json');
    await expect(readFolderSettings(dir)).rejects.toThrow(`${dir}/pictura.json is not JSON`);
  });
});

describe('VAE decoder precision', () => {
  const sdxlTurbo = {
    ...SCHEDULER,
    _class_name: 'EulerAncestralDiscreteScheduler',
    timestep_spacing: 'trailing',
  };

  it('refuses an SDXL model with a float16 VAE decoder unless the settings say it is safe (upcastVae)', async () => {
    const folder: TinyFolderOptions = { sdxl: true, schedulerConfig: sdxlTurbo, vaePrecision: 'float16' };
    await expect(load(folder)).rejects.toMatchObject({
      code: 'failed_precondition',
      reason: 'vae_needs_upcast',
      message: expect.stringContaining('has a float16 VAE decoder, which overflows into NaN'),
    });
    const pipeline = await load({
      ...folder,
      manifest: { settings: { steps: 1, guidance: 0, upcastVae: true } },
    });
    try {
      expect(pipeline.info).toMatchObject({
        family: 'sdxl',
        vaeType: 'float16',
        settingsFrom: 'pictura.json',
      });
      const image = await pipeline.generate(params());
      expect(new Set(image.data).size).toBeGreaterThan(50);
    } finally {
      await pipeline.release();
    }
  });

  it('keeps a float16 VAE on SD 1.x/2.x, which does not overflow', async () => {
    const { image, info } = await render({ vaePrecision: 'float16' }, {}, params());
    expect(info.vaeType).toBe('float16');
    expect(maxDifference(image, expectedImage(CAT))).toBeLessThanOrEqual(3);
  });

  it('fails the job with a clear error instead of a black picture when the decoded image is NaN', async () => {
    const pipeline = await load({ vaeOverflow: true });
    try {
      await expect(pipeline.generate(params())).rejects.toMatchObject({
        name: 'AppError',
        reason: 'model_output_invalid',
        message: expect.stringMatching(/^The model produced an invalid image/),
      });
    } finally {
      await pipeline.release();
    }
  });
});

describe('fixed-shape exports and warm-up', () => {
  it('advertises the one size a fixed-shape export takes and refuses others as invalid input', async () => {
    const pipeline = await load({ fixedSize: { width: 256, height: 192 } });
    try {
      expect(pipeline.info).toMatchObject({ fixedSize: true, nativeWidth: 256, nativeHeight: 192 });
      expect(pipeline.renderSize(256, 192)).toEqual({ width: 256, height: 192 });
      await expect(pipeline.generate(params())).rejects.toMatchObject({
        code: 'invalid_argument',
        reason: 'bad_image_size',
      });
      const image = await pipeline.generate(params({ width: 256, height: 192 }));
      expect([image.width, image.height]).toEqual([256, 192]);
    } finally {
      await pipeline.release();
    }
  });

  it('refuses at load settings that give a fixed-shape export another size', async () => {
    await expect(
      load(
        { fixedSize: { width: 256, height: 192 } },
        { settings: { steps: 1, guidance: 0, width: 512, height: 512 } },
      ),
    ).rejects.toThrow('was exported for 256×192 images only, but its settings say 512×512');
  });

  /** onnxruntime with every VAE decode's image size recorded. */
  function recordingRuntime(decoded: string[]): typeof ort {
    const create = async (path: string, options: ort.InferenceSession.SessionOptions) => {
      const session = await ort.InferenceSession.create(path, options);
      if (!path.includes('vae_decoder')) return session;
      const run = session.run.bind(session);
      session.run = ((feeds: Record<string, ort.Tensor>, fetches: string[]) => {
        const [, , h, w] = feeds.latent_sample.dims;
        decoded.push(`${w * 8}x${h * 8}`);
        return run(feeds, fetches);
      }) as typeof session.run;
      return session;
    };
    return { ...ort, InferenceSession: { create } } as unknown as typeof ort;
  }

  it('warms up by rendering once at every size it advertises', async () => {
    const decoded: string[] = [];
    const pipeline = await createSdTurboPipeline(recordingRuntime(decoded), await tinyFolder(), {});
    try {
      await pipeline.warmUp();
      expect(decoded.sort()).toEqual(
        ['512x512', '448x640', '640x448', '448x576', '576x448', '384x704', '704x384'].sort(),
      );
    } finally {
      await pipeline.release();
    }
    decoded.length = 0;
    const fixed = await createSdTurboPipeline(
      recordingRuntime(decoded),
      await tinyFolder({ fixedSize: { width: 256, height: 192 } }),
      {},
    );
    try {
      await fixed.warmUp();
      expect(decoded).toEqual(['256x192']);
    } finally {
      await fixed.release();
    }
  });
});
