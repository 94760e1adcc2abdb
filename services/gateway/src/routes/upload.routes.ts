// POST /api/upload/image and POST /api/upload/upscale, in the spec's shape: every answer, errors included,
// is {success, imageUrl?, error?}. The error handler and form parser set here are the upscale area's
// (areas/upscale.plugin.ts): its upscale routes, registered after, keep that shape for errors thrown inside.
import fastifyMultipart from '@fastify/multipart';
import { ImageRejectedError } from '@pictura/common/image-decode';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '@pictura/common/image-sniff';
import type { ObjectStore } from '@pictura/common/object-store';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { JobsClient } from '../clients.ts';
import type { FileLinks } from '../file-links.ts';
import { errorReply, setRetryAfter } from '../http-errors.ts';
import { storeUntrustedImage } from '../image-intake.ts';
import type { JobEventTokens } from '../job-event-tokens.repository.ts';
import { imageRejection, sendFailure } from './upload.replies.ts';
import { UploadFailure, UploadImageForm, UploadResult } from './upload.schemas.ts';

export interface UploadDeps {
  jobs: JobsClient;
  /** Tokens for the async upscale's events_url (see generate.routes.ts). */
  eventTokens: JobEventTokens;
  store: ObjectStore;
  /** The site's own origin: links on it are read from the store, never fetched. */
  publicUrl: string;
  allowLoopbackFetch: boolean;
  /** Who may read a file (file-links.ts): a private generation's file is upscaled only from its signed link. */
  fileLinks?: FileLinks;
}

const NO_FILE_MESSAGE = 'No file provided';
const UNREADABLE_FORM_MESSAGE = 'The form could not be read; send multipart/form-data with a boundary';

export async function uploadRoutes(app: FastifyInstance, deps: UploadDeps): Promise<void> {
  app.addSchema(UploadFailure);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = errorReply(error, request);
    setRetryAfter(reply, error, status);
    return sendFailure(reply, status, body.message);
  });
  // The cap is busboy's: it stops counting into memory at 10 MB and toBuffer() then throws.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 },
  });

  app.post(
    '/api/upload/image',
    {
      schema: {
        operationId: 'uploadImage',
        summary: 'Upload an image to upscale',
        description:
          'multipart/form-data with the image in the field `file`: JPEG, PNG or WebP (told by its bytes), at most ' +
          '10 MB. Stored without metadata; the answer links to it.',
        tags: ['upscale'],
        consumes: ['multipart/form-data'],
        response: { 200: UploadResult, '4xx': { $ref: 'UploadFailure#' }, '5xx': { $ref: 'UploadFailure#' } },
      },
      config: { documentedBody: { consumes: ['multipart/form-data'], schema: UploadImageForm } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) return sendFailure(reply, 400, NO_FILE_MESSAGE);
      // A form the parser cannot read (no boundary, cut short) is the client's error, not a 500.
      const part = await request.file().catch(() => 'unreadable' as const);
      if (part === 'unreadable') return sendFailure(reply, 400, UNREADABLE_FORM_MESSAGE);
      if (part?.fieldname !== 'file') {
        part?.file.resume();
        return sendFailure(reply, 400, NO_FILE_MESSAGE);
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE')
          return sendFailure(reply, 413, FILE_TOO_LARGE_MESSAGE);
        return sendFailure(reply, 400, UNREADABLE_FORM_MESSAGE);
      }
      try {
        const stored = await storeUntrustedImage(deps.store, bytes);
        return { success: true, imageUrl: `/files/${stored.key}` };
      } catch (error) {
        if (error instanceof ImageRejectedError) {
          const refused = imageRejection(error);
          return sendFailure(reply, refused.status, refused.error);
        }
        throw error;
      }
    },
  );
}
