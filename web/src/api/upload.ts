// POST /api/upload/image and POST /api/upload/upscale (?async=1); GET /api/models is in models.ts.
// The upload endpoints answer in the spec's shape, {success, imageUrl?, error?}, errors included.
import type { JobStatus } from './generation.ts';
import { authHeaders } from './http.ts';

export type OutputFormat = 'png' | 'jpeg' | 'webp';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['png', 'jpeg', 'webp'];

/** A failed upload or upscale: the HTTP status (0 for network, 'timeout' when aborted by our timer) and the server's text. */
export class UploadError extends Error {
  constructor(
    readonly status: number | 'timeout' | 'network',
    readonly serverError: string,
  ) {
    super(serverError || String(status));
    this.name = 'UploadError';
  }
}

interface UploadBody {
  success?: boolean;
  imageUrl?: string;
  error?: unknown;
  job_id?: string;
  status?: JobStatus;
  position?: number;
  events_url?: string;
}

/** fetch with a timeout of its own; an abort by the timer becomes UploadError('timeout'). */
async function postWithTimeout(path: string, init: RequestInit, timeoutMs: number): Promise<UploadBody> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: authHeaders(init.headers),
      method: 'POST',
      signal: controller.signal,
    });
  } catch {
    throw new UploadError(controller.signal.aborted ? 'timeout' : 'network', '');
  } finally {
    clearTimeout(timer);
  }
  let body: UploadBody = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed !== null && typeof parsed === 'object') body = parsed as UploadBody;
  } catch {
    // A proxy error page or an empty body: the status alone decides the message.
  }
  if (!response.ok || body.success === false) {
    throw new UploadError(response.status, typeof body.error === 'string' ? body.error : '');
  }
  return body;
}

export const UPLOAD_TIMEOUT_MS = 30_000;

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await postWithTimeout('/api/upload/image', { body: form }, UPLOAD_TIMEOUT_MS);
  if (typeof body.imageUrl !== 'string') throw new UploadError(500, '');
  return body.imageUrl;
}

export interface UpscaleRequest {
  image_url: string;
  format?: OutputFormat;
  model?: string;
}

export interface UpscaleAccepted {
  job_id: string;
  status: JobStatus;
  position: number;
  /** The job's event stream, with a token scoped to the job (EventSource cannot send headers). */
  events_url?: string;
}

/** Starts an upscale job and answers at once (202); the job is followed over GET /api/jobs/:id/events. */
export async function startUpscale(request: UpscaleRequest, timeoutMs: number): Promise<UpscaleAccepted> {
  const body = await postWithTimeout(
    '/api/upload/upscale?async=1',
    {
      body: JSON.stringify(request),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    },
    timeoutMs,
  );
  if (typeof body.job_id !== 'string') throw new UploadError(500, '');
  return {
    job_id: body.job_id,
    status: body.status ?? 'waiting',
    position: body.position ?? 0,
    ...(typeof body.events_url === 'string' ? { events_url: body.events_url } : {}),
  };
}

/** The size of a file in bytes from a HEAD request, or null when the server does not say. */
export async function fetchFileSize(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { method: 'HEAD' });
    const length = Number(response.headers.get('content-length'));
    return response.ok && Number.isFinite(length) && length > 0 ? length : null;
  } catch {
    return null;
  }
}
