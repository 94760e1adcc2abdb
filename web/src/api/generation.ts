// POST /api/generate and the job it starts (GET /api/jobs/:id, and its event stream).
import type { AspectRatio, Color, Composition, Lighting, Style } from '@pictura/common/generation-options';
import { authHeaders, requestJson } from './http.ts';

export type JobStatus = 'waiting' | 'processing' | 'completed' | 'error';

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
}

export interface GenerateAccepted {
  job_id: string;
  status: JobStatus;
  position: number;
}

export interface GeneratedImage {
  url: string;
  width: number;
  height: number;
  seed: number;
  flagged: boolean;
  /** What Pictura Emoji drew (found) or that it knew nothing in the prompt; null for other models. */
  subject?: { found: boolean; emoji?: string; name?: string } | null;
}

export interface GenerationJob {
  job_id: string;
  status: JobStatus;
  position: number;
  /** 0..1 */
  progress: number;
  images: GeneratedImage[];
  error: { error: string; message: string } | null;
}

export function isFinished(status: JobStatus | undefined): boolean {
  return status === 'completed' || status === 'error';
}

export function createGeneration(request: GenerateRequest): Promise<GenerateAccepted> {
  return requestJson<GenerateAccepted>('/api/generate', { method: 'POST', body: JSON.stringify(request) });
}

export function fetchJob(jobId: string, signal?: AbortSignal): Promise<GenerationJob> {
  return requestJson<GenerationJob>(`/api/jobs/${encodeURIComponent(jobId)}`, { signal });
}

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

/** The `data:` payloads of the complete events in a Server-Sent Events buffer, and what is left over. */
export function splitEventData(buffer: string): { data: string[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const data = blocks
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
        .join('\n'),
    )
    .filter((payload) => payload !== '');
  return { data, rest };
}

/**
 * Follows GET /api/jobs/:id/events with fetch rather than EventSource, so a signed-in user's stream carries
 * the bearer token like every other call (EventSource cannot send headers). Resolves true once the job has
 * finished, false when the stream could not be opened or ended early (the caller then polls).
 */
export async function followJobEvents(
  jobId: string,
  onJob: (job: GenerationJob) => void,
  signal: AbortSignal,
): Promise<boolean> {
  const response = await fetch(jobEventsUrl(jobId), {
    headers: authHeaders({ Accept: 'text/event-stream' }),
    signal,
  });
  if (!response.ok || !response.body) return false;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return false;
    buffer += value;
    const { data, rest } = splitEventData(buffer);
    buffer = rest;
    for (const payload of data) {
      const job = parseJobEvent(payload);
      if (!job) continue;
      onJob(job);
      if (isFinished(job.status)) {
        await reader.cancel().catch(() => undefined);
        return true;
      }
    }
  }
}
