// Composition root of the gateway: the only public entry.
import { join } from 'node:path';
import { loadConfig } from '@pictura/common/config';
import { AuthService } from '@pictura/common/gen/auth/v1/auth_pb';
import { Health } from '@pictura/common/gen/grpc/health/v1/health_pb';
import { JobsService } from '@pictura/common/gen/jobs/v1/jobs_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { createLogger } from '@pictura/common/logger';
import { startMetricsServer } from '@pictura/common/metrics';
import { createFileObjectStore } from '@pictura/common/object-store';
import { createRedis } from '@pictura/common/redis';
import { gracefulShutdown } from '@pictura/common/shutdown';
import { buildApp } from './app.ts';
import { gatewayConfigShape } from './config.ts';

const config = loadConfig(gatewayConfigShape);
const logger = createLogger('gateway', config.LOG_LEVEL);
const shutdown = gracefulShutdown(logger);

const redis = createRedis(config.REDIS_URL);
shutdown.add('redis', () => redis.quit());
const settings = { deadlineMs: config.GRPC_DEADLINE_MS };
const jobs = createServiceClient(JobsService, config.JOBS_ADDR, settings);
const auth = createServiceClient(AuthService, config.AUTH_ADDR, settings);
const health = { jobs: createServiceClient(Health, config.JOBS_ADDR, settings) };
shutdown.add('clients', () => {
  jobs.close();
  auth.close();
  for (const client of Object.values(health)) client.close();
});

const app = await buildApp({
  config,
  logger,
  jobs,
  store: createFileObjectStore(join(config.DATA_DIR, 'objects')),
  redis,
  health,
  auth: {
    client: auth,
    sessionCacheMs: config.SESSION_CHECK_CACHE_MS,
    apiKeyPerMinute: config.API_KEY_PER_MINUTE,
  },
});
await app.listen({ port: config.PORT, host: config.HOST });
shutdown.add('http', () => app.close());

const metrics = await startMetricsServer(config.METRICS_PORT);
shutdown.add('metrics', () => metrics.close());
logger.info({ url: config.PUBLIC_URL }, 'gateway ready');
