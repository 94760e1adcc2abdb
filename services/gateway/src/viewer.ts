// Who is calling. Until sign-in exists every caller is a guest (user 0); the identity issue replaces
// this with JWT and API-key verification, and every route already reads request.viewer.
import type { FastifyInstance } from 'fastify';

export interface Viewer {
  /** 0 for a guest. */
  userId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

export function registerViewer(app: FastifyInstance): void {
  app.decorateRequest('viewer', null as unknown as Viewer);
  app.addHook('onRequest', async (request) => {
    request.viewer = { userId: 0 };
  });
}
