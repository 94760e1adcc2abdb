// What every visitor's page needs from the admin's system settings: the maintenance banner (jobs) and the tag
// limit (community).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from '@pictura/common/logger';
import type { FastifyInstance } from 'fastify';
import type { CommunityClient, JobsClient } from '../clients.ts';
import { errorResponses as errors } from '../route-guards.ts';
import { PublicSettingsBody } from './admin.schemas.ts';
import { communitySettingsOf, systemSettingsOf } from './admin.settings-cache.ts';

/** Until jobs (community) has answered once: no banner (the default tag limit). */
const FALLBACK = { maintenance_notice: '', max_tags_per_post: 5 };

export async function settingsRoutes(
  app: FastifyInstance,
  deps: { jobs: JobsClient; community?: CommunityClient; logger: Logger },
): Promise<void> {
  const settings = systemSettingsOf(deps.jobs, deps.logger);
  const community = deps.community && communitySettingsOf(deps.community, deps.logger);
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
      const [current, rules] = await Promise.all([settings.current(), community?.current()]);
      return {
        maintenance_notice: current?.maintenanceNotice ?? FALLBACK.maintenance_notice,
        max_tags_per_post: rules?.maxTagsPerPost ?? FALLBACK.max_tags_per_post,
      };
    },
  );
}
