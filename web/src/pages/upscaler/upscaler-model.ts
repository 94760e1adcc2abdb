// The upscaler's pure rules: what may be uploaded, which message a failure shows, how progress reads.
import type { ModelInfo } from '../../api/models.ts';
import { UploadError } from '../../api/upload.ts';
import { modelTitle } from '../../components/model-names.ts';

export { formatBytes } from '../../components/units.ts';

/** A message to show: a translation key under `upscaler.errors`, or a server text we have no key for. */
export type Message = { key: string } | { text: string };

export const MAX_UPLOAD_BYTES = 10_485_760;
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPSCALE_TIMEOUT_MS = 60_000;
export const PROGRESS_CAP = 95;
export const SLIDER_DEFAULT = 50;
export const EXAMPLE_DELAY_MS = 1000;
export const EXAMPLE_IMAGE = '/samples/upscale-example.png';
export const EXAMPLE_RESULT = { url: '/samples/upscale-example-4x.png', width: 1024, height: 1024 } as const;

/** The spec's upload checks, before anything is sent: an image (JPG, PNG or WebP) of at most 10 MB. */
export function validateUploadFile(file: { type: string; size: number }): Message | null {
  if (!file.type.startsWith('image/')) return { key: 'notAnImage' };
  if (!(ACCEPTED_TYPES as readonly string[]).includes(file.type)) return { key: 'invalidType' };
  if (file.size > MAX_UPLOAD_BYTES) return { key: 'fileTooLarge' };
  return null;
}

/** The gateway's English texts we have translations for. */
const KNOWN_SERVER_TEXTS: Record<string, string> = {
  'No image URL provided': 'noImageUrl',
  'Cannot load image, please check the URL': 'cannotLoad',
  'Uploaded file is not an image': 'notAnImage',
  'File is too large (maximum 10MB)': 'fileTooLarge',
  'Too many requests, please try again later': 'tooManyRequests',
  'Upscale failed, please try again': 'upscaleFailed',
  'Image dimensions are too large': 'tooManyPixels',
};

function serverText(text: string): Message | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const key = KNOWN_SERVER_TEXTS[trimmed];
  return key ? { key } : { text: trimmed };
}

/** Spec 8, upload: 413, 415, 500, else the server's text; a timeout; else a generic upload error. */
export function uploadErrorMessage(error: unknown): Message {
  if (!(error instanceof UploadError)) return { key: 'uploadFailed' };
  if (error.status === 'timeout') return { key: 'uploadTimeout' };
  if (error.status === 413) return { key: 'fileTooLarge' };
  if (error.status === 415) return { key: 'notAnImage' };
  if (error.status === 500) return { key: 'server' };
  return serverText(error.serverError) ?? { key: 'uploadFailed' };
}

/** Spec 8, upscale: by status, then the server's text, then timeout and network, else generic. */
export function upscaleErrorMessage(error: unknown): Message {
  if (!(error instanceof UploadError)) return { key: 'upscaleFailed' };
  const { status } = error;
  if (status === 'timeout') return { key: 'upscaleTimeout' };
  if (status === 'network') return { key: 'network' };
  if (status === 503) return { key: 'serviceUnavailable' };
  if (status === 413) return { key: 'fileTooLarge' };
  if (status === 415) return { key: 'notAnImage' };
  if (status === 429) return { key: 'tooManyRequests' };
  if (status === 504) return { key: 'upscaleTimeout' };
  if (status === 400) return serverText(error.serverError) ?? { key: 'badRequest' };
  if (status >= 500) return { key: 'server' };
  return serverText(error.serverError) ?? { key: 'upscaleFailed' };
}

/** A job that ended in error: its code when we know it, else its text, else generic. */
export function jobErrorMessage(error: { error: string; message: string } | null): Message {
  const byCode: Record<string, string> = {
    source_missing: 'cannotLoad',
    not_an_image: 'notAnImage',
    too_many_pixels: 'tooManyPixels',
    storage_unavailable: 'serviceUnavailable',
    upscale_failed: 'upscaleFailed',
  };
  const key = error ? byCode[error.error] : undefined;
  if (key) return { key };
  return serverText(error?.message ?? '') ?? { key: 'upscaleFailed' };
}

/** Job progress (0..1) as a whole percent, held at the cap until the job is done. */
export function progressPercent(progress: number, done: boolean): number {
  if (done) return 100;
  const percent = Math.floor(Math.max(0, Math.min(1, progress)) * 100);
  return Math.min(percent, PROGRESS_CAP);
}

/** Keeps the slider within 0..100 and whole. */
export function clampSlider(value: number): number {
  return Math.round(Math.max(0, Math.min(100, value)));
}

/** Every upscale enlarges each side four times. */
export const UPSCALE_FACTOR = 4;

/**
 * Seconds an upscale of a `width` × `height` picture should take on this server: the model's measured
 * milliseconds per output megapixel times the output's megapixels. Null while either is unknown.
 */
export function upscaleEstimateSeconds(
  msPerOutputMegapixel: number | null | undefined,
  size: { width: number; height: number } | null,
): number | null {
  if (!msPerOutputMegapixel || msPerOutputMegapixel <= 0 || !size || size.width <= 0 || size.height <= 0)
    return null;
  const outputMegapixels = (size.width * UPSCALE_FACTOR * size.height * UPSCALE_FACTOR) / 1_000_000;
  return (msPerOutputMegapixel * outputMegapixels) / 1000;
}

/**
 * How long the page waits for an upscale before giving up: the usual minute, or for a slow model twice
 * its estimate plus the queue's share, so the high-quality upscaler is not cut off half way.
 */
export function upscaleTimeoutMs(estimateSeconds: number | null): number {
  if (estimateSeconds === null) return UPSCALE_TIMEOUT_MS;
  return Math.max(UPSCALE_TIMEOUT_MS, Math.ceil(estimateSeconds * 2 * 1000) + 30_000);
}

/**
 * The model list of the form and the model it shows chosen: the visitor's choice while the list holds it,
 * else the server's default, else the first. Before the list loads (or when it is empty) one "default" entry
 * stands in, so the field is never blank.
 */
export function upscaleModelChoice(
  models: readonly ModelInfo[] | undefined,
  wanted: string,
  defaultLabel: string,
): { options: { value: string; label: string }[]; selected: string } {
  const options = models?.length
    ? models.map((entry) => ({ value: entry.name, label: modelTitle(entry.name, models) }))
    : [{ value: '', label: defaultLabel }];
  const selected = options.some((option) => option.value === wanted)
    ? wanted
    : (models?.find((entry) => entry.default)?.name ?? options[0]!.value);
  return { options, selected };
}
