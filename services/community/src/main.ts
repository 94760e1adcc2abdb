// Composition root of the community service.
import { baseConfigShape, configTypes, loadConfig } from '@pictura/common/config';
import { CommunityService } from '@pictura/common/gen/community/v1/community_pb';
import { startServiceHost } from '@pictura/common/service-host';
import { communityGrpc } from './community.grpc.ts';
import { schema } from './db/schema.ts';
import { createPostsRepository } from './posts.repository.ts';

const config = loadConfig({ ...baseConfigShape, METRICS_PORT: configTypes.port.default(9103) });
const host = await startServiceHost({
  service: 'community',
  config,
  address: config.COMMUNITY_ADDR,
  schema,
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
host.server.add(CommunityService, communityGrpc(createPostsRepository(host.database.db)));
await host.listen();
