// The main thread's side of the inference threads: hands out tasks, relays progress, survives a crash.
import { Worker } from 'node:worker_threads';
import type { GenerateParams, RenderedImage } from './generate/abstract.pipeline.ts';
import type { InferenceTask, ThreadMessage, ThreadSetup } from './inference.messages.ts';

export class InferenceError extends Error {
  constructor(
    message: string,
    readonly invalidInput: boolean,
  ) {
    super(message);
  }
}

interface Pending {
  resolve(value: { image: RenderedImage; inferenceMs: number }): void;
  reject(error: Error): void;
  onProgress?: (done: number, total: number) => void;
}

interface Thread {
  worker: Worker;
  busy: number;
}

export interface InferencePool {
  /** Models every thread loaded, for the registry and the boot check. */
  models: { name: string; kind: 'generate' | 'upscale'; provider: string }[];
  generate(
    model: string,
    params: GenerateParams,
    onProgress?: (done: number, total: number) => void,
  ): Promise<{ image: RenderedImage; inferenceMs: number }>;
  close(): Promise<void>;
}

const THREAD_FILE = new URL('./inference.thread.mjs', import.meta.url);

export async function createInferencePool(setup: ThreadSetup, size: number): Promise<InferencePool> {
  const pending = new Map<number, Pending>();
  let nextId = 1;

  function startThread(): Promise<{ thread: Thread; models: InferencePool['models'] }> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(THREAD_FILE, { workerData: setup });
      const thread: Thread = { worker, busy: 0 };
      worker.on('message', (message: ThreadMessage) => {
        switch (message.type) {
          case 'ready':
            resolve({ thread, models: message.models });
            return;
          case 'boot-failed':
            reject(new Error(`inference thread could not load its models: ${message.message}`));
            return;
          case 'progress':
            pending.get(message.id)?.onProgress?.(message.done, message.total);
            return;
          case 'done':
            thread.busy--;
            pending.get(message.id)?.resolve({
              image: { ...message.image, data: new Uint8Array(message.image.data) },
              inferenceMs: message.inferenceMs,
            });
            pending.delete(message.id);
            return;
          case 'failed':
            thread.busy--;
            pending.get(message.id)?.reject(new InferenceError(message.message, message.invalidInput));
            pending.delete(message.id);
            return;
        }
      });
      worker.on('error', reject);
    });
  }

  const started = await Promise.all(Array.from({ length: size }, startThread));
  const threads = started.map((s) => s.thread);
  for (const thread of threads) {
    thread.worker.on('exit', (code) => {
      if (code !== 0) {
        for (const entry of pending.values()) entry.reject(new InferenceError('inference thread stopped', false));
        pending.clear();
      }
    });
  }

  return {
    models: started[0]!.models,
    generate(model, params, onProgress) {
      const thread = threads.reduce((a, b) => (b.busy < a.busy ? b : a));
      const id = nextId++;
      thread.busy++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, onProgress });
        const task: InferenceTask = { id, kind: 'generate', model, params };
        thread.worker.postMessage(task);
      });
    },
    async close() {
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}
