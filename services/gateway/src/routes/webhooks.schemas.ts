import { WEBHOOK_URL_MAX_LENGTH } from '@pictura/common/webhook-url';
import { type Static, Type } from 'typebox';
import { PageLimit, SingleLineText } from '../text-schemas.ts';

/** The optional webhook field of job submissions (generate, upscale, /v1 images). */
export const WebhookUrlField = Type.Optional(
  SingleLineText({
    maxLength: WEBHOOK_URL_MAX_LENGTH,
    description:
      'http(s) URL to POST the job to when it completes, fails or is cancelled (Standard Webhooks, signed with ' +
      'your secret from GET /api/user/webhooks). Absent: the API key’s default; "": none.',
  }),
);

export const WebhookSecretBody = Type.Object(
  {
    secret: Type.String({ description: '"whsec_…": verify deliveries with any Standard Webhooks library' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'WebhookSecret' },
);

export const WebhookDeliveryBody = Type.Object(
  {
    id: Type.String({ description: 'The webhook-id header ("msg_…"), the same on every attempt' }),
    event_type: Type.Union([
      Type.Literal('job.completed'),
      Type.Literal('job.failed'),
      Type.Literal('job.cancelled'),
    ]),
    job_id: Type.String(),
    url: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
    attempts: Type.Integer({ description: 'Attempts made so far' }),
    last_status: Type.Union([Type.Integer(), Type.Null()], {
      description: 'HTTP status of the last attempt; null when it got no answer',
    }),
    last_error: Type.Union([Type.String(), Type.Null()], { description: 'Why the last attempt failed' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    delivered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the next attempt is due while pending',
    }),
  },
  { $id: 'WebhookDelivery' },
);
export type WebhookDeliveryBody = Static<typeof WebhookDeliveryBody>;

export const WebhookDeliveriesPage = Type.Object({
  items: Type.Array(Type.Ref('WebhookDelivery')),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
});

export const WebhooksOverview = Type.Object({
  secret: Type.Ref('WebhookSecret'),
  deliveries: WebhookDeliveriesPage,
});

export const DeliveriesQuery = Type.Object({
  cursor: Type.Optional(SingleLineText({ maxLength: 200 })),
  limit: Type.Optional(PageLimit(100)),
});
