// The job event stream's ids, resume rule and framing (GET /api/jobs/:id/events), kept pure for tests.
//
// Why the id is derived from the job's state rather than counted: a client may reconnect to any gateway
// replica, whose stream comes from any jobs replica, each hearing the same queue events at its own pace. A
// counter would need one writer per job; a number computed from what the event says is the same wherever it
// is computed, so `Last-Event-ID` means the same thing everywhere. The number grows as the job advances:
//   waiting      1 … 999 999     (nearer the front of the queue → higher; position 0, unknown, is lowest)
//   processing   1 000 000 + progress × 10 000
//   finished     2 000 000       (completed, error or cancelled: the final, named event)
// A stream sends only events whose id is above the last one the client has, so a state that would move
// backwards (pushed back in the queue by higher-priority jobs, or a retried job starting its progress over)
// is not sent: the client keeps the furthest state until the job passes it, and the final event always goes.
import type { JobBody } from './generate.schemas.ts';

const WAITING_TOP = 1_000_000;
const PROCESSING_BASE = 1_000_000;
export const FINAL_EVENT_ID = 2_000_000;

/** The client's browser reconnects after this long if the stream breaks before the final event. */
export const SSE_RETRY_MS = 3000;

type JobState = Pick<JobBody, 'status' | 'position' | 'progress'>;

export const isFinalStatus = (status: JobBody['status']) =>
  status === 'completed' || status === 'error' || status === 'cancelled';

export function jobEventId(job: JobState): number {
  if (isFinalStatus(job.status)) return FINAL_EVENT_ID;
  if (job.status === 'processing') {
    return PROCESSING_BASE + Math.round(Math.min(Math.max(job.progress, 0), 1) * 10_000);
  }
  const position = job.position > 0 ? Math.min(job.position, WAITING_TOP - 1) : WAITING_TOP - 1;
  return WAITING_TOP - position;
}

/** `Last-Event-ID` (header, or `?last_event_id=` for clients that cannot set headers); junk counts as none. */
export function lastEventIdOf(
  header: string | string[] | undefined,
  query: string | undefined,
): number | undefined {
  const raw = (Array.isArray(header) ? header[0] : header) ?? query;
  if (raw === undefined || !/^\d{1,9}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/**
 * A reconnect that already has the final event is told 204 No Content, which makes a standard EventSource
 * stop for good. One that lost the connection before the final event still gets it.
 */
export function hasEverything(job: JobState, lastEventId: number | undefined): boolean {
  return lastEventId !== undefined && isFinalStatus(job.status) && lastEventId >= FINAL_EVENT_ID;
}

/** The event for `job`, or undefined when the client already has this state or a later one. */
export function jobEventFrame(job: JobBody, after: number): { id: number; frame: string } | undefined {
  const id = jobEventId(job);
  if (id <= after) return undefined;
  // Progress is the default `message` event; the last one is named after how the job ended (`completed`,
  // `error` or `cancelled`), so clients can tell the end apart. EventSource also fires `error` for a broken
  // connection: the job's `error` event is the one that carries data.
  const name = isFinalStatus(job.status) ? `event: ${job.status}\n` : '';
  return { id, frame: `${name}id: ${id}\ndata: ${JSON.stringify(job)}\n\n` };
}

export const retryFrame = () => `retry: ${SSE_RETRY_MS}\n\n`;

/** The job's event stream; with a job-scoped token for callers whose EventSource cannot send headers. */
export function eventsUrlFor(jobId: string, token?: string): string {
  const path = `/api/jobs/${encodeURIComponent(jobId)}/events`;
  return token ? `${path}?access_token=${encodeURIComponent(token)}` : path;
}
