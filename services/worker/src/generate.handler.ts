// Processes one generation job: each image rendered on an inference thread, encoded, stored.

import { DEFAULT_STRENGTH } from '@pictura/common/generation-options';
import type { ObjectStore } from '@pictura/common/object-store';
import type {
  GenerateJobData,
  GenerateJobResult,
  JobErrorCode,
  JobImageResult,
  JobProgressReport,
} from '@pictura/common/queues';
import { withSpan } from '@pictura/common/tracing';
import { type Job, UnrecoverableError } from 'bullmq';
import { InferenceError, type InferencePool } from './inference.pool.ts';
import { encodeGeneratedPng } from './output/encode-image.ts';
import { isPromptFlagged } from './output/prompt-safety.ts';
import { workerMetrics } from './worker.metrics.ts';

/** Refusals users are told about in their own words; others are reported as invalid input. */
const GENERATE_REFUSALS = new Set<string>([
  'background_unsupported',
  'bad_image_size',
  'model_output_invalid',
  'not_an_image',
  'unsupported_model_capability',
] satisfies JobErrorCode[]);

/** The starting image of an image-to-image job, read from the store (the gateway's intake put it there). */
async function readInitImage(store: ObjectStore, options: GenerateJobData['options']) {
  if (!options.initImageKey) return undefined;
  let image: Buffer | null;
  try {
    image = await store.read(options.initImageKey);
  } catch {
    throw new Error('storage_unavailable');
  }
  if (!image) throw new UnrecoverableError('source_missing');
  return { image: new Uint8Array(image), strength: options.strength ?? DEFAULT_STRENGTH };
}

export function createGenerateHandler(deps: { pool: InferencePool; store: ObjectStore }) {
  return async function generateJob(
    job: Job<GenerateJobData, GenerateJobResult>,
  ): Promise<GenerateJobResult> {
    const { options, width, height, watermark, safetyModel } = job.data;
    const promptFlagged = isPromptFlagged(options.prompt);
    const init = await readInitImage(deps.store, options);
    const images: JobImageResult[] = [];
    let inferenceMs = 0;
    for (let index = 0; index < options.count; index++) {
      const seed = (options.seed + index) >>> 0;
      const report = (done: number, total: number) => {
        const progress: JobProgressReport = { done: index * total + done, total: options.count * total };
        void job.updateProgress(progress as unknown as object).catch(() => {});
      };
      let rendered: Awaited<ReturnType<InferencePool['generate']>>;
      try {
        rendered = await withSpan(
          'inference generate',
          { attributes: { model: options.model, width, height, 'image.index': index } },
          () =>
            deps.pool.generate(
              options.model,
              {
                prompt: options.prompt,
                negativePrompt: options.negativePrompt,
                width,
                height,
                seed,
                style: options.style,
                color: options.color,
                lighting: options.lighting,
                composition: options.composition,
                ...(init ? { init } : {}),
                ...(options.background === 'transparent' ? { transparent: true } : {}),
              },
              { safetyModel, onProgress: report },
            ),
        );
      } catch (error) {
        if (error instanceof InferenceError && error.invalidInput)
          throw new UnrecoverableError(
            GENERATE_REFUSALS.has(error.reason ?? '') ? error.reason! : 'invalid_input',
          );
        throw new Error('generation_failed');
      }
      inferenceMs += rendered.inferenceMs;
      workerMetrics.inference(options.model, rendered.inferenceMs);
      // A transparent background stays transparent: a 4-channel image is encoded as an RGBA PNG.
      const png = await encodeGeneratedPng(rendered.image, watermark);
      let stored: { key: string; bytes: number };
      try {
        stored = await deps.store.put(png, 'png');
      } catch {
        throw new Error('storage_unavailable');
      }
      images.push({
        key: stored.key,
        width: rendered.image.width,
        height: rendered.image.height,
        seed,
        flagged: promptFlagged || rendered.flagged,
        bytes: stored.bytes,
        ...(rendered.image.subject ? { subject: rendered.image.subject } : {}),
        ...(rendered.image.scene ? { scene: rendered.image.scene } : {}),
      });
    }
    return { images, inferenceMs };
  };
}
