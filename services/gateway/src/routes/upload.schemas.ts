// The spec's upload and upscale calls (section 7): {success, imageUrl, error}, not the {error, message} shape
// of the calls Pictura designed itself.

import { UPSCALE_FORMATS } from '@pictura/common/queues';
import { type Static, Type } from 'typebox';
import { SingleLineText } from '../text-schemas.ts';
import { WebhookUrlField } from './webhooks.schemas.ts';

export const UploadFailure = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.String({ description: 'Human text' }),
    job_id: Type.Optional(Type.String()),
    code: Type.Optional(
      Type.String({ description: 'Machine-readable reason, where there is one (webhook_url_refused)' }),
    ),
  },
  { $id: 'UploadFailure' },
);

/** The multipart form of POST /api/upload/image, for the document (the handler reads the parts itself). */
export const UploadImageForm = Type.Object(
  {
    file: Type.String({
      format: 'binary',
      contentMediaType: 'application/octet-stream',
      description: 'JPEG, PNG or WebP, at most 10 MB',
    }),
  },
  { title: 'UploadImageForm' },
);

export const UploadResult = Type.Object({
  success: Type.Literal(true),
  imageUrl: Type.String({ description: '/files/<key>; pass it to POST /api/upload/upscale' }),
});

export const UpscaleBody = Type.Object(
  {
    // Optional in the schema, so a missing link gets the spec's own message rather than a validation text.
    image_url: Type.Optional(
      SingleLineText({
        maxLength: 2048,
        description: 'A /files/ link of this site, or any http(s) image link',
      }),
    ),
    model: Type.Optional(
      SingleLineText({ maxLength: 100, description: 'An upscale model from GET /api/models' }),
    ),
    format: Type.Optional(
      Type.Unsafe<(typeof UPSCALE_FORMATS)[number]>({
        type: 'string',
        enum: [...UPSCALE_FORMATS],
        default: 'png',
      }),
    ),
    scale: Type.Optional(Type.Literal(4, { description: 'Always 4' })),
    webhook_url: WebhookUrlField,
  },
  { additionalProperties: false },
);
export type UpscaleBody = Static<typeof UpscaleBody>;

export const UpscaleQuery = Type.Object({
  async: Type.Optional(
    Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')], {
      description: 'When 1, answer 202 {job_id} at once; follow it at /api/jobs/{id}/events',
    }),
  ),
});

export const UpscaleResult = Type.Object({
  success: Type.Literal(true),
  imageUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  bytes: Type.Integer(),
  job_id: Type.String(),
});

export const UpscaleSubmitted = Type.Object({
  success: Type.Literal(true),
  job_id: Type.String(),
  status: Type.String(),
  position: Type.Integer(),
  events_url: Type.String({
    description:
      'Where to follow the job with Server-Sent Events, with a short-lived token scoped to this job ' +
      '(a guest cancels the job with it: DELETE /api/jobs/{id}?access_token=…)',
  }),
});
