// The history area: the signed-in user's own generations and upscales.
import type { FastifyInstance } from 'fastify';
import type { HistoryClient } from '../clients.ts';
import type { FileLinks } from '../file-links.ts';
import { historyRoutes } from '../routes/history.routes.ts';

export interface HistoryAreaDeps {
  history: HistoryClient;
  /** Signs a private item's image links for its owner. */
  fileLinks: FileLinks;
}

export async function historyArea(app: FastifyInstance, deps: HistoryAreaDeps): Promise<void> {
  await app.register(historyRoutes, deps);
}
