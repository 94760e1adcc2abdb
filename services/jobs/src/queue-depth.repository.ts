// How many generation and upscale jobs wait for a worker or run on one, read from BullMQ's own counters. The
// worker autoscaler sizes the worker pool by it (GET /queue-depth), so it counts under the configured prefix.
import { QUEUE_NAMES, type QueueName } from '@pictura/common/queues';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export interface QueueCounts {
  /** In the plain wait list (jobs without a plan priority). */
  waiting: number;
  /** Waiting in the priority order of their plan. */
  prioritized: number;
  /** Held by a worker now. */
  active: number;
}

export interface QueueDepthRepository {
  counts(): Promise<Record<QueueName, QueueCounts>>;
  close(): Promise<void>;
}

export function createQueueDepthRepository(connection: Redis, prefix: string): QueueDepthRepository {
  const names = Object.values(QUEUE_NAMES);
  // Queues on a connection they were given leave it open when they close.
  const queues = names.map((name) => new Queue(name, { connection, prefix }));
  return {
    async counts() {
      const counts = await Promise.all(
        queues.map((queue) => queue.getJobCounts('waiting', 'prioritized', 'active')),
      );
      return Object.fromEntries(
        names.map((name, index) => {
          const { waiting = 0, prioritized = 0, active = 0 } = counts[index]!;
          return [name, { waiting, prioritized, active }];
        }),
      ) as Record<QueueName, QueueCounts>;
    },
    async close() {
      await Promise.all(queues.map((queue) => queue.close()));
    },
  };
}
