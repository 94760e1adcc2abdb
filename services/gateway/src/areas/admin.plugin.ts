// The admin console's area: statistics, system settings, models, plan grants and the audit log.
// The admin's user list is the auth area's, community moderation the community area's.
import type { FastifyInstance } from 'fastify';
import { type AdminDeps, adminRoutes } from '../routes/admin.routes.ts';

export type AdminAreaDeps = AdminDeps;

export async function adminArea(app: FastifyInstance, deps: AdminAreaDeps): Promise<void> {
  await app.register(adminRoutes, deps);
}
