// POST /api/generate and the job it starts (GET /api/jobs/:id, and its event stream).
import type {
  AspectRatio,
  Background,
  Color,
  Composition,
  Lighting,
  Style,
} from '@pictura/common/generation-options';
import type { ImageScene } from '@pictura/common/scene';
import { withSecurityCheck } from '../security-check/security-check.ts';
import { requestJson } from './http.ts';

export type JobStatus = 'waiting' | 'processing' | 'completed' | 'error' | 'cancelled';

export interface GenerateRequest {
  prompt: string;
  negative_prompt: string;
  aspect_ratio: AspectRatio;
  style: Style;
  color: Color;
  lighting: Lighting;
  composition: Composition;
  model?: string;
  seed?: number;
  count: number;
  /** `transparent`: the things alone on a transparent background (a PNG with alpha); absent: painted. */
  background?: Background;
}

export interface GenerateAccepted {
  job_id: string;
  status: JobStatus;
  position: number;
  /** The job's event stream (with a token scoped to the job: EventSource cannot send headers). */
  events_url?: string;
}

export interface GeneratedImage {
  url: string;
  width: number;
  height: number;
  seed: number;
  flagged: boolean;
  /** What Pictura Emoji drew (found) or that it knew nothing in the prompt; null for other models. */
  subject?: { found: boolean; emoji?: string; name?: string } | null;
  /** What Pictura Scenes read in the prompt and drew; null (or absent) for other models and older jobs. */
  scene?: ImageScene | null;
}

export interface GenerationJob {
  job_id: string;
  status: JobStatus;
  position: number;
  /** 0..1 */
  progress: number;
  images: GeneratedImage[];
  error: { error: string; message: string } | null;
  /** Where to follow the job; present on answers to GET /api/jobs/:id and submissions, not on events. */
  events_url?: string;
}

export function isFinished(status: JobStatus | undefined): boolean {
  return status === 'completed' || status === 'error' || status === 'cancelled';
}

/** A guest generating in a burst is asked for the security check first (withSecurityCheck). */
export function createGeneration(request: GenerateRequest): Promise<GenerateAccepted> {
  return withSecurityCheck((headers) =>
    requestJson<GenerateAccepted>('/api/generate', {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
    }),
  );
}

export function fetchJob(jobId: string, signal?: AbortSignal): Promise<GenerationJob> {
  return requestJson<GenerationJob>(`/api/jobs/${encodeURIComponent(jobId)}`, { signal });
}

/** The plain event stream URL: enough for a guest's job, which anyone may read. */
export function jobEventsUrl(jobId: string): string {
  return `/api/jobs/${encodeURIComponent(jobId)}/events`;
}

/** The job as first known from the 202 answer, before any progress arrives. */
export function jobFromAccepted(accepted: GenerateAccepted): GenerationJob {
  return {
    job_id: accepted.job_id,
    status: accepted.status,
    position: accepted.position,
    progress: 0,
    images: [],
    error: null,
    ...(accepted.events_url ? { events_url: accepted.events_url } : {}),
  };
}

/** One `data:` payload of the event stream; null when it is not a job snapshot. */
export function parseJobEvent(data: string): GenerationJob | null {
  try {
    const parsed = JSON.parse(data) as Partial<GenerationJob>;
    if (typeof parsed?.job_id !== 'string' || typeof parsed.status !== 'string') return null;
    return {
      job_id: parsed.job_id,
      status: parsed.status,
      position: parsed.position ?? 0,
      progress: parsed.progress ?? 0,
      images: parsed.images ?? [],
      error: parsed.error ?? null,
    };
  } catch {
    return null;
  }
}

/** Names of the stream's final event, one per way a job ends (progress comes as plain messages). */
const FINAL_EVENTS = ['completed', 'error', 'cancelled'] as const;

/**
 * Follows the job's event stream with the browser's EventSource. `eventsUrl` is the one the API gave
 * (submission or GET /api/jobs/:id): for a signed-in user it carries a token scoped to this job, since
 * EventSource cannot send the session header. EventSource reconnects by itself after a dropped connection,
 * resuming from the last event id. Resolves true once the job has ended (the named final event), false
 * when the stream is refused or closed for good before that (the caller then polls).
 */
export function followJobEvents(
  eventsUrl: string,
  onJob: (job: GenerationJob) => void,
  signal: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    if (typeof EventSource === 'undefined' || signal.aborted) {
      resolve(false);
      return;
    }
    const source = new EventSource(eventsUrl);
    const stop = (finished: boolean) => {
      source.close();
      signal.removeEventListener('abort', onAbort);
      resolve(finished);
    };
    const onAbort = () => stop(false);
    signal.addEventListener('abort', onAbort);
    source.onmessage = (event) => {
      const job = parseJobEvent(event.data);
      if (job) onJob(job);
    };
    for (const name of FINAL_EVENTS) {
      source.addEventListener(name, (event) => {
        // `error` also fires for a broken connection: only the job's own error event carries data.
        const job = event instanceof MessageEvent ? parseJobEvent(event.data) : null;
        if (!job) {
          if (source.readyState === EventSource.CLOSED) stop(false);
          return;
        }
        onJob(job);
        stop(true);
      });
    }
  });
}

/**
 * Cancels a waiting or running job. A guest's job is cancelled with the token from its submission's
 * events_url (the only proof a guest has that the job is theirs).
 */
export function cancelJob(jobId: string, eventsUrl?: string): Promise<GenerationJob> {
  const token = eventsUrl
    ? new URL(eventsUrl, window.location.origin).searchParams.get('access_token')
    : null;
  const query = token ? `?access_token=${encodeURIComponent(token)}` : '';
  return requestJson<GenerationJob>(`/api/jobs/${encodeURIComponent(jobId)}${query}`, { method: 'DELETE' });
}
