// Who is calling: a guest (user 0), or the user behind a verified session token or API key
// (auth/authenticate.ts). Every route reads request.viewer.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface Viewer {
  /** 0 for a guest. */
  userId: number;
  /** Spec section 6 (id 1, role admin or is_admin), as auth answered within the last few seconds. */
  isAdmin: boolean;
  /** Set when signed in with a session token. */
  sessionId?: string;
  /** Set when calling with an API key. */
  apiKeyId?: string;
  /** The API key's default webhook URL, used when a job submission names none. */
  apiKeyWebhookUrl?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

/** Without `authenticate` every caller is a guest; a bad credential makes `authenticate` throw (401). */
export function registerViewer(
  app: FastifyInstance,
  authenticate?: (request: FastifyRequest) => Promise<Viewer>,
): void {
  app.decorateRequest('viewer', null as unknown as Viewer);
  app.addHook('onRequest', async (request) => {
    request.viewer = { userId: 0, isAdmin: false };
    if (authenticate) request.viewer = await authenticate(request);
  });
}
