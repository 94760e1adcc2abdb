// The community area: the gallery, posts, likes, reports and appeals, and their moderation.
import type { FastifyInstance } from 'fastify';
import type { AuthClient, CommunityClient } from '../clients.ts';
import { communityRoutes } from '../routes/community.routes.ts';
import { communityAdminRoutes } from '../routes/community-admin.routes.ts';

export interface CommunityAreaDeps {
  community: CommunityClient;
  /** Whose name and avatar a post or report keeps; without it they are left empty. */
  auth?: AuthClient;
}

export async function communityArea(app: FastifyInstance, deps: CommunityAreaDeps): Promise<void> {
  await app.register(communityRoutes, deps);
  await app.register(communityAdminRoutes, { community: deps.community });
}
