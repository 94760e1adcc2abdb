// Composition root of the jobs service.

import { create } from '@bufbuild/protobuf';
import { createAdminCheck } from '@pictura/common/admin-check';
import { auditLogLister } from '@pictura/common/audit-log';
import { loadConfig } from '@pictura/common/config';
import { createFileLinkSigner } from '@pictura/common/file-link-signer';
import { AuthService } from '@pictura/common/gen/auth/v1/auth_pb';
import { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import { HistoryService } from '@pictura/common/gen/history/v1/history_pb';
import { JobSchema, JobsService } from '@pictura/common/gen/jobs/v1/jobs_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { postGuarded } from '@pictura/common/guarded-fetch';
import { publicJobBody } from '@pictura/common/job-body';
import { createRedis, createRequestRedis } from '@pictura/common/redis';
import { startServiceHost } from '@pictura/common/service-host';
import { createJobsAuditLog } from './audit-log.repository.ts';
import { jobsConfigShape } from './config.ts';
import { schema } from './db/schema.ts';
import { createEntitlementsRepository } from './entitlements.repository.ts';
import { createFairQueue } from './fair-queue.ts';
import { createHistoryRecorder } from './history.recorder.ts';
import { createJobStatsRepository } from './job-stats.repository.ts';
import { createJobStatsService } from './job-stats.service.ts';
import { jobsGrpc, toProtoJob } from './jobs.grpc.ts';
import { createJobsRepository } from './jobs.repository.ts';
import { createJobsService } from './jobs.service.ts';
import { createModelsRepository } from './models.repository.ts';
import { createModelsService } from './models.service.ts';
import { createQueueRepository } from './queue.repository.ts';
import { createQueueDepthRepository } from './queue-depth.repository.ts';
import { createQueueDepthService } from './queue-depth.service.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { createSettingsService } from './settings.service.ts';
import { createWaitingSlots } from './waiting-slots.repository.ts';
import { createWebhookQueue } from './webhook-queue.repository.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import { announcingJobEnds, createWebhooksService } from './webhooks.service.ts';

const config = loadConfig(jobsConfigShape);
const host = await startServiceHost({
  service: 'jobs',
  config,
  address: config.JOBS_ADDR,
  schema,
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
const { logger, shutdown } = host;

const redis = createRedis(config.REDIS_URL);
const eventsRedis = createRedis(config.REDIS_URL);
shutdown.add('redis', () => Promise.all([redis.quit(), eventsRedis.quit()]));

const billing = createServiceClient(BillingService, config.BILLING_ADDR, host.clientSettings);
const history = createServiceClient(HistoryService, config.HISTORY_ADDR, host.clientSettings);
const auth = createServiceClient(AuthService, config.AUTH_ADDR, host.clientSettings);
shutdown.add('clients', () => {
  billing.close();
  history.close();
  auth.close();
});
const admin = createAdminCheck(auth);

// Submitting a job fails fast while Redis is down (503 with Retry-After); the blocking readers keep their own.
const requestRedis = createRequestRedis(config.REDIS_URL);
shutdown.add('request redis', () => requestRedis.quit());
const queue = await createQueueRepository({
  connection: requestRedis,
  eventsConnection: eventsRedis,
  prefix: config.QUEUE_PREFIX,
  retentionSeconds: config.JOB_RETENTION_SECONDS,
});
shutdown.add('queue', () => queue.close());

const models = createModelsRepository(redis, config.QUEUE_PREFIX);
const settings = createSettingsService({
  settings: createSettingsRepository(host.database.db),
  models,
  admin,
});
// Signed webhooks: deliveries are taken from the `webhooks` queue by every replica, sent only through the
// guarded fetcher.
const fileLinks = createFileLinkSigner({
  redis,
  queuePrefix: config.QUEUE_PREFIX,
  ...(config.FILES_SIGNING_SECRET ? { secret: config.FILES_SIGNING_SECRET } : {}),
});
const webhookQueue = createWebhookQueue({
  connection: redis,
  prefix: config.QUEUE_PREFIX,
  retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS,
  concurrency: config.WEBHOOK_CONCURRENCY,
});
shutdown.add('webhooks', () => webhookQueue.close());
const webhooks = createWebhooksService({
  webhooks: createWebhooksRepository(host.database.db),
  queue: webhookQueue,
  describeJob: async (row) => {
    const job = create(JobSchema, toProtoJob({ row, position: 0 }));
    // The receiver is the owner's own server: a private job's bare links would answer it 404.
    const links = job.private ? await fileLinks.signedLinks(job.images, config.PUBLIC_URL) : undefined;
    return publicJobBody(job, config.PUBLIC_URL, links);
  },
  post: (url, body, headers) =>
    postGuarded(url, body, {
      headers,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      allowLoopback: config.ALLOW_LOOPBACK_FETCH,
    }),
  retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS,
  allowLoopback: config.ALLOW_LOOPBACK_FETCH,
  logger,
});
webhookQueue.process(webhooks.deliver);

const jobs = createJobsService({
  jobs: announcingJobEnds(createJobsRepository(host.database.db), webhooks, logger),
  queue,
  entitlements: createEntitlementsRepository(billing, config.ENTITLEMENTS_CACHE_MS),
  models,
  history: createHistoryRecorder(history, logger),
  settings,
  logger,
  webhookUrls: webhooks,
  // On the request connection: a submission fails fast while Redis is down, as the queue's own add does.
  fairQueue: createFairQueue(createWaitingSlots(requestRedis, config.QUEUE_PREFIX), {
    guestMaxWaiting: config.GUEST_MAX_WAITING_JOBS,
    queueMaxWaiting: config.JOBS_MAX_WAITING,
    planMaxWaiting: config.PLAN_MAX_WAITING_JOBS,
  }),
});
const stats = createJobStatsService({ stats: createJobStatsRepository(host.database.db), admin });
const auditLog = createJobsAuditLog(host.database.db);
const modelsAdmin = createModelsService({ models, queue, settings, admin, audit: auditLog });

host.server.add(
  JobsService,
  jobsGrpc(jobs, {
    settings,
    stats,
    models: modelsAdmin,
    webhooks,
    auditLog: auditLogLister(admin, auditLog),
  }),
);
// KEDA sizes the worker pool by this report (metrics-api trigger), so workers scale from zero without Prometheus.
const queueDepthRepository = createQueueDepthRepository(redis, config.QUEUE_PREFIX);
shutdown.add('queue depth', () => queueDepthRepository.close());
const queueDepth = createQueueDepthService({ depth: queueDepthRepository, prefix: config.QUEUE_PREFIX });
await host.listen({ metricsRoutes: { '/queue-depth': queueDepth.report } });
