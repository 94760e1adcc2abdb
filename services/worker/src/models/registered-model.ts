// What the registry holds per model, shared by the registry, the defaults rule and the descriptions.
import type { AdvertisedModel } from '@pictura/common/queues';
import type { ImagePipeline } from '../generate/abstract.pipeline.ts';

export interface RegisteredModel extends AdvertisedModel {
  /** The execution provider its sessions run on ('cpu' or 'cuda'). */
  provider: string;
}

/** A generator as the registry keeps it: the SD pipeline adds sizes, warm-up, release and its facts. */
export interface Generator extends ImagePipeline {
  /** The size the model renders for a requested one (native area, multiples of 64); identity if absent. */
  renderSize?(width: number, height: number): { width: number; height: number };
  warmUp?(): Promise<void>;
  release?(): Promise<void>;
  info?: {
    steps: number;
    guidanceScale: number;
    nativeWidth: number;
    nativeHeight: number;
    fixedSize: boolean;
    negativePromptUsed: boolean;
  };
}
