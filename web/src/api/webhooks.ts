// The signed-in user's webhooks: the signing secret and the recent deliveries (GET /api/user/webhooks).
import { requestJson } from './http.ts';

export interface WebhookDelivery {
  /** The webhook-id header ("msg_…"), the same on every attempt. */
  id: string;
  event_type: 'job.completed' | 'job.failed' | 'job.cancelled';
  job_id: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
}

export interface WebhookSecret {
  secret: string;
  created_at: string;
}

export interface WebhooksOverview {
  secret: WebhookSecret;
  deliveries: { items: WebhookDelivery[]; next_cursor: string | null };
}

export function fetchWebhooks(signal?: AbortSignal): Promise<WebhooksOverview> {
  return requestJson<WebhooksOverview>('/api/user/webhooks', { signal });
}

export function rotateWebhookSecret(): Promise<WebhookSecret> {
  return requestJson<WebhookSecret>('/api/user/webhooks/secret', { method: 'POST' });
}
