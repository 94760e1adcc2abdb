// Messages between the worker's main thread and its inference threads.
import type { UpscaleFormat } from '@pictura/common/queues';
import type { GenerateParams, RenderedImage } from './generate/abstract.pipeline.ts';
import type { OperatorSafety, RegisteredModel } from './models/model-registry.ts';

export interface ThreadSetup {
  executionProvider: 'cpu' | 'cuda';
  modelsDir?: string;
  operatorSafety?: OperatorSafety;
  /** onnxruntime intra-op threads per session: this thread's share of the cores. */
  intraOpThreads: number;
}

/**
 * One Int32 the main thread sets to 1 when the job is cancelled. Shared memory, because the thread is busy
 * in the model's loop and reads it between steps without waiting for a message.
 */
export type CancelFlag = SharedArrayBuffer;

export type InferenceTask =
  | {
      id: number;
      kind: 'generate';
      model: string;
      params: GenerateParams;
      safetyModel?: string;
      cancel?: CancelFlag;
    }
  | {
      id: number;
      kind: 'upscale';
      model: string;
      input: Uint8Array;
      format: UpscaleFormat;
      safetyModel?: string;
      cancel?: CancelFlag;
    }
  /** Re-reads MODELS_DIR: opens new models, keeps unchanged ones, frees removed ones once idle. */
  | { id: number; kind: 'reload' };

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
      /** The pipeline's image as it made it (pixels, and what it says it drew). */
      image: RenderedImage;
      inferenceMs: number;
      /** The image classifier's verdict, when one is configured. */
      flagged: boolean;
    }
  | { type: 'upscaled'; id: number; image: UpscaledImage; inferenceMs: number; flagged: boolean }
  | {
      type: 'reloaded';
      id: number;
      models: RegisteredModel[];
      /** Folders that failed to open and were skipped. */
      problems: { path: string; message: string }[];
    }
  /** `reason` is the AppError reason when the input itself was refused (not an image, too many pixels). */
  | { type: 'failed'; id: number; message: string; invalidInput: boolean; reason?: string };
