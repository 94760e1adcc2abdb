// A worker whose "model" takes no time: it answers every generation with one stored PNG, so the
// platform benchmark measures the platform alone (HTTP, gRPC, database, queue, events, files).
import { join } from 'node:path';
import { createFileObjectStore } from '@pictura/common/object-store';
import { type GenerateJobData, type GenerateJobResult, QUEUE_NAMES } from '@pictura/common/queues';
import { createRedis } from '@pictura/common/redis';
import { Worker } from 'bullmq';
import sharp from 'sharp';

const [redisUrl, prefix, dataDir] = process.argv.slice(2) as [string, string, string];
const store = createFileObjectStore(join(dataDir, 'objects'));
const png = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#6040c0' } })
  .png()
  .toBuffer();
const stored = await store.put(png, 'png');

const worker = new Worker<GenerateJobData, GenerateJobResult>(
  QUEUE_NAMES.generate,
  async (job) => ({
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
  { connection: createRedis(redisUrl), prefix, concurrency: 64 },
);
await worker.waitUntilReady();
process.stdout.write('null worker ready\n');
process.on('SIGTERM', () => void worker.close().then(() => process.exit(0)));
