// Serves stored images. Keys are content hashes, so a URL's bytes never change: cache forever. With an S3
// store the gateway streams the bytes from the bucket, or redirects to a presigned URL when the operator chose it.

import type { ObjectStore } from '@pictura/common/object-store';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sendError } from '../http-errors.ts';

export async function filesRoutes(app: FastifyInstance, deps: { store: ObjectStore }): Promise<void> {
  app.get<{ Params: { key: string } }>(
    '/files/:key',
    {
      schema: {
        operationId: 'getFile',
        summary: 'A stored image',
        description: 'The bytes of a generated or uploaded image. Keys name their content: cached forever.',
        tags: ['files'],
        params: Type.Object({
          key: Type.String({ description: 'The key from an image `url` (/files/{key})' }),
        }),
        response: {
          200: {
            description: 'The image (PNG, JPEG or WebP)',
            content: Object.fromEntries(
              ['image/png', 'image/jpeg', 'image/webp'].map((type) => [
                type,
                { schema: { type: 'string', format: 'binary' } },
              ]),
            ),
          },
          302: {
            description: 'Where to fetch the bytes (FILES_REDIRECT=presigned): a short-lived URL',
            type: 'null',
          },
          304: { description: 'Not modified (If-None-Match matched the ETag)', type: 'null' },
          404: { $ref: 'ErrorBody#' },
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const notFound = () => sendError(reply, 404, { error: 'file_not_found', message: 'Image not found' });
      const cached = request.headers['if-none-match'] === `"${key}"`;
      if (deps.store.directUrl) {
        // The bucket serves the bytes. The redirect is cached for half its URL's life, so a browser never
        // follows a remembered redirect to an expired URL.
        const direct = await deps.store.directUrl(key);
        if (!direct) return notFound();
        if (cached) return reply.status(304).send();
        return reply
          .header('cache-control', `private, max-age=${Math.floor(direct.expiresInSeconds / 2)}`)
          .redirect(direct.url, 302);
      }
      const object = await deps.store.open(key);
      if (!object) return notFound();
      if (cached) {
        object.stream.destroy(); // from S3 an unread body would hold its connection
        return reply.status(304).send();
      }
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.bytes)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${key}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(object.stream);
    },
  );
}
