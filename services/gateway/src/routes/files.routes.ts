// Serves stored images. Keys are content hashes, so a URL's bytes never change: cache forever. With an S3
// store the gateway streams the bytes from the bucket, or redirects to a presigned URL when the operator chose it.
// Who may read which file is file-links.ts's rule: a private generation's file only through a link signed for
// its owner (anything else about it answers 404, as for a missing file); every other file is public.

import type { ObjectStore } from '@pictura/common/object-store';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { FileLinks } from '../file-links.ts';
import { sendError } from '../http-errors.ts';
import { SingleLineText } from '../text-schemas.ts';

export async function filesRoutes(
  app: FastifyInstance,
  deps: { store: ObjectStore; links?: FileLinks },
): Promise<void> {
  app.get<{ Params: { key: string }; Querystring: { expires?: string; sig?: string } }>(
    '/files/:key',
    {
      schema: {
        operationId: 'getFile',
        summary: 'A stored image',
        description: 'The bytes of a generated or uploaded image. Keys name their content: cached forever.',
        tags: ['files'],
        params: Type.Object({
          key: SingleLineText({ maxLength: 200, description: 'The key from an image `url` (/files/{key})' }),
        }),
        querystring: Type.Object({
          expires: Type.Optional(
            SingleLineText({ maxLength: 20, description: 'A signed link’s expiry (private generations)' }),
          ),
          sig: Type.Optional(SingleLineText({ maxLength: 100, description: 'A signed link’s signature' })),
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
      // Checked before anything else (an ETag match too), so a private file's link tells a stranger nothing.
      const { expires, sig } = request.query;
      const signed = deps.links && sig !== undefined ? await deps.links.verify(key, expires, sig) : false;
      if (sig !== undefined && !signed) return notFound();
      if (!signed && deps.links && !(await deps.links.isPublic(key, request.id))) return notFound();
      // A signed link is one person's, until it expires; a public file is everyone's, forever.
      const cacheControl = signed
        ? `private, max-age=${Math.max(0, Number(expires) - Math.floor(Date.now() / 1000))}`
        : 'public, max-age=31536000, immutable';
      const cached = request.headers['if-none-match'] === `"${key}"`;
      if (deps.store.directUrl) {
        // The bucket serves the bytes. The redirect is cached for half its URL's life, so a browser never
        // follows a remembered redirect to an expired URL.
        const direct = await deps.store.directUrl(key);
        if (!direct) return notFound();
        if (cached) return reply.status(304).send();
        const maxAge = Math.floor(direct.expiresInSeconds / 2);
        const linkAge = signed ? Math.max(0, Number(expires) - Math.floor(Date.now() / 1000)) : maxAge;
        return reply
          .header('cache-control', `private, max-age=${Math.min(maxAge, linkAge)}`)
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
        .header('cache-control', cacheControl)
        .header('etag', `"${key}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(object.stream);
    },
  );
}
