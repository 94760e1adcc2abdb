// Messages between the worker's main thread and its inference threads.
import type { UpscaleFormat } from '@pictura/common/queues';
import type { GenerateParams } from './generate/abstract.pipeline.ts';
import type { RegisteredModel } from './models/model-registry.ts';
import type { SafetySettings } from './output/safety-classifier.ts';

export interface ThreadSetup {
  executionProvider: 'cpu' | 'cuda';
  modelsDir?: string;
  safety?: SafetySettings;
}

export type InferenceTask =
  | { id: number; kind: 'generate'; model: string; params: GenerateParams }
  | { id: number; kind: 'upscale'; model: string; input: Uint8Array; format: UpscaleFormat };

export interface UpscaledImage {
  data: Uint8Array;
  format: UpscaleFormat;
  width: number;
  height: number;
}

export type ThreadMessage =
  | { type: 'ready'; models: RegisteredModel[] }
  | { type: 'boot-failed'; message: string }
  | { type: 'progress'; id: number; done: number; total: number }
  | {
      type: 'done';
      id: number;
      image: { data: Uint8Array; width: number; height: number; channels: 3 };
      inferenceMs: number;
      /** The image classifier's verdict, when one is configured. */
      flagged: boolean;
    }
  | { type: 'upscaled'; id: number; image: UpscaledImage; inferenceMs: number }
  /** `reason` is the AppError reason when the input itself was refused (not an image, too many pixels). */
  | { type: 'failed'; id: number; message: string; invalidInput: boolean; reason?: string };
