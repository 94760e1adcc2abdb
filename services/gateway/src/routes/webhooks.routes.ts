// The signed-in user's webhooks: the signing secret (rotation needs a session, not an API key) and the
// recent deliveries. The jobs service owns both and filters by the caller it is given.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { WebhookDelivery, WebhookSecret } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { FastifyInstance } from 'fastify';
import type { JobsClient } from '../clients.ts';
import { errorResponses as errors, requireSession, requireSignIn } from '../route-guards.ts';
import {
  DeliveriesQuery,
  WebhookDeliveriesPage,
  WebhookDeliveryBody,
  WebhookSecretBody,
  WebhooksOverview,
} from './webhooks.schemas.ts';

const toSecretBody = (secret: WebhookSecret) => ({ secret: secret.secret, created_at: secret.createdAt });

export function toDeliveryBody(d: WebhookDelivery): WebhookDeliveryBody {
  return {
    id: d.id,
    event_type: d.eventType as WebhookDeliveryBody['event_type'],
    job_id: d.jobId,
    url: d.url,
    status: d.status as WebhookDeliveryBody['status'],
    attempts: d.attempts,
    last_status: d.lastStatus ?? null,
    last_error: d.lastError || null,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
    delivered_at: d.deliveredAt || null,
    next_attempt_at: d.nextAttemptAt || null,
  };
}

export async function webhooksRoutes(app: FastifyInstance, deps: { jobs: JobsClient }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  app.addSchema(WebhookSecretBody);
  app.addSchema(WebhookDeliveryBody);
  const tags = ['webhooks'];

  const deliveries = async (callerId: number, requestId: string, cursor = '', limit = 20) => {
    const page = await deps.jobs.listWebhookDeliveries({ callerId, cursor, limit }, { requestId });
    return { items: page.deliveries.map(toDeliveryBody), next_cursor: page.nextCursor || null };
  };

  api.get(
    '/api/user/webhooks',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'getWebhooks',
        summary: 'Your webhook signing secret and most recent deliveries',
        description:
          'The secret ("whsec_…") is created on first use. Each delivery is a POST with the headers ' +
          'webhook-id, webhook-timestamp and webhook-signature (Standard Webhooks); its body is ' +
          '{type, timestamp, data} with data the job as GET /api/jobs/{id} shows it.',
        tags,
        response: { 200: WebhooksOverview, ...errors },
      },
    },
    async (request) => {
      const callerId = request.viewer.userId;
      const [secret, page] = await Promise.all([
        deps.jobs.getWebhookSecret({ callerId }, { requestId: request.id }),
        deliveries(callerId, request.id),
      ]);
      return { secret: toSecretBody(secret), deliveries: page };
    },
  );

  api.post(
    '/api/user/webhooks/secret',
    {
      preHandler: requireSession,
      schema: {
        operationId: 'rotateWebhookSecret',
        summary: 'Replace your webhook signing secret',
        description:
          'Takes effect at once; for 24 hours deliveries carry a signature with the old secret too, so ' +
          'receivers can switch without losing messages. Needs a signed-in session, not an API key.',
        tags,
        response: { 200: { $ref: 'WebhookSecret#' }, ...errors },
      },
    },
    async (request) =>
      toSecretBody(
        await deps.jobs.rotateWebhookSecret({ callerId: request.viewer.userId }, { requestId: request.id }),
      ),
  );

  api.get(
    '/api/user/webhooks/deliveries',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: 'Your webhook deliveries, newest first',
        description: 'Cursor pages: pass next_cursor back as cursor.',
        tags,
        querystring: DeliveriesQuery,
        response: { 200: WebhookDeliveriesPage, ...errors },
      },
    },
    async (request) =>
      deliveries(request.viewer.userId, request.id, request.query.cursor, request.query.limit),
  );
}
