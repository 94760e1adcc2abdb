// Runs models off the main thread: onnxruntime's session.run() blocks its thread, and the main thread
// must keep renewing BullMQ locks and reporting progress.
import { parentPort, workerData } from 'node:worker_threads';
import * as ort from 'onnxruntime-node';
import { createAbstractPipeline, type ImagePipeline } from './generate/abstract.pipeline.ts';
import type { InferenceTask, ThreadMessage, ThreadSetup } from './inference.messages.ts';
import { DEFAULT_GENERATE_MODEL } from '@pictura/common/generation-options';

const setup = workerData as ThreadSetup;
const port = parentPort!;
const send = (message: ThreadMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** CUDA is asked for only when configured; without its libraries, session creation throws and we use CPU. */
async function withProvider<T>(create: (options: ort.InferenceSession.SessionOptions) => Promise<T>) {
  const cpu: ort.InferenceSession.SessionOptions = { executionProviders: ['cpu'], intraOpNumThreads: 0 };
  if (setup.executionProvider === 'cuda') {
    try {
      return { value: await create({ executionProviders: ['cuda'] }), provider: 'cuda' };
    } catch (error) {
      console.warn(`CUDA execution provider unavailable, using CPU: ${(error as Error).message}`);
    }
  }
  return { value: await create(cpu), provider: 'cpu' };
}

const pipelines = new Map<string, ImagePipeline>();

try {
  const abstract = await withProvider((options) => createAbstractPipeline(ort, options));
  pipelines.set(DEFAULT_GENERATE_MODEL, abstract.value);
  send({
    type: 'ready',
    models: [...pipelines.keys()].map((name) => ({ name, kind: 'generate', provider: abstract.provider })),
  });
} catch (error) {
  send({ type: 'boot-failed', message: (error as Error).message });
}

port.on('message', async (task: InferenceTask) => {
  const pipeline = pipelines.get(task.model);
  if (!pipeline) {
    send({ type: 'failed', id: task.id, message: `Unknown model: ${task.model}`, invalidInput: true });
    return;
  }
  try {
    const started = performance.now();
    const image = await pipeline.generate(task.params, (done, total) =>
      send({ type: 'progress', id: task.id, done, total }),
    );
    const inferenceMs = Math.round(performance.now() - started);
    const data = image.data;
    send({ type: 'done', id: task.id, image: { ...image, data }, inferenceMs }, [data.buffer as ArrayBuffer]);
  } catch (error) {
    send({ type: 'failed', id: task.id, message: (error as Error).message, invalidInput: false });
  }
});
