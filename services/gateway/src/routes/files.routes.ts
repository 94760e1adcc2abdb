// Serves stored images. Keys are content hashes, so a URL's bytes never change: cache forever.

import type { ObjectStore } from '@pictura/common/object-store';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../http-errors.ts';

export async function filesRoutes(app: FastifyInstance, deps: { store: ObjectStore }): Promise<void> {
  app.get<{ Params: { key: string } }>(
    '/files/:key',
    { schema: { summary: 'A stored image', tags: ['files'], hide: false } },
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
