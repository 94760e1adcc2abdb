// BullMQ on its own, as the yardstick for the platform: a bare Queue and a Worker with a no-op processor on
// the same Redis, producers each adding a job and waiting for its completion through QueueEvents.
import { randomBytes } from 'node:crypto';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { percentile } from './stats.ts';

export interface BullMqRate {
  jobsPerSecond: number;
  p50: number;
  p99: number;
  jobs: number;
}

export async function bullMqAddToComplete(redisUrl: string, producers: number, perProducer: number) {
  const prefix = `bench-bullmq-${randomBytes(4).toString('hex')}`;
  const connection = () => new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue('noop', { connection: connection(), prefix });
  const events = new QueueEvents('noop', { connection: connection(), prefix });
  const worker = new Worker('noop', async () => 'ok', {
    connection: connection(),
    prefix,
    concurrency: producers,
  });
  await Promise.all([queue.waitUntilReady(), events.waitUntilReady(), worker.waitUntilReady()]);
  // Each producer waiting for its job listens on the queue and its events.
  queue.setMaxListeners(producers + 10);
  events.setMaxListeners(producers + 10);
  const measure = async (count: number) => {
    const ms: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: producers }, async () => {
        // Finished jobs stay a while: waitUntilFinished reads the job once more after its event.
        for (let i = 0; i < count; i++) {
          const t = performance.now();
          const job = await queue.add(
            'noop',
            { i },
            { removeOnComplete: { count: 5000 }, removeOnFail: { count: 5000 } },
          );
          await job.waitUntilFinished(events);
          ms.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      jobsPerSecond: ms.length / seconds,
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
      jobs: ms.length,
    };
  };
  try {
    await measure(Math.max(1, Math.floor(perProducer / 5))); // warm up
    return await measure(perProducer);
  } finally {
    await worker.close();
    await events.close();
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
  }
}
