// The webhook rpcs of the jobs service (proto names in, domain calls, proto names out).
import type { JobsService } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { ServiceImpl } from '@pictura/common/grpc-types';
import type { WebhookDeliveryRow, WebhookSecretRow } from './db/schema.ts';
import type { WebhooksService } from './webhooks.service.ts';

const toSecret = (row: WebhookSecretRow) => ({ secret: row.secret, createdAt: row.createdAt.toISOString() });

const toDelivery = (row: WebhookDeliveryRow) => ({
  id: row.id,
  eventType: row.eventType,
  jobId: row.jobId,
  url: row.url,
  status: row.status,
  attempts: row.attempts,
  lastStatus: row.lastStatus ?? undefined,
  lastError: row.lastError ?? '',
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? '',
  nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? '') : '',
});

export function webhooksGrpc(
  webhooks: WebhooksService,
): Pick<
  ServiceImpl<typeof JobsService>,
  'getWebhookSecret' | 'rotateWebhookSecret' | 'listWebhookDeliveries'
> {
  return {
    getWebhookSecret: async ({ callerId }) => toSecret(await webhooks.secret(callerId)),
    rotateWebhookSecret: async ({ callerId }) => toSecret(await webhooks.rotateSecret(callerId)),
    async listWebhookDeliveries({ callerId, cursor, limit }) {
      const page = await webhooks.deliveries(callerId, cursor, limit);
      return { deliveries: page.items.map(toDelivery), nextCursor: page.nextCursor };
    },
  };
}
