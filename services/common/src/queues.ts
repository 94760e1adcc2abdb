// Queue contracts shared by jobs (producer) and the worker (consumer): they meet only in Redis.
import type { GenerationOptions } from './generation-options.ts';
import { NOT_AN_IMAGE_MESSAGE } from './image-sniff.ts';
import type { GenerateSettings, ModelKind, ModelLicence } from './model-manifest.ts';
import type { ImageScene } from './scene.ts';

export const QUEUE_NAMES = { generate: 'generate', upscale: 'upscale' } as const;
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/** Job payloads carry ids and parameters, never rows or image bytes. */
export interface GenerateJobData {
  jobId: string;
  requestId: string;
  /** 0 for a guest. */
  userId: number;
  options: GenerationOptions;
  width: number;
  height: number;
  /** From billing at submission, so the worker needs no database. */
  watermark: boolean;
  /** The safety classifier that checks the result (jobs picks it); "": no check; absent: the worker's default. */
  safetyModel?: string;
  /** W3C trace context of the submission, so the worker's spans continue the request's trace. */
  traceparent?: string;
}

export interface JobImageResult {
  key: string;
  width: number;
  height: number;
  seed: number;
  flagged: boolean;
  bytes: number;
  /** What the model drew for the prompt, from models that say (Pictura Emoji); absent from the others. */
  subject?: ImageSubject;
  /** What the scene reader read and painted (Pictura Scenes); absent from models that do not say. */
  scene?: ImageScene;
}

/**
 * A subject-drawing model's account of one picture: the thing from its vocabulary it drew (an emoji and its
 * English name), or that nothing in the prompt was in its vocabulary and it painted an abstract picture.
 */
export type ImageSubject = { found: true; emoji: string; name: string } | { found: false };

export interface GenerateJobResult {
  images: JobImageResult[];
  /** Time the model itself ran, so the platform's own overhead can be measured apart from it. */
  inferenceMs: number;
}

export type UpscaleFormat = 'png' | 'jpeg' | 'webp';
export const UPSCALE_FORMATS: readonly UpscaleFormat[] = ['png', 'jpeg', 'webp'];
export const DEFAULT_UPSCALE_MODEL = 'pictura-upscale-x4';

export interface UpscaleJobData {
  jobId: string;
  requestId: string;
  /** 0 for a guest. */
  userId: number;
  /** Object store key of the image to upscale: the worker reads it from the store, never from a URL. */
  sourceKey: string;
  model: string;
  format: UpscaleFormat;
  /** The free plan's mark on the result, from billing at submission. */
  watermark: boolean;
  /** The safety classifier that checks the result (jobs picks it); "": no check; absent: the worker's default. */
  safetyModel?: string;
  /** W3C trace context of the submission, so the worker's spans continue the request's trace. */
  traceparent?: string;
}

/** An upscale finishes like a generation: one stored image (seed 0), flagged by the safety classifier. */
export type UpscaleJobResult = GenerateJobResult;

/** What the worker reports through job.updateProgress (images rendered, or tiles upscaled). */
export interface JobProgressReport {
  done: number;
  total: number;
}

/** Workers advertise the models they loaded under this key prefix, each entry expiring unless refreshed. */
export function workerModelsKey(queuePrefix: string, workerId = '*'): string {
  return `${queuePrefix}:workers:${workerId}`;
}
export const WORKER_HEARTBEAT_MS = 10_000;

/**
 * Set by the jobs service when an owner cancels a job; the worker running it reads it between steps (and
 * before keeping any image), since the two live in different processes. Expires with the job's retention.
 */
export function jobCancelKey(queuePrefix: string, jobId: string): string {
  return `${queuePrefix}:job-cancel:${jobId}`;
}
/** The failure reason a worker gives a job it stopped on request; the jobs service records it as cancelled. */
export const JOB_CANCELLED_REASON = 'cancelled';

export interface AdvertisedModel {
  name: string;
  kind: ModelKind;
  /** What users see; never the raw id. */
  title: string;
  description: string;
  builtin: boolean;
  isDefault: boolean;
  licence: ModelLicence;
  /** Bytes on disk (0 for the built-ins, which are built in memory). */
  sizeBytes: number;
  /** "hf:owner/name@revision", "npm:package@version", "local" or "builtin". */
  source: string;
  /** ISO time it was installed; absent for built-ins and operator folders. */
  installedAt?: string;
  /** Generate models: how they run (guidance 0 means the negative prompt has no effect). */
  settings?: GenerateSettings & {
    /** True when the export accepts only its native width and height. */
    fixedSize: boolean;
    /** False when the negative prompt has no effect (guidance off, as on Turbo models). */
    negativePrompt: boolean;
    /**
     * False for a model that cannot depict people or bodies at all (the built-in abstract-art model): a
     * photo-trained safety classifier's verdicts on its colour fields are noise, so they are not checked.
     */
    imageCheck?: boolean;
    /** True when it can start from an image (image-to-image: OpenAI edits and variations). */
    imageInput?: boolean;
    /** True when it can leave the background transparent (GenerationOptions.background). */
    transparentBackground?: boolean;
  };
  /** Upscale models: milliseconds per output megapixel on the provider in use, for an estimate. */
  msPerOutputMegapixel?: number;
}

/** Installs and removals of models run on a worker (it owns MODELS_DIR), one BullMQ job each. */
export const MODELS_QUEUE = 'models';

export interface ModelTaskData {
  action: 'install' | 'remove';
  /** A catalogue id, or for installs also "hf:owner/name@revision". */
  model: string;
  /** The administrator who asked (0 for the operator CLI). */
  requestedBy: number;
}

/** The models queue's job id for a model: one task per model at a time. */
export function modelTaskJobId(model: string): string {
  return `model-${model.replace(/[^a-zA-Z0-9._-]/g, '_')}`;
}

/** Progress of a model task, reported through job.updateProgress. */
export interface ModelTaskProgress {
  phase: 'download' | 'verify' | 'convert' | 'install' | 'remove';
  bytesDone: number;
  bytesTotal: number;
  bytesPerSecond: number;
  /** Seconds left at the current rate; absent until it can be estimated. */
  etaSeconds?: number;
  /** The file being downloaded. */
  file?: string;
}

/** Errors the worker fails a job with; the message is the one users see. */
export const JOB_ERROR_MESSAGES = {
  generation_failed: 'Failed to generate image, please try again',
  storage_unavailable: 'Image storage service is temporarily unavailable, please try again later',
  invalid_input: 'Failed to generate image, please try again',
  upscale_failed: 'Upscale failed, please try again',
  source_missing: 'Cannot load image, please check the URL',
  not_an_image: NOT_AN_IMAGE_MESSAGE,
  too_many_pixels: 'Image dimensions are too large',
  bad_image_size: 'This model cannot render that size; choose another aspect ratio or model',
  model_output_invalid: 'The model produced an unusable image; please try again or choose another model',
  unsupported_model_capability: 'This model cannot start from an image; choose another model',
  background_unsupported: 'This model cannot make a transparent background',
} as const;
export type JobErrorCode = keyof typeof JOB_ERROR_MESSAGES;

/**
 * Signed webhook deliveries (Standard Webhooks): one BullMQ job per delivery, processed by the jobs service
 * on any replica, retried on the delivery schedule; delayed retries live in Redis, so they survive restarts.
 */
export const WEBHOOKS_QUEUE = 'webhooks';

export interface WebhookDeliveryData {
  /** The delivery's webhook-id ("msg_…"); the row holds the URL, the payload and the owner. */
  deliveryId: string;
}
