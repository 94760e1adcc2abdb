// The main thread's side of the inference threads: hands out tasks, relays progress, survives a crash.
import { Worker } from 'node:worker_threads';
import { JOB_CANCELLED_REASON, type UpscaleFormat } from '@pictura/common/queues';
import type { GenerateParams, RenderedImage } from './generate/abstract.pipeline.ts';
import type { InferenceTask, ThreadMessage, ThreadSetup, UpscaledImage } from './inference.messages.ts';
import type { RegisteredModel } from './models/model-registry.ts';

export class InferenceError extends Error {
  constructor(
    message: string,
    readonly invalidInput: boolean,
    /** Why the input was refused (e.g. 'not_an_image'), when it was. */
    readonly reason?: string,
  ) {
    super(message);
  }

  /** The task stopped because its job was cancelled (the flag was seen between two steps). */
  get cancelled(): boolean {
    return this.reason === JOB_CANCELLED_REASON;
  }
}

/** Options of one inference task; `signal` aborts it at the model's next step. */
interface TaskOptions {
  safetyModel?: string;
  onProgress?: Progress;
  signal?: AbortSignal;
}

/** The shared flag a task's thread reads between steps, set when `signal` aborts. */
function cancelFlagFor(signal: AbortSignal | undefined): SharedArrayBuffer | undefined {
  if (!signal) return undefined;
  const buffer = new SharedArrayBuffer(4);
  const raise = () => Atomics.store(new Int32Array(buffer), 0, 1);
  if (signal.aborted) raise();
  else signal.addEventListener('abort', raise, { once: true });
  return buffer;
}

type Progress = (done: number, total: number) => void;
type TaskInput = InferenceTask extends infer T ? (T extends unknown ? Omit<T, 'id'> : never) : never;

type Answer = Extract<ThreadMessage, { type: 'done' | 'upscaled' | 'reloaded' }>;

interface Pending {
  resolve(message: Answer): void;
  reject(error: Error): void;
  onProgress?: Progress;
}

interface Thread {
  worker: Worker;
  busy: number;
}

export interface InferencePool {
  /** Models every thread loaded, for the heartbeat and the boot check; replaced by each reload. */
  readonly models: RegisteredModel[];
  generate(
    model: string,
    params: GenerateParams,
    options?: TaskOptions,
  ): Promise<{ image: RenderedImage; inferenceMs: number; flagged: boolean }>;
  /** Runs on an inference thread too: an upscale is tiles of session.run(), which block their thread. */
  upscale(
    model: string,
    input: Uint8Array,
    format: UpscaleFormat,
    options?: TaskOptions,
  ): Promise<{ image: UpscaledImage; inferenceMs: number; flagged: boolean }>;
  /**
   * Re-reads MODELS_DIR on every thread (one reload at a time); running tasks finish on the models they
   * started with. Resolves with the new list and the folders that failed to open.
   */
  reload(): Promise<{ models: RegisteredModel[]; problems: { path: string; message: string }[] }>;
  close(): Promise<void>;
}

/**
 * Compiled (dist/inference.pool.js), the thread runs dist/inference.thread.js as it is. From src/ (tests,
 * `npm start`) it starts the .mjs shim, which registers tsx first: threads do not inherit a loader. Both
 * inherit the process's flags, so --conditions=pictura-dist reaches the thread's imports too.
 */
const THREAD_FILE = import.meta.url.endsWith('.ts')
  ? new URL('./inference.thread.mjs', import.meta.url)
  : new URL('./inference.thread.js', import.meta.url);

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
          case 'upscaled':
          case 'reloaded':
            thread.busy--;
            pending.get(message.id)?.resolve(message);
            pending.delete(message.id);
            return;
          case 'failed':
            thread.busy--;
            pending
              .get(message.id)
              ?.reject(new InferenceError(message.message, message.invalidInput, message.reason));
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
        for (const entry of pending.values())
          entry.reject(new InferenceError('inference thread stopped', false));
        pending.clear();
      }
    });
  }

  /** Hands a task to the least busy thread, or to the one given. */
  function runTask(input: TaskInput, onProgress?: Progress, on?: Thread) {
    const thread = on ?? threads.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = nextId++;
    thread.busy++;
    return new Promise<Answer>((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress });
      thread.worker.postMessage({ ...input, id } as InferenceTask);
    });
  }

  let models = started[0]!.models;
  let reloading: Promise<Awaited<ReturnType<InferencePool['reload']>>> | undefined;
  async function reloadAll() {
    const answers = await Promise.all(
      threads.map((thread) => runTask({ kind: 'reload' }, undefined, thread)),
    );
    const first = answers[0]!;
    if (first.type !== 'reloaded')
      throw new InferenceError('unexpected answer from the inference thread', false);
    models = first.models;
    return { models: first.models, problems: first.problems };
  }

  return {
    get models() {
      return models;
    },
    reload() {
      // A reload asked for while one runs waits for it and then runs again, so no change is missed.
      const next: Promise<Awaited<ReturnType<InferencePool['reload']>>> = (reloading ?? Promise.resolve())
        .catch(() => {})
        .then(reloadAll)
        .finally(() => {
          if (reloading === next) reloading = undefined;
        });
      reloading = next;
      return next;
    },
    async generate(model, params, options = {}) {
      const message = await runTask(
        {
          kind: 'generate',
          model,
          params,
          safetyModel: options.safetyModel,
          cancel: cancelFlagFor(options.signal),
        },
        options.onProgress,
      );
      if (message.type !== 'done')
        throw new InferenceError('unexpected answer from the inference thread', false);
      return {
        image: { ...message.image, data: new Uint8Array(message.image.data) },
        inferenceMs: message.inferenceMs,
        flagged: message.flagged,
      };
    },
    async upscale(model, input, format, options = {}) {
      const message = await runTask(
        {
          kind: 'upscale',
          model,
          input,
          format,
          safetyModel: options.safetyModel,
          cancel: cancelFlagFor(options.signal),
        },
        options.onProgress,
      );
      if (message.type !== 'upscaled')
        throw new InferenceError('unexpected answer from the inference thread', false);
      return { image: message.image, inferenceMs: message.inferenceMs, flagged: message.flagged };
    },
    async close() {
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}
