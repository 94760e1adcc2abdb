// The models one inference thread offers: the built-ins, plus every model folder under MODELS_DIR (installed
// by the model installer, or dropped in by an operator; layout in services/common/src/model-manifest.ts).
//
// At boot every model must load, so a broken one stops the worker (the boot check) instead of failing the
// first user's job. A reload (a model installed or removed while the worker runs) keeps what did not change,
// opens what is new, and skips, with a report, what fails to open: a bad download must not stop a worker
// that is serving users.

import { ABSTRACT_GENERATE_MODEL } from '@pictura/common/generation-options';
import { DEFAULT_UPSCALE_MODEL } from '@pictura/common/queues';
import type * as Ort from 'onnxruntime-node';
import { createAbstractPipeline } from '../generate/abstract.pipeline.ts';
import { createEmojiPipeline, emojiModelBytes } from '../generate/emoji/emoji.pipeline.ts';
import { loadSafetyClassifier, type SafetyClassifier } from '../output/safety-classifier.ts';
import { createSdTurboPipeline } from '../pipelines/sd-turbo/sd-turbo.pipeline.ts';
import { createBuiltinUpscaler, createEsrganUpscaler, type Upscaler } from '../upscale/upscale.pipeline.ts';
import { pickDefaults } from './model-defaults.ts';
import {
  builtinEmojiGenerator,
  builtinGenerator,
  builtinUpscaler,
  describeFolder,
  operatorSafety,
} from './model-descriptions.ts';
import { type FolderProblem, type ModelFolder, scanModelFolders } from './model-folders.ts';
import type { Generator, RegisteredModel } from './registered-model.ts';

export { UPSCALE_FOLDER } from './model-folders.ts';
export type { Generator, RegisteredModel } from './registered-model.ts';

type SessionOptions = Ort.InferenceSession.SessionOptions;

/** Creates a model with the configured execution provider (falling back as the caller decides). */
export type WithProvider = <T>(
  create: (options: SessionOptions) => Promise<T>,
) => Promise<{ value: T; provider: string }>;

type Loaded =
  | { kind: 'generate'; value: Generator }
  | { kind: 'upscale'; value: Upscaler }
  | { kind: 'safety'; value: SafetyClassifier & { release?(): Promise<void> } };

interface Entry {
  signature: string;
  model: RegisteredModel;
  loaded: Loaded;
}

export interface ModelRegistry {
  models: RegisteredModel[];
  generators: Map<string, Generator>;
  upscalers: Map<string, Upscaler>;
  classifiers: Map<string, SafetyClassifier>;
  /** Folders skipped on a reload because they failed to open. */
  problems: FolderProblem[];
  /** Loaded models by folder signature, so the next reload reuses them. */
  entries: Map<string, Entry>;
}

export class ModelLoadError extends Error {
  override readonly name = 'ModelLoadError';
}

/** An operator's own classifier (SAFETY_MODEL_PATH), offered as a safety model beside installed ones. */
export interface OperatorSafety {
  path: string;
  unsafeIndices: number[];
  threshold: number;
}

export interface RegistryOptions {
  runtime: typeof Ort;
  modelsDir?: string;
  withProvider?: WithProvider;
  operatorSafety?: OperatorSafety;
  /** The registry being replaced: unchanged folders are reused, not reopened. */
  previous?: ModelRegistry;
}

const cpuOnly: WithProvider = async (create) => ({
  value: await create({ executionProviders: ['cpu'] }),
  provider: 'cpu',
});

async function openFolder(
  runtime: typeof Ort,
  folder: ModelFolder,
  options: SessionOptions,
): Promise<Loaded> {
  const manifest = folder.manifest;
  if (folder.kind === 'generate') {
    const value = await createSdTurboPipeline(runtime, folder.path, {
      sessionOptions: options,
      name: folder.name,
      settings: manifest?.settings,
      ...(manifest?.settings ? { settingsFrom: `${folder.name}/pictura.json` } : {}),
    });
    return { kind: 'generate', value };
  }
  if (folder.kind === 'upscale') {
    const path = folder.path.endsWith('.onnx') ? folder.path : `${folder.path}/model.onnx`;
    return { kind: 'upscale', value: await createEsrganUpscaler(runtime, path, options) };
  }
  const safety = manifest?.safety;
  if (!safety) throw new Error('a safety model needs "safety" (classes, unsafe, threshold) in pictura.json');
  const unsafeIndices = safety.unsafe.map((label) => {
    const index = safety.classes.indexOf(label);
    if (index < 0) throw new Error(`unsafe class "${label}" is not one of its classes`);
    return index;
  });
  const value = await loadSafetyClassifier(
    runtime,
    {
      path: `${folder.path}/model.onnx`,
      unsafeIndices,
      threshold: safety.threshold,
      inputSize: safety.inputSize,
    },
    options,
  );
  return { kind: 'safety', value };
}

function place(registry: ModelRegistry, entry: Entry) {
  const { model, loaded } = entry;
  if (registry.models.some((m) => m.kind === model.kind && m.name === model.name)) {
    throw new ModelLoadError(`model "${model.name}" is defined twice; rename one of them in MODELS_DIR`);
  }
  registry.models.push(model);
  registry.entries.set(entry.signature, entry);
  if (loaded.kind === 'generate') registry.generators.set(model.name, loaded.value);
  else if (loaded.kind === 'upscale') registry.upscalers.set(model.name, loaded.value);
  else registry.classifiers.set(model.name, loaded.value);
}

export async function loadModelRegistry(options: RegistryOptions): Promise<ModelRegistry> {
  const { runtime, modelsDir, previous } = options;
  const withProvider = options.withProvider ?? cpuOnly;
  const strict = !previous;
  const registry: ModelRegistry = {
    models: [],
    generators: new Map(),
    upscalers: new Map(),
    classifiers: new Map(),
    problems: [],
    entries: new Map(),
  };
  const open = async <T extends Loaded>(
    signature: string,
    where: string,
    create: (o: SessionOptions) => Promise<T>,
    describe: (loaded: T, provider: string) => RegisteredModel,
  ): Promise<Entry> => {
    const reused = previous?.entries.get(signature);
    if (reused) return reused;
    try {
      const { value, provider } = await withProvider(create);
      return { signature, loaded: value, model: describe(value, provider) };
    } catch (error) {
      throw new ModelLoadError(`model ${where} failed to load: ${(error as Error).message}`, {
        cause: error,
      });
    }
  };

  place(
    registry,
    await open(
      'builtin:generate',
      '(built in generator)',
      async (o) => ({ kind: 'generate', value: await createAbstractPipeline(runtime, o) }) as const,
      (_, provider) => builtinGenerator(provider),
    ),
  );
  place(
    registry,
    await open(
      'builtin:upscale',
      '(built in upscaler)',
      async (o) => ({ kind: 'upscale', value: await createBuiltinUpscaler(runtime, o) }) as const,
      (_, provider) => builtinUpscaler(provider),
    ),
  );
  // Pictura Emoji draws on the abstract model's background and enlarges with the built-in upscaler: it
  // borrows both (they are released with their own entries, not with it).
  const background = registry.generators.get(ABSTRACT_GENERATE_MODEL)!;
  const upscaler = registry.upscalers.get(DEFAULT_UPSCALE_MODEL)!;
  place(
    registry,
    await open(
      'builtin:emoji',
      '(Pictura Emoji)',
      async (o) =>
        ({
          kind: 'generate',
          value: await createEmojiPipeline(runtime, o, { background, upscaler }),
        }) as const,
      (loaded, provider) =>
        builtinEmojiGenerator(provider, emojiModelBytes(), loaded.value.scenes.concepts, loaded.value),
    ),
  );
  const safety = options.operatorSafety;
  if (safety) {
    place(
      registry,
      await open(
        `operator-safety:${safety.path}`,
        `"operator-safety" at ${safety.path}`,
        async (o) => ({ kind: 'safety', value: await loadSafetyClassifier(runtime, safety, o) }) as const,
        (_, provider) => operatorSafety(provider),
      ),
    );
  }

  if (modelsDir) {
    const { folders, problems } = await scanModelFolders(modelsDir);
    if (strict && problems.length > 0) {
      throw new ModelLoadError(problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
    }
    registry.problems.push(...problems);
    for (const folder of folders) {
      try {
        const entry = await open(
          folder.signature,
          `"${folder.name}" at ${folder.path}`,
          (o) => openFolder(runtime, folder, o),
          (loaded, provider) => describeFolder(folder, loaded, provider),
        );
        place(registry, entry);
      } catch (error) {
        if (strict) throw error;
        registry.problems.push({ path: folder.path, message: (error as Error).message });
      }
    }
  }
  pickDefaults(registry.models);
  return registry;
}

/**
 * Frees what earlier registries held and the current one no longer uses, each model once (a model several
 * reloads kept and the last one dropped is in more than one of them).
 */
export async function releaseDropped(previous: ModelRegistry[], current: ModelRegistry): Promise<void> {
  const dropped = new Set<Entry>();
  for (const registry of previous)
    for (const [signature, entry] of registry.entries)
      if (current.entries.get(signature) !== entry) dropped.add(entry);
  for (const entry of dropped) await entry.loaded.value.release?.().catch(() => {});
}
