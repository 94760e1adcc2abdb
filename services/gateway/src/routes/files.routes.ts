// Serves stored images. Keys are content hashes, so a URL's bytes never change: cache forever.

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
          304: { description: 'Not modified (If-None-Match matched the ETag)', type: 'null' },
          404: { $ref: 'ErrorBody#' },
        },
      },
    },
    async (request, reply) => {
      const object = await deps.store.open(request.params.key);
      if (!object) return sendError(reply, 404, { error: 'file_not_found', message: 'Image not found' });
      if (request.headers['if-none-match'] === `"${request.params.key}"`) return reply.status(304).send();
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.bytes)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${request.params.key}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(object.stream);
    },
  );
}
