// Processes one upscale job: the source image from the object store, 4x on an inference thread, stored.

import type { ImageExtension, ObjectStore } from '@pictura/common/object-store';
import type {
  JobErrorCode,
  JobProgressReport,
  UpscaleFormat,
  UpscaleJobData,
  UpscaleJobResult,
} from '@pictura/common/queues';
import { withSpan } from '@pictura/common/tracing';
import { type Job, UnrecoverableError } from 'bullmq';
import { InferenceError, type InferencePool } from './inference.pool.ts';
import { watermarkEncoded } from './output/encode-image.ts';
import { workerMetrics } from './worker.metrics.ts';

const EXTENSIONS: Record<UpscaleFormat, ImageExtension> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/** Refusals of the input that a user can act on; anything else is reported as a failed upscale. */
const INPUT_REASONS = new Set<JobErrorCode>(['not_an_image', 'too_many_pixels']);

export function createUpscaleHandler(deps: { pool: InferencePool; store: ObjectStore }) {
  return async function upscaleJob(job: Job<UpscaleJobData, UpscaleJobResult>): Promise<UpscaleJobResult> {
    const { sourceKey, model, format, watermark, safetyModel } = job.data;
    let source: Buffer | null;
    try {
      source = await deps.store.read(sourceKey);
    } catch {
      throw new Error('storage_unavailable');
    }
    if (!source) throw new UnrecoverableError('source_missing');

    const report = (done: number, total: number) => {
      const progress: JobProgressReport = { done, total };
      void job.updateProgress(progress as unknown as object).catch(() => {});
    };
    let upscaled: Awaited<ReturnType<InferencePool['upscale']>>;
    try {
      upscaled = await withSpan('inference upscale', { attributes: { model, format } }, () =>
        deps.pool.upscale(model, source, format, { safetyModel, onProgress: report }),
      );
    } catch (error) {
      if (error instanceof InferenceError && error.invalidInput) {
        const reason = INPUT_REASONS.has(error.reason as JobErrorCode) ? error.reason! : 'upscale_failed';
        throw new UnrecoverableError(reason);
      }
      throw new Error('upscale_failed');
    }
    workerMetrics.inference(model, upscaled.inferenceMs);
    const output = watermark ? await watermarkEncoded(upscaled.image.data, format) : upscaled.image.data;

    let stored: { key: string; bytes: number };
    try {
      stored = await deps.store.put(output, EXTENSIONS[format]);
    } catch {
      throw new Error('storage_unavailable');
    }
    const { width, height } = upscaled.image;
    return {
      images: [{ key: stored.key, width, height, seed: 0, flagged: upscaled.flagged, bytes: stored.bytes }],
      inferenceMs: upscaled.inferenceMs,
    };
  };
}
