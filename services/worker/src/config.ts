import { baseConfigShape, configTypes } from '@pictura/common/config';
import { z } from 'zod';

export const workerConfigShape = {
  ...baseConfigShape,
  METRICS_PORT: configTypes.port.default(9106),
  /** Operator-supplied models (SD-Turbo class folders, Real-ESRGAN .onnx files); built-in models need none. */
  MODELS_DIR: z.string().optional(),
  /** Optional ONNX image classifier that flags generated images (see output/safety-classifier.ts). */
  SAFETY_MODEL_PATH: z.string().optional(),
  SAFETY_CLASS_INDEX: z.coerce.number().int().nonnegative().default(1),
  SAFETY_THRESHOLD: z.coerce.number().min(0).max(1).default(0.5),
  EXECUTION_PROVIDER: z.enum(['cpu', 'cuda']).default('cpu'),
  /** Jobs taken at once; inference itself runs on INFERENCE_THREADS worker threads. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  INFERENCE_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  /** How long a job's lock lasts without renewal; a killed worker's job is taken again after this. */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  WORKER_ID: z.string().optional(),
};
