// Composition root of the inference worker: stateless, horizontally scaled, consumes the job queues.
import { availableParallelism, hostname } from 'node:os';
import { loadConfig } from '@pictura/common/config';
import { createLogger } from '@pictura/common/logger';
import { startMetricsServer } from '@pictura/common/metrics';
import { createObjectStore } from '@pictura/common/object-stores';
import {
  type AdvertisedModel,
  MODELS_QUEUE,
  QUEUE_NAMES,
  WORKER_HEARTBEAT_MS,
  workerModelsKey,
} from '@pictura/common/queues';
import { createRedis } from '@pictura/common/redis';
import { gracefulShutdown } from '@pictura/common/shutdown';
import { contextFromTraceparent, SpanKind, startTracing, withSpan } from '@pictura/common/tracing';
import { Worker } from 'bullmq';
import { workerConfigShape } from './config.ts';
import { createGenerateHandler } from './generate.handler.ts';
import { createInferencePool } from './inference.pool.ts';
import { cancellableHandler, createJobCancellation } from './job-cancellation.ts';
import { createModelTaskHandler } from './model-task.handler.ts';
import { watchModelsDir } from './models/models-watcher.ts';
import { createUpscaleHandler } from './upscale.handler.ts';
import { workerMetrics } from './worker.metrics.ts';

const config = loadConfig(workerConfigShape);
const logger = createLogger('worker', config.LOG_LEVEL);
const shutdown = gracefulShutdown(logger, 120_000);
const tracing = await startTracing('worker', config);
shutdown.add('tracing', () => tracing.shutdown());
const workerId = config.WORKER_ID ?? `${hostname()}-${process.pid}`;

// The boot check: every configured model loads, or the worker refuses to start and says why.
const pool = await createInferencePool(
  {
    executionProvider: config.EXECUTION_PROVIDER,
    modelsDir: config.MODELS_DIR,
    operatorSafety: config.SAFETY_MODEL_PATH
      ? {
          path: config.SAFETY_MODEL_PATH,
          unsafeIndices: config.SAFETY_UNSAFE_CLASSES,
          threshold: config.SAFETY_THRESHOLD,
        }
      : undefined,
    // Each inference thread gets its share of the cores, so threads do not fight over them.
    intraOpThreads: Math.max(1, Math.floor(availableParallelism() / config.INFERENCE_THREADS)),
  },
  config.INFERENCE_THREADS,
).catch((error: Error) => {
  logger.fatal({ err: error }, 'worker cannot start: a model failed to load');
  process.exit(1);
});
shutdown.add('inference threads', () => pool.close());
/** What operators read at boot and after each reload: every model with how it runs. */
const logModels = (message: string) =>
  logger.info(
    {
      models: pool.models.map((m) => ({
        name: m.name,
        kind: m.kind,
        default: m.isDefault,
        provider: m.provider,
        ...(m.settings ? { steps: m.settings.steps, guidance: m.settings.guidance } : {}),
        licence: m.licence.name,
      })),
    },
    message,
  );
logModels('models loaded');

const store = createObjectStore(config, { dataDir: config.DATA_DIR });
const redis = createRedis(config.REDIS_URL);
shutdown.add('redis', () => redis.quit());

const cancellation = createJobCancellation(redis, config.QUEUE_PREFIX);

const heartbeatKey = workerModelsKey(config.QUEUE_PREFIX, workerId);
const heartbeat = () => {
  const advertised: AdvertisedModel[] = pool.models.map(({ provider, ...model }) => model);
  return redis.set(heartbeatKey, JSON.stringify(advertised), 'PX', WORKER_HEARTBEAT_MS * 3).catch((error) => {
    logger.warn({ err: error }, 'heartbeat failed');
  });
};

/** Models installed or removed (here or by another worker): reload, then advertise the new list at once. */
const reloadModels = async () => {
  const { problems } = await pool.reload();
  for (const problem of problems) logger.error(problem, 'a model folder failed to open; it is not offered');
  logModels('models reloaded');
  await heartbeat();
};
// Every change to MODELS_DIR reaches this worker through the watcher, its own installs included (it is told
// to look at once), so each change is reloaded once.
const watcher = config.MODELS_DIR
  ? watchModelsDir(config.MODELS_DIR, config.MODELS_WATCH_MS, () =>
      reloadModels().catch((error) => logger.error({ err: error }, 'reloading models failed')),
    )
  : undefined;
if (watcher) shutdown.add('models watcher', () => watcher.close());

const handlers = {
  [QUEUE_NAMES.generate]: cancellableHandler(cancellation, { pool, store }, createGenerateHandler),
  [QUEUE_NAMES.upscale]: cancellableHandler(cancellation, { pool, store }, createUpscaleHandler),
  [MODELS_QUEUE]: createModelTaskHandler({
    modelsDir: config.MODELS_DIR,
    hfEndpoint: config.HF_ENDPOINT,
    hfToken: config.HF_TOKEN,
    npmRegistry: config.npm_config_registry ?? config.NPM_CONFIG_REGISTRY,
    changed: async () => watcher?.check(),
  }),
};
const unhandled = [...Object.values(QUEUE_NAMES), MODELS_QUEUE].filter((name) => !(name in handlers));
if (unhandled.length > 0) {
  logger.fatal({ unhandled }, 'worker cannot start: a queue has no handler');
  process.exit(1);
}

await heartbeat();
const heartbeatTimer = setInterval(heartbeat, WORKER_HEARTBEAT_MS);
shutdown.add('heartbeat', async () => {
  clearInterval(heartbeatTimer);
  await redis.del(heartbeatKey);
});

for (const [queue, handler] of Object.entries(handlers)) {
  const worker = new Worker(
    queue,
    // Each job is a consumer span continuing the submission's trace (the payload's traceparent).
    (job) =>
      withSpan(
        `${queue} process`,
        {
          kind: SpanKind.CONSUMER,
          parent: contextFromTraceparent(job.data.traceparent),
          attributes: {
            'messaging.system': 'bullmq',
            'messaging.destination.name': queue,
            'job.id': job.id ?? '',
            'job.attempt': job.attemptsMade + 1,
          },
        },
        async () => {
          workerMetrics.started();
          try {
            const result = await handler(job);
            workerMetrics.finished(queue, 'completed');
            return result;
          } catch (error) {
            workerMetrics.finished(queue, 'failed');
            throw error;
          }
        },
      ),
    {
      connection: createRedis(config.REDIS_URL),
      prefix: config.QUEUE_PREFIX,
      // One model download at a time per worker: they are large, and the disk check assumes it.
      concurrency: queue === MODELS_QUEUE ? 1 : config.WORKER_CONCURRENCY,
      lockDuration: config.WORKER_LOCK_MS,
      stalledInterval: config.WORKER_LOCK_MS,
      // A job whose worker died is taken again; twice, in case the first restart dies too.
      maxStalledCount: 2,
    },
  );
  worker.on('failed', (job, error) => logger.warn({ jobId: job?.id, reason: error.message }, 'job failed'));
  worker.on('error', (error) => logger.error({ err: error }, 'queue error'));
  // Registered after the threads and Redis, so it runs first: stop taking jobs and let running ones finish.
  shutdown.add(`queue ${queue}`, () => worker.close());
}

const metrics = await startMetricsServer(config.METRICS_PORT, config.GRPC_HOST);
shutdown.add('metrics', () => metrics.close());
logger.info({ workerId, concurrency: config.WORKER_CONCURRENCY }, 'worker ready');
