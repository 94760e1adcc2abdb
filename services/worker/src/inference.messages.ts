// Messages between the worker's main thread and its inference threads.
import type { GenerateParams } from './generate/abstract.pipeline.ts';

export interface ThreadSetup {
  executionProvider: 'cpu' | 'cuda';
  modelsDir?: string;
}

export type InferenceTask = { id: number; kind: 'generate'; model: string; params: GenerateParams };

export type ThreadMessage =
  | { type: 'ready'; models: { name: string; kind: 'generate' | 'upscale'; provider: string }[] }
  | { type: 'boot-failed'; message: string }
  | { type: 'progress'; id: number; done: number; total: number }
  | {
      type: 'done';
      id: number;
      image: { data: Uint8Array; width: number; height: number; channels: 3 };
      inferenceMs: number;
    }
  | { type: 'failed'; id: number; message: string; invalidInput: boolean };
