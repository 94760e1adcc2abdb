// Composition root of the community service.
import { createAdminCheck } from '@pictura/common/admin-check';
import { baseConfigShape, configTypes, loadConfig, objectStoreConfigShape } from '@pictura/common/config';
import { AuthService } from '@pictura/common/gen/auth/v1/auth_pb';
import { CommunityService } from '@pictura/common/gen/community/v1/community_pb';
import { HistoryService } from '@pictura/common/gen/history/v1/history_pb';
import { JobsService } from '@pictura/common/gen/jobs/v1/jobs_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { createObjectStore } from '@pictura/common/object-stores';
import { startServiceHost } from '@pictura/common/service-host';
import { composeCommunity } from './community.compose.ts';
import { schema } from './db/schema.ts';

const config = loadConfig({
  ...baseConfigShape,
  ...objectStoreConfigShape,
  METRICS_PORT: configTypes.port.default(9103),
});
const host = await startServiceHost({
  service: 'community',
  config,
  address: config.COMMUNITY_ADDR,
  schema,
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
// Auth answers who is an admin, history lends the items users publish; jobs is asked once for the tag limit
// it stored before community owned it (settings.service.ts).
const auth = createServiceClient(AuthService, config.AUTH_ADDR, host.clientSettings);
const history = createServiceClient(HistoryService, config.HISTORY_ADDR, host.clientSettings);
const jobs = createServiceClient(JobsService, config.JOBS_ADDR, host.clientSettings);
host.shutdown.add('clients', () => {
  for (const client of [auth, history, jobs]) client.close();
});
const community = composeCommunity({
  db: host.database.db,
  admin: createAdminCheck(auth),
  history,
  // Published images are held as 'community:<post id>', so they outlive the history item they came from.
  images: createObjectStore(config, { dataDir: config.DATA_DIR }),
  retiredMaxTags: async () => {
    try {
      return (await jobs.getSettings({}, { deadlineMs: 2000 })).retiredMaxTagsPerPost;
    } catch (error) {
      host.logger.warn(
        { err: error },
        'could not read the tag limit jobs stored; the default applies for now',
      );
      return undefined;
    }
  },
  hotTagsCacheMs: 30_000,
});
host.server.add(CommunityService, community.grpc);
await host.listen();
