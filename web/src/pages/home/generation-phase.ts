// What the results panel shows, derived from the create call and the followed job.
import type { GeneratedImage, GenerationJob } from '../../api/generation.ts';
import { ApiError } from '../../api/http.ts';

export type ErrorFallbackKey =
  | 'errors.generateFailed'
  | 'errors.retrieveFailed'
  | 'errors.server'
  | 'errors.network'
  | 'errors.storageUnavailable'
  | 'errors.tooManyWaiting'
  | 'errors.queueFull';

/** Error codes whose message we have in every language; the page shows the translation. */
const TRANSLATED_CODES: Record<string, ErrorFallbackKey> = {
  generation_failed: 'errors.generateFailed',
  invalid_input: 'errors.generateFailed',
  storage_unavailable: 'errors.storageUnavailable',
  // The fair queue (429: this person's waiting images; 503: everyone's): why, and when to try again.
  too_many_waiting_jobs: 'errors.tooManyWaiting',
  queue_full: 'errors.queueFull',
};

/** When to try again if the answer did not say (the gateway always does for these two). */
const DEFAULT_RETRY_SECONDS = 10;

export interface PhaseError {
  /** The server's own message, shown as is; null when the server gave none. */
  message: string | null;
  /** The translated text to show when there is no server message. */
  fallbackKey: ErrorFallbackKey;
  /** Seconds until trying again makes sense, for the texts that say when (errors.tooManyWaiting, queueFull). */
  retryAfterSeconds?: number;
}

export type GenerationPhase =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'waiting'; position: number }
  | { kind: 'processing'; percent: number }
  | { kind: 'completed'; images: GeneratedImage[] }
  /** Stopped at the user's request: no images. */
  | { kind: 'cancelled' }
  | ({ kind: 'error' } & PhaseError);

export function isActivePhase(phase: GenerationPhase): boolean {
  return phase.kind === 'submitting' || phase.kind === 'waiting' || phase.kind === 'processing';
}

export function describeError(error: unknown, fallbackKey: ErrorFallbackKey): PhaseError {
  if (error instanceof ApiError) {
    const known = TRANSLATED_CODES[error.code];
    if (known === 'errors.tooManyWaiting' || known === 'errors.queueFull') {
      return {
        message: null,
        fallbackKey: known,
        retryAfterSeconds: error.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS,
      };
    }
    if (known) return { message: null, fallbackKey: known };
    if (error.message) return { message: error.message, fallbackKey };
    return { message: null, fallbackKey: error.status >= 500 ? 'errors.server' : fallbackKey };
  }
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError) return { message: null, fallbackKey: 'errors.network' };
  return { message: null, fallbackKey };
}

export function generationPhase(input: {
  started: boolean;
  submitting: boolean;
  submitError: unknown;
  job: GenerationJob | undefined;
  jobError: unknown;
}): GenerationPhase {
  const { started, submitting, submitError, job, jobError } = input;
  if (!started) return { kind: 'idle' };
  if (submitting) return { kind: 'submitting' };
  if (submitError) return { kind: 'error', ...describeError(submitError, 'errors.generateFailed') };
  if (job?.status === 'completed') {
    return job.images.length > 0
      ? { kind: 'completed', images: job.images }
      : { kind: 'error', message: null, fallbackKey: 'errors.retrieveFailed' };
  }
  if (job?.status === 'cancelled') return { kind: 'cancelled' };
  if (job?.status === 'error') {
    const known = job.error ? TRANSLATED_CODES[job.error.error] : undefined;
    if (known) return { kind: 'error', message: null, fallbackKey: known };
    return { kind: 'error', message: job.error?.message || null, fallbackKey: 'errors.generateFailed' };
  }
  if (jobError) return { kind: 'error', ...describeError(jobError, 'errors.retrieveFailed') };
  if (!job) return { kind: 'submitting' };
  if (job.status === 'processing') {
    return { kind: 'processing', percent: Math.min(100, Math.max(0, Math.round(job.progress * 100))) };
  }
  return { kind: 'waiting', position: job.position };
}
