// A worker whose "model" takes no time: it answers every generation with one stored PNG, so the
// platform benchmark measures the platform alone (HTTP, gRPC, database, queue, events, files). Around that
// it does what the real worker does per job: a consumer span continuing the submission's trace, and the
// owner's cancellation flag read before and after the work (services/worker/src/job-cancellation.ts).
import { join } from 'node:path';
import { createFileObjectStore } from '@pictura/common/object-store';
import { type GenerateJobData, type GenerateJobResult, QUEUE_NAMES } from '@pictura/common/queues';
import { createRedis } from '@pictura/common/redis';
import { contextFromTraceparent, SpanKind, startTracing, withSpan } from '@pictura/common/tracing';
import { Worker } from 'bullmq';
import sharp from 'sharp';
import type { InferencePool } from '../services/worker/src/inference.pool.ts';
import { cancellableHandler, createJobCancellation } from '../services/worker/src/job-cancellation.ts';

const [redisUrl, prefix, dataDir] = process.argv.slice(2) as [string, string, string];
const tracing = await startTracing('worker', {
  OTEL_EXPORTER_OTLP_ENDPOINT: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
});
const store = createFileObjectStore(join(dataDir, 'objects'));
const png = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#6040c0' } })
  .png()
  .toBuffer();
const stored = await store.put(png, 'png');
const redis = createRedis(redisUrl);

const handler = cancellableHandler<GenerateJobData, GenerateJobResult>(
  createJobCancellation(redis, prefix),
  { pool: undefined as unknown as InferencePool, store },
  () => async (job) => ({
    images: [
      {
        key: stored.key,
        width: 512,
        height: 512,
        seed: job.data.options.seed,
        flagged: false,
        bytes: stored.bytes,
      },
    ],
    inferenceMs: 0,
  }),
);

const worker = new Worker<GenerateJobData, GenerateJobResult>(
  QUEUE_NAMES.generate,
  (job) =>
    withSpan(
      `${QUEUE_NAMES.generate} process`,
      { kind: SpanKind.CONSUMER, parent: contextFromTraceparent(job.data.traceparent) },
      () => handler(job),
    ),
  { connection: createRedis(redisUrl), prefix, concurrency: 64 },
);
await worker.waitUntilReady();
process.stdout.write('null worker ready\n');
process.on('SIGTERM', async () => {
  await worker.close();
  await tracing.shutdown();
  redis.disconnect();
  process.exit(0);
});
