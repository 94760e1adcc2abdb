// What every visitor's page needs from the admin's system settings: the maintenance banner and the tag limit.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from '@pictura/common/logger';
import type { FastifyInstance } from 'fastify';
import type { JobsClient } from '../clients.ts';
import { errorResponses as errors } from '../route-guards.ts';
import { PublicSettingsBody } from './admin.schemas.ts';
import { systemSettingsOf } from './admin.settings-cache.ts';

/** Until jobs has answered once: no banner and the default tag limit. */
const FALLBACK = { maintenance_notice: '', max_tags_per_post: 5 };

export async function settingsRoutes(
  app: FastifyInstance,
  deps: { jobs: JobsClient; logger: Logger },
): Promise<void> {
  const settings = systemSettingsOf(deps.jobs, deps.logger);
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/settings/public',
    {
      schema: {
        operationId: 'getPublicSettings',
        summary: 'Public system settings: the maintenance notice banner and the tag limit of a post',
        tags: ['settings'],
        response: { 200: PublicSettingsBody, ...errors },
      },
    },
    async () => {
      const current = await settings.current();
      if (!current) return FALLBACK;
      return { maintenance_notice: current.maintenanceNotice, max_tags_per_post: current.maxTagsPerPost };
    },
  );
}
