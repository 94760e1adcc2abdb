// The admin console's dashboard statistics, system settings and Models page. requireAdmin answers early;
// auth, jobs and community each check the caller again before answering (they own the data).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from '@pictura/common/logger';
import type { FastifyInstance } from 'fastify';
import type { AuthClient, BillingClient, CommunityClient, JobsClient } from '../clients.ts';
import type { GatewayConfig } from '../config.ts';
import { errorResponses as errors, requireAdmin } from '../route-guards.ts';
import {
  AdminStatsBody,
  SettingsBody as SettingsSchema,
  SettingsUpdate,
  StatsQuery,
} from './admin.schemas.ts';
import { readAdminSettings, saveAdminSettings } from './admin.settings.ts';
import { communitySettingsOf, systemSettingsOf } from './admin.settings-cache.ts';
import { adminAuditRoutes } from './admin-audit.routes.ts';
import { adminGrantsRoutes } from './admin-grants.routes.ts';
import { adminModelsRoutes } from './admin-models.routes.ts';

export interface AdminDeps {
  jobs: JobsClient;
  billing: BillingClient;
  community: CommunityClient;
  /** For the settings' cache, when jobs cannot answer. */
  logger: Logger;
  config: Pick<GatewayConfig, 'GUEST_GENERATE_PER_MINUTE'>;
  /** Without it the statistics are not served; grants and the audit log then skip auth's part. */
  auth?: AuthClient;
}

export async function adminRoutes(app: FastifyInstance, deps: AdminDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const settings = {
    jobs: deps.jobs,
    community: deps.community,
    guestDefault: deps.config.GUEST_GENERATE_PER_MINUTE,
    caches: {
      jobs: systemSettingsOf(deps.jobs, deps.logger),
      community: communitySettingsOf(deps.community, deps.logger),
    },
  };

  const { auth } = deps;
  if (auth) {
    api.get(
      '/api/admin/stats',
      {
        preHandler: requireAdmin,
        schema: {
          operationId: 'getAdminStats',
          summary: 'Dashboard: users, activity, posts and completed jobs per day',
          tags: ['admin'],
          querystring: StatsQuery,
          response: { 200: AdminStatsBody, ...errors },
        },
      },
      async (request): Promise<AdminStatsBody> => {
        const query = { callerId: request.viewer.userId, days: request.query.days ?? 30 };
        const options = { requestId: request.id };
        const [users, jobs, community] = await Promise.all([
          auth.getUserStats(query, options),
          deps.jobs.getJobStats(query, options),
          deps.community.getStats(query, options),
        ]);
        const days = (list: { day: string; count: number }[]) =>
          list.map(({ day, count }) => ({ day, count }));
        return {
          total_users: users.totalUsers,
          active_users_30d: users.active30d,
          new_users_7d: users.new7d,
          total_posts: community.totalPosts,
          generations_per_day: days(jobs.generationsPerDay),
          upscales_per_day: days(jobs.upscalesPerDay),
          signups_per_day: days(users.signupsPerDay),
        };
      },
    );
  }

  api.get(
    '/api/admin/settings',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'getSystemSettings',
        summary: 'System settings: guest generation limit, maintenance notice, default model, max tags',
        tags: ['admin'],
        response: { 200: SettingsSchema, ...errors },
      },
    },
    async (request) => readAdminSettings(settings, request.id),
  );

  api.put(
    '/api/admin/settings',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'updateSystemSettings',
        summary: 'Change system settings; applied without restart (other gateway replicas within seconds)',
        tags: ['admin'],
        body: SettingsUpdate,
        response: { 200: SettingsSchema, ...errors },
      },
    },
    async (request) => saveAdminSettings(settings, request.viewer.userId, request.body, request.id),
  );

  await adminModelsRoutes(app, deps.jobs);
  await adminGrantsRoutes(app, { billing: deps.billing, ...(auth ? { auth } : {}) });
  await adminAuditRoutes(app, {
    billing: deps.billing,
    community: deps.community,
    jobs: deps.jobs,
    ...(auth ? { auth } : {}),
  });
}
