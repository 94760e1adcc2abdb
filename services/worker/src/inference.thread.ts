// Runs models off the main thread: onnxruntime's session.run() blocks its thread, and the main thread
// must keep renewing BullMQ locks and reporting progress.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '@pictura/common/app-error';
import * as ort from 'onnxruntime-node';
import type { InferenceTask, ThreadMessage, ThreadSetup } from './inference.messages.ts';
import { loadModelRegistry, type ModelRegistry, type WithProvider } from './models/model-registry.ts';
import { loadSafetyClassifier, type SafetyClassifier } from './output/safety-classifier.ts';

const setup = workerData as ThreadSetup;
const port = parentPort!;
const send = (message: ThreadMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** CUDA is asked for only when configured; without its libraries, session creation throws and we use CPU. */
const withProvider: WithProvider = async (create) => {
  const cpu: ort.InferenceSession.SessionOptions = { executionProviders: ['cpu'], intraOpNumThreads: 0 };
  if (setup.executionProvider === 'cuda') {
    try {
      return { value: await create({ executionProviders: ['cuda'] }), provider: 'cuda' };
    } catch (error) {
      console.warn(`CUDA execution provider unavailable, using CPU: ${(error as Error).message}`);
    }
  }
  return { value: await create(cpu), provider: 'cpu' };
};

let registry: ModelRegistry | undefined;
let classifier: SafetyClassifier | undefined;
try {
  registry = await loadModelRegistry({ runtime: ort, modelsDir: setup.modelsDir, withProvider });
  if (setup.safety) {
    const safety = setup.safety;
    classifier = (await withProvider((options) => loadSafetyClassifier(ort, safety, options))).value;
  }
  send({ type: 'ready', models: registry.models });
} catch (error) {
  send({ type: 'boot-failed', message: (error as Error).message });
}

async function run(task: InferenceTask, models: ModelRegistry): Promise<void> {
  const onProgress = (done: number, total: number) => send({ type: 'progress', id: task.id, done, total });
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (task.kind === 'generate') {
    const pipeline = models.generators.get(task.model);
    if (!pipeline) throw new AppError('invalid_argument', `Unknown model: ${task.model}`, 'invalid_input');
    const image = await pipeline.generate(task.params, onProgress);
    const inferenceMs = elapsed();
    const flagged = classifier ? await classifier.isUnsafe(image) : false;
    const data = image.data;
    send({ type: 'done', id: task.id, image: { ...image, data }, inferenceMs, flagged }, [
      data.buffer as ArrayBuffer,
    ]);
    return;
  }
  const upscaler = models.upscalers.get(task.model);
  if (!upscaler) throw new AppError('invalid_argument', `Unknown model: ${task.model}`, 'invalid_input');
  const result = await upscaler.upscale({ input: task.input, format: task.format }, onProgress);
  const data = new Uint8Array(result.data.buffer, result.data.byteOffset, result.data.byteLength);
  const image = { data, format: result.format, width: result.width, height: result.height };
  send({ type: 'upscaled', id: task.id, image, inferenceMs: Math.round(result.inferenceMs) });
}

port.on('message', async (task: InferenceTask) => {
  if (!registry) return;
  try {
    await run(task, registry);
  } catch (error) {
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
