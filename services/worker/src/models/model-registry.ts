// The models one inference thread offers: the built-ins, plus what the operator dropped into MODELS_DIR.
//
// Layout rule (one, so an operator can predict it):
//   MODELS_DIR/<name>/            a Stable Diffusion Turbo class export (Hugging Face Optimum ONNX layout)
//                                 → generate model "<name>"
//   MODELS_DIR/upscale/<name>.onnx  a Real-ESRGAN x4 class export → upscale model "<name>"
// Anything else is ignored. Every model is loaded here, so a broken one stops the worker at boot (the boot
// check) instead of failing the first user's job.
import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { DEFAULT_GENERATE_MODEL } from '@pictura/common/generation-options';
import { type AdvertisedModel, DEFAULT_UPSCALE_MODEL } from '@pictura/common/queues';
import type * as Ort from 'onnxruntime-node';
import { createAbstractPipeline, type ImagePipeline } from '../generate/abstract.pipeline.ts';
import { createSdTurboPipeline, detectSdTurboFolder } from '../pipelines/sd-turbo/sd-turbo.pipeline.ts';
import { createBuiltinUpscaler, createEsrganUpscaler, type Upscaler } from '../upscale/upscale.pipeline.ts';

type SessionOptions = Ort.InferenceSession.SessionOptions;

/** Creates a model with the configured execution provider (falling back as the caller decides). */
export type WithProvider = <T>(
  create: (options: SessionOptions) => Promise<T>,
) => Promise<{ value: T; provider: string }>;

export interface RegisteredModel extends AdvertisedModel {
  provider: string;
}

export interface ModelRegistry {
  models: RegisteredModel[];
  generators: Map<string, ImagePipeline>;
  upscalers: Map<string, Upscaler>;
}

/** The folder under MODELS_DIR whose .onnx files are upscale models; it is never a generate model. */
export const UPSCALE_FOLDER = 'upscale';

export class ModelLoadError extends Error {
  override readonly name = 'ModelLoadError';
}

const cpuOnly: WithProvider = async (create) => ({
  value: await create({ executionProviders: ['cpu'] }),
  provider: 'cpu',
});

async function entriesOf(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function loadModelRegistry(options: {
  runtime: typeof Ort;
  modelsDir?: string;
  withProvider?: WithProvider;
}): Promise<ModelRegistry> {
  const { runtime, modelsDir } = options;
  const withProvider = options.withProvider ?? cpuOnly;
  const registry: ModelRegistry = { models: [], generators: new Map(), upscalers: new Map() };
  const add = (model: RegisteredModel) => {
    if (registry.models.some((m) => m.kind === model.kind && m.name === model.name)) {
      throw new ModelLoadError(`model "${model.name}" is defined twice; rename one of them in MODELS_DIR`);
    }
    registry.models.push(model);
  };
  const load = async <T>(name: string, path: string, create: (options: SessionOptions) => Promise<T>) => {
    try {
      return await withProvider(create);
    } catch (error) {
      throw new ModelLoadError(`model "${name}" at ${path} failed to load: ${(error as Error).message}`, {
        cause: error,
      });
    }
  };

  const abstract = await load(DEFAULT_GENERATE_MODEL, '(built in)', (o) =>
    createAbstractPipeline(runtime, o),
  );
  registry.generators.set(DEFAULT_GENERATE_MODEL, abstract.value);
  add({
    name: DEFAULT_GENERATE_MODEL,
    kind: 'generate',
    title: 'Pictura Abstract',
    description:
      'Built-in abstract-art model: a pattern-producing network the project builds, not a trained diffusion model.',
    builtin: true,
    isDefault: true,
    provider: abstract.provider,
  });
  const builtinUpscaler = await load(DEFAULT_UPSCALE_MODEL, '(built in)', (o) =>
    createBuiltinUpscaler(runtime, o),
  );
  registry.upscalers.set(DEFAULT_UPSCALE_MODEL, builtinUpscaler.value);
  add({
    name: DEFAULT_UPSCALE_MODEL,
    kind: 'upscale',
    title: 'Pictura Upscale 4x',
    description:
      'Built-in 4x upscaler: a sharpened, edge-aware resampling graph the project builds, not a trained network.',
    builtin: true,
    isDefault: true,
    provider: builtinUpscaler.provider,
  });

  if (!modelsDir) return registry;
  for (const entry of await entriesOf(modelsDir)) {
    if (!entry.isDirectory() || entry.name === UPSCALE_FOLDER) continue;
    const dir = join(modelsDir, entry.name);
    if (!(await detectSdTurboFolder(dir))) continue;
    const loaded = await load(entry.name, dir, (o) =>
      createSdTurboPipeline(runtime, dir, { sessionOptions: o, name: entry.name }),
    );
    add({
      name: entry.name,
      kind: 'generate',
      title: entry.name,
      description: `Stable Diffusion Turbo class model (${loaded.value.info.family}) supplied by the operator.`,
      builtin: false,
      isDefault: false,
      provider: loaded.provider,
    });
    registry.generators.set(entry.name, loaded.value);
  }
  const upscaleDir = join(modelsDir, UPSCALE_FOLDER);
  for (const entry of await entriesOf(upscaleDir)) {
    if (!entry.isFile() || extname(entry.name).toLowerCase() !== '.onnx') continue;
    const name = entry.name.slice(0, -'.onnx'.length);
    const path = join(upscaleDir, entry.name);
    const loaded = await load(name, path, (o) => createEsrganUpscaler(runtime, path, o));
    add({
      name,
      kind: 'upscale',
      title: name,
      description: 'Real-ESRGAN class 4x model supplied by the operator.',
      builtin: false,
      isDefault: false,
      provider: loaded.provider,
    });
    registry.upscalers.set(name, loaded.value);
  }
  return registry;
}
