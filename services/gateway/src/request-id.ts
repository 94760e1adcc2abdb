// Every answer names its request in `x-request-id`, the id our logs and traces use: the caller's own id
// when it sent a sane one (so a client or proxy can follow its call through), else a new UUID.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Letters, digits and `.-_:` up to 128 characters: nothing that could forge a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Register first: errors thrown by later onRequest hooks (a bad credential, a rate limit) carry it too. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  // On the raw response, so answers written past fastify (the SSE stream's writeHead) carry it as well.
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader('x-request-id', request.id);
  });
}
