// Composition root of the gateway: the only public entry.
import { loadConfig } from '@pictura/common/config';
import { AuthService } from '@pictura/common/gen/auth/v1/auth_pb';
import { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import { CommunityService } from '@pictura/common/gen/community/v1/community_pb';
import { Health } from '@pictura/common/gen/grpc/health/v1/health_pb';
import { HistoryService } from '@pictura/common/gen/history/v1/history_pb';
import { JobsService } from '@pictura/common/gen/jobs/v1/jobs_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { createLogger } from '@pictura/common/logger';
import { startMetricsServer } from '@pictura/common/metrics';
import { createObjectStore } from '@pictura/common/object-stores';
import { createRequestRedis } from '@pictura/common/redis';
import { gracefulShutdown } from '@pictura/common/shutdown';
import { startTracing } from '@pictura/common/tracing';
import { buildApp } from './app.ts';
import { gatewayConfigShape } from './config.ts';
import { publicUrlWarning } from './return-origin.ts';

const config = loadConfig(gatewayConfigShape);
const logger = createLogger('gateway', config.LOG_LEVEL);
const shutdown = gracefulShutdown(logger);
const tracing = await startTracing('gateway', config);
shutdown.add('tracing', () => tracing.shutdown());

const redis = createRequestRedis(config.REDIS_URL);
shutdown.add('redis', () => redis.quit());
const settings = { deadlineMs: config.GRPC_DEADLINE_MS };
const jobs = createServiceClient(JobsService, config.JOBS_ADDR, settings);
const auth = createServiceClient(AuthService, config.AUTH_ADDR, settings);
const health = { jobs: createServiceClient(Health, config.JOBS_ADDR, settings) };
// The services behind the product routes; each also deletes a user's data when the account goes.
const services = {
  history: createServiceClient(HistoryService, config.HISTORY_ADDR, settings),
  community: createServiceClient(CommunityService, config.COMMUNITY_ADDR, settings),
  billing: createServiceClient(BillingService, config.BILLING_ADDR, settings),
};
shutdown.add('clients', () => {
  jobs.close();
  auth.close();
  for (const client of [...Object.values(health), ...Object.values(services)]) client.close();
});

const app = await buildApp({
  config,
  logger,
  jobs,
  store: createObjectStore(config, { dataDir: config.DATA_DIR }),
  redis,
  health,
  services,
  auth: {
    client: auth,
    sessionCacheMs: config.SESSION_CHECK_CACHE_MS,
    apiKeyPerMinute: config.API_KEY_PER_MINUTE,
  },
});
await app.listen({ port: config.PORT, host: config.HOST });
shutdown.add('http', () => app.close());

const metrics = await startMetricsServer(config.METRICS_PORT, config.GRPC_HOST);
shutdown.add('metrics', () => metrics.close());
logger.info({ url: config.PUBLIC_URL }, 'gateway ready');
const publicUrlProblem = publicUrlWarning(config);
if (publicUrlProblem) logger.warn({ url: config.PUBLIC_URL, host: config.HOST }, publicUrlProblem);
