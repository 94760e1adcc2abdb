// Runs models off the main thread: onnxruntime's session.run() blocks its thread, and the main thread
// must keep renewing BullMQ locks and reporting progress.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '@pictura/common/app-error';
import { JOB_CANCELLED_REASON } from '@pictura/common/queues';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { RenderedImage } from './generate/abstract.pipeline.ts';
import type { InferenceTask, ThreadMessage, ThreadSetup } from './inference.messages.ts';
import {
  loadModelRegistry,
  type ModelRegistry,
  releaseDropped,
  type WithProvider,
} from './models/model-registry.ts';
import type { SafetyClassifier } from './output/safety-classifier.ts';

const setup = workerData as ThreadSetup;
const port = parentPort!;
const send = (message: ThreadMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** CUDA is asked for only when configured; without its libraries, session creation throws and we use CPU. */
const withProvider: WithProvider = async (create) => {
  const cpu: ort.InferenceSession.SessionOptions = {
    executionProviders: ['cpu'],
    intraOpNumThreads: setup.intraOpThreads,
  };
  if (setup.executionProvider === 'cuda') {
    try {
      return { value: await create({ executionProviders: ['cuda'] }), provider: 'cuda' };
    } catch (error) {
      console.warn(`CUDA execution provider unavailable, using CPU: ${(error as Error).message}`);
    }
  }
  return { value: await create(cpu), provider: 'cpu' };
};

const registryOptions = {
  runtime: ort,
  modelsDir: setup.modelsDir,
  withProvider,
  operatorSafety: setup.operatorSafety,
};

/** On CUDA the first run of each shape compiles kernels: pay for it at boot, not in a user's job. */
async function warmUp(registry: ModelRegistry, only?: Set<string>) {
  for (const model of registry.models) {
    if (model.kind !== 'generate' || model.provider !== 'cuda' || (only && !only.has(model.name))) continue;
    await registry.generators.get(model.name)?.warmUp?.();
  }
}

let registry: ModelRegistry | undefined;
try {
  registry = await loadModelRegistry(registryOptions);
  await warmUp(registry);
  send({ type: 'ready', models: registry.models });
} catch (error) {
  send({ type: 'boot-failed', message: (error as Error).message });
}

// Tasks hold the models they started with; models dropped by a reload are freed once no task is running.
let running = 0;
const retired: ModelRegistry[] = [];
async function freeRetired() {
  if (running > 0 || !registry) return;
  await releaseDropped(retired.splice(0), registry);
}

/**
 * The requested classifier, else this worker's default one, else none (the prompt check still applies).
 * An empty name means the administrator turned the image check off.
 */
function classifierFor(models: ModelRegistry, name?: string): SafetyClassifier | undefined {
  if (name === '') return undefined;
  const chosen = name === undefined ? undefined : models.classifiers.get(name);
  if (chosen) return chosen;
  const fallback = models.models.find((m) => m.kind === 'safety' && m.isDefault);
  return fallback ? models.classifiers.get(fallback.name) : undefined;
}

/** The upscale's source, decoded small enough for a classifier that looks at 224 px anyway. */
async function decodeForCheck(input: Uint8Array): Promise<RenderedImage> {
  const { data, info } = await sharp(input)
    .rotate()
    .resize(448, 448, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/** Thrown from a progress callback, inside the model's loop, once the task's job is cancelled. */
class TaskCancelled extends Error {}

async function run(task: Exclude<InferenceTask, { kind: 'reload' }>, models: ModelRegistry): Promise<void> {
  const cancel = task.cancel ? new Int32Array(task.cancel) : undefined;
  // Every model reports progress between its steps (denoising steps, upscale tiles): the place to stop.
  const onProgress = (done: number, total: number) => {
    if (cancel && Atomics.load(cancel, 0) === 1) throw new TaskCancelled();
    send({ type: 'progress', id: task.id, done, total });
  };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (task.kind === 'generate') {
    const pipeline = models.generators.get(task.model);
    if (!pipeline) throw new AppError('invalid_argument', `Unknown model: ${task.model}`, 'invalid_input');
    if (task.params.init && !pipeline.imageInput) {
      throw new AppError(
        'invalid_argument',
        `${task.model} cannot start from an image`,
        'unsupported_model_capability',
      );
    }
    // Jobs refuses this where it knows the model; a job queued before a model changed ends here, never
    // with an opaque picture in place of the transparent one asked for.
    if (task.params.transparent && !pipeline.transparentBackground) {
      throw new AppError(
        'invalid_argument',
        `${task.model} cannot make a transparent background`,
        'background_unsupported',
      );
    }
    const size = pipeline.renderSize?.(task.params.width, task.params.height) ?? task.params;
    const image = await pipeline.generate({ ...task.params, ...size }, onProgress);
    if (task.params.transparent && image.channels !== 4) {
      throw new AppError(
        'failed_precondition',
        `${task.model} returned ${image.channels} channels for a transparent background`,
        'model_output_invalid',
      );
    }
    const inferenceMs = elapsed();
    const generator = models.models.find((m) => m.kind === 'generate' && m.name === task.model);
    const classifier =
      generator?.settings?.imageCheck === false ? undefined : classifierFor(models, task.safetyModel);
    const flagged = classifier ? await classifier.isUnsafe(image) : false;
    // A fresh copy can always move to the main thread. The pixels themselves may sit in memory that cannot
    // (a Buffer from sharp or from Node's pool): Node 20 quietly copied those, Node 24 refuses the message.
    const data = new Uint8Array(image.data);
    send({ type: 'done', id: task.id, image: { ...image, data }, inferenceMs, flagged }, [
      data.buffer as ArrayBuffer,
    ]);
    return;
  }
  const upscaler = models.upscalers.get(task.model);
  if (!upscaler) throw new AppError('invalid_argument', `Unknown model: ${task.model}`, 'invalid_input');
  const result = await upscaler.upscale({ input: task.input, format: task.format }, onProgress);
  const classifier = classifierFor(models, task.safetyModel);
  const flagged = classifier ? await classifier.isUnsafe(await decodeForCheck(task.input)) : false;
  const data = new Uint8Array(result.data.buffer, result.data.byteOffset, result.data.byteLength);
  const image = { data, format: result.format, width: result.width, height: result.height };
  send({ type: 'upscaled', id: task.id, image, inferenceMs: Math.round(result.inferenceMs), flagged });
}

async function reload(id: number) {
  const previous = registry!;
  const next = await loadModelRegistry({ ...registryOptions, previous });
  const added = new Set(
    next.models.filter((m) => !previous.models.some((p) => p.name === m.name)).map((m) => m.name),
  );
  await warmUp(next, added);
  registry = next;
  retired.push(previous);
  await freeRetired();
  send({ type: 'reloaded', id, models: next.models, problems: next.problems });
}

port.on('message', async (task: InferenceTask) => {
  if (!registry) return;
  try {
    if (task.kind === 'reload') {
      await reload(task.id);
      return;
    }
    running++;
    try {
      await run(task, registry);
    } finally {
      running--;
      await freeRetired();
    }
  } catch (error) {
    if (error instanceof TaskCancelled) {
      send({
        type: 'failed',
        id: task.id,
        message: 'cancelled',
        invalidInput: false,
        reason: JOB_CANCELLED_REASON,
      });
      return;
    }
    // AppErrors are the models refusing their input (unknown model, not an image, too large): retrying won't help.
    const refused = error instanceof AppError && error.code !== 'internal' && error.code !== 'unavailable';
    send({
      type: 'failed',
      id: task.id,
      message: (error as Error).message,
      invalidInput: refused,
      reason: refused ? (error as AppError).reason : undefined,
    });
  }
});
