// A webhook message per the Standard Webhooks specification: its id, body, signature headers and the retry
// schedule. Pure functions; signing is the reference library's (`standardwebhooks`), not our own HMAC.
import { randomBytes } from 'node:crypto';
import type { PublicJobBody } from '@pictura/common/job-body';
import { Webhook } from 'standardwebhooks';
import type { JobRow } from './db/schema.ts';

export type WebhookEventType = 'job.completed' | 'job.failed' | 'job.cancelled';

/** The event a finished job announces; undefined while it is unfinished. */
export function webhookEventFor(status: JobRow['status']): WebhookEventType | undefined {
  if (status === 'completed') return 'job.completed';
  if (status === 'error') return 'job.failed';
  if (status === 'cancelled') return 'job.cancelled';
  return undefined;
}

/** "whsec_" + base64 of 32 random bytes (the spec takes 24 to 64), the form every Standard Webhooks library reads. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The webhook-id: unique per message and the same on each retry, so receivers can drop duplicates. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

export function webhookBody(type: WebhookEventType, at: Date, data: PublicJobBody): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * The headers of one attempt. The timestamp is the attempt's (receivers refuse stale ones), so a retry is
 * signed anew; several secrets (the new and, for a day after a rotation, the old) give several signatures,
 * which the spec's space-separated header allows.
 */
export function signedHeaders(
  messageId: string,
  body: string,
  secrets: string[],
  now: Date,
): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, now, body));
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/**
 * The wait before retry number `retry` (1-based) on `delays` (the configured schedule after the first
 * try), or undefined when the schedule is spent and the delivery has failed for good.
 */
export function retryDelayMs(retry: number, delays: readonly number[]): number | undefined {
  return retry >= 1 && retry <= delays.length ? delays[retry - 1] : undefined;
}

/** What the receiver's answer means for the delivery. */
export function attemptOutcome(status: number): 'delivered' | 'gone' | 'retry' {
  if (status >= 200 && status < 300) return 'delivered';
  // The spec: 410 Gone means the endpoint is no more; stop sending to it.
  if (status === 410) return 'gone';
  return 'retry';
}
