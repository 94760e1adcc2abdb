// The generation area: text-to-image jobs, their progress events, cancelling, and the models list.
import type { FastifyInstance } from 'fastify';
import type { JobsClient } from '../clients.ts';
import type { FileLinks } from '../file-links.ts';
import type { JobEventTokens } from '../job-event-tokens.repository.ts';
import { generateRoutes } from '../routes/generate.routes.ts';

export interface GenerationAreaDeps {
  jobs: JobsClient;
  /** Job-scoped tokens for the events stream (EventSource cannot send headers). */
  eventTokens: JobEventTokens;
  /** Signs a private job's image links for its owner. */
  fileLinks: FileLinks;
  /** Tests only: webhook receivers on loopback (ALLOW_LOOPBACK_FETCH). */
  allowLoopbackFetch: boolean;
}

export async function generationArea(app: FastifyInstance, deps: GenerationAreaDeps): Promise<void> {
  await app.register(generateRoutes, deps);
}
