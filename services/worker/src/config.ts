import { baseConfigShape, configTypes, objectStoreConfigShape } from '@pictura/common/config';
import { z } from 'zod';

/** "1,3,4" → [1, 3, 4]. */
const indexList = z
  .string()
  .regex(/^\d+(\s*,\s*\d+)*$/, 'expected class indices such as 1,3,4')
  .transform((value) => value.split(',').map((index) => Number(index.trim())));

export const workerConfigShape = {
  ...baseConfigShape,
  ...objectStoreConfigShape,
  METRICS_PORT: configTypes.port.default(9106),
  /**
   * Installed and operator-supplied models (layout in services/common/src/model-manifest.ts); the
   * built-in models need none. Workers install into it when an administrator asks, so it is writable.
   */
  MODELS_DIR: z.string().optional(),
  /** How often MODELS_DIR is checked for models installed or removed elsewhere. */
  MODELS_WATCH_MS: z.coerce.number().int().min(500).default(5000),
  /** Where Hugging Face repositories are downloaded from (the Hub clients' own variables). */
  HF_ENDPOINT: z.string().url().default('https://huggingface.co'),
  HF_TOKEN: z.string().min(1).optional(),
  /**
   * The npm registry for models packaged on npm, under either of npm's own names: npm sets the lower-case
   * one for the processes it runs (`npm start`), containers set the upper-case one.
   */
  npm_config_registry: z.string().url().optional(),
  NPM_CONFIG_REGISTRY: z.string().url().default('https://registry.npmjs.org/'),
  /** An operator's own ONNX image classifier, offered beside installed ones (see output/safety-classifier.ts). */
  SAFETY_MODEL_PATH: z.string().optional(),
  /** Its output classes that count as unsafe; their probabilities are added up. */
  SAFETY_UNSAFE_CLASSES: indexList.default([1]),
  SAFETY_THRESHOLD: z.coerce.number().min(0).max(1).default(0.5),
  EXECUTION_PROVIDER: z.enum(['cpu', 'cuda']).default('cpu'),
  /** Jobs taken at once; inference itself runs on INFERENCE_THREADS worker threads. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  INFERENCE_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  /** How long a job's lock lasts without renewal; a killed worker's job is taken again after this. */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  WORKER_ID: z.string().optional(),
};
