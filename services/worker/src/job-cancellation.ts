// Whether a job's owner cancelled it. The jobs service sets a Redis key (jobCancelKey) in its own process;
// the worker polls that key while it runs the job and aborts the inference, which stops at its next step
// (a denoising step or an upscale tile), so cancellation works whichever worker holds the job.
import type { ObjectStore } from '@pictura/common/object-store';
import { JOB_CANCELLED_REASON, jobCancelKey } from '@pictura/common/queues';
import { type Job, UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import type { InferencePool } from './inference.pool.ts';

export interface CancellationWatch {
  /** Aborted once the job is seen flagged. */
  signal: AbortSignal;
  /** Reads the flag now: the last look before results are kept. */
  cancelled(): Promise<boolean>;
  stop(): void;
}

export interface JobCancellation {
  watch(jobId: string): CancellationWatch;
}

/** What a handler throws for a cancelled job: no retry, and the jobs service records it as cancelled. */
export const cancelledJobError = () => new UnrecoverableError(JOB_CANCELLED_REASON);

export const isCancelledJobError = (error: unknown) =>
  error instanceof UnrecoverableError && error.message === JOB_CANCELLED_REASON;

export function createJobCancellation(redis: Redis, queuePrefix: string, pollMs = 500): JobCancellation {
  return {
    watch(jobId) {
      const key = jobCancelKey(queuePrefix, jobId);
      const controller = new AbortController();
      const look = async () => {
        if (controller.signal.aborted) return true;
        // A Redis hiccup is not a cancellation: the job carries on, and the next look may see the flag.
        const flagged = (await redis.exists(key).catch(() => 0)) === 1;
        if (flagged) controller.abort();
        return flagged;
      };
      const timer = setInterval(() => void look(), pollMs);
      timer.unref();
      return {
        signal: controller.signal,
        cancelled: look,
        stop: () => clearInterval(timer),
      };
    },
  };
}

export interface HandlerDeps {
  pool: InferencePool;
  store: ObjectStore;
}

/**
 * Runs a job handler so that its owner can cancel it: the handler gets a pool whose tasks stop at the next
 * step once the job is flagged, and a store that remembers what the job put there. A cancelled job keeps
 * no image (what it stored is released, and so deleted unless another owner holds the same bytes) and fails
 * with JOB_CANCELLED_REASON, never retried. The flag is read before starting and once more before the
 * result is returned; a job that finished before the owner asked simply completes.
 */
export function cancellableHandler<D, R extends { images: { key: string }[] }>(
  cancellation: JobCancellation,
  deps: HandlerDeps,
  create: (deps: HandlerDeps) => (job: Job<D, R>) => Promise<R>,
): (job: Job<D, R>) => Promise<R> {
  return async (job) => {
    const watch = cancellation.watch(job.id ?? '');
    const stored: string[] = [];
    const base = deps.pool;
    const pool: InferencePool = {
      get models() {
        return base.models;
      },
      reload: () => base.reload(),
      close: () => base.close(),
      generate: (model, params, options = {}) =>
        base.generate(model, params, { ...options, signal: watch.signal }),
      upscale: (model, input, format, options = {}) =>
        base.upscale(model, input, format, { ...options, signal: watch.signal }),
    };
    const store: ObjectStore = {
      ...deps.store,
      async put(data, extension) {
        const object = await deps.store.put(data, extension);
        stored.push(object.key);
        return object;
      },
    };
    const discard = () =>
      Promise.all(stored.map((key) => deps.store.release(key, `job:${job.id}`).catch(() => false)));
    try {
      if (await watch.cancelled()) throw cancelledJobError();
      const result = await create({ pool, store })(job);
      if (await watch.cancelled()) throw cancelledJobError();
      return result;
    } catch (error) {
      // Whatever the handler made of the stopped inference (it may report a generic failure), it was a cancel.
      if (!watch.signal.aborted && !isCancelledJobError(error)) throw error;
      await discard();
      throw cancelledJobError();
    } finally {
      watch.stop();
    }
  };
}
