// BullMQ access for the jobs service: submission, queue position, state and the event stream.
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { type GenerateJobData, type GenerateJobResult, type JobProgressReport, QUEUE_NAMES } from '@pictura/common/queues';

export type QueueEvent =
  | { type: 'active'; jobId: string }
  | { type: 'progress'; jobId: string; progress: JobProgressReport }
  | { type: 'completed'; jobId: string; result: GenerateJobResult }
  | { type: 'failed'; jobId: string; reason: string };

export type QueueJobState =
  | { state: 'waiting' | 'processing' | 'unknown' }
  | { state: 'completed'; result: GenerateJobResult }
  | { state: 'failed'; reason: string };

export interface QueueRepository {
  addGeneration(data: GenerateJobData, priority: number): Promise<void>;
  /** 1-based place among waiting jobs, or 0 when the job is not waiting. */
  position(jobId: string): Promise<number>;
  state(jobId: string): Promise<QueueJobState>;
  waitingCount(): Promise<number>;
  onEvent(listener: (event: QueueEvent) => void): void;
  close(): Promise<void>;
}

function parseResult(value: unknown): GenerateJobResult {
  return (typeof value === 'string' ? JSON.parse(value) : value) as GenerateJobResult;
}

export async function createQueueRepository(options: {
  connection: Redis;
  eventsConnection: Redis;
  prefix: string;
  retentionSeconds: number;
}): Promise<QueueRepository> {
  const { connection, prefix } = options;
  const queue = new Queue<GenerateJobData, GenerateJobResult>(QUEUE_NAMES.generate, { connection, prefix });
  const events = new QueueEvents(QUEUE_NAMES.generate, { connection: options.eventsConnection, prefix });
  await events.waitUntilReady();
  const listeners: ((event: QueueEvent) => void)[] = [];
  const emit = (event: QueueEvent) => {
    for (const listener of listeners) listener(event);
  };
  events.on('active', ({ jobId }) => emit({ type: 'active', jobId }));
  events.on('progress', ({ jobId, data }) => emit({ type: 'progress', jobId, progress: data as JobProgressReport }));
  events.on('completed', ({ jobId, returnvalue }) =>
    emit({ type: 'completed', jobId, result: parseResult(returnvalue) }),
  );
  events.on('failed', ({ jobId, failedReason }) => emit({ type: 'failed', jobId, reason: failedReason }));
  const key = (name: string) => `${prefix}:${QUEUE_NAMES.generate}:${name}`;

  return {
    async addGeneration(data, priority) {
      await queue.add('generate', data, {
        jobId: data.jobId,
        priority,
        attempts: 3,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { age: options.retentionSeconds },
        removeOnFail: { age: options.retentionSeconds },
      });
    },
    async position(jobId) {
      // Workers take the plain wait list first, then the prioritized set in score order.
      const [[, waiting], [, rank]] = (await connection
        .multi()
        .llen(key('wait'))
        .zrank(key('prioritized'), jobId)
        .exec()) as [[null, number], [null, number | null]];
      if (rank !== null) return waiting + rank + 1;
      const index = await connection.lpos(key('wait'), jobId);
      return index === null ? 0 : waiting - index;
    },
    async state(jobId) {
      const job = await queue.getJob(jobId);
      if (!job) return { state: 'unknown' };
      const state = await job.getState();
      if (state === 'completed') return { state: 'completed', result: parseResult(job.returnvalue) };
      if (state === 'failed') return { state: 'failed', reason: job.failedReason };
      if (state === 'active') return { state: 'processing' };
      return { state: 'waiting' };
    },
    // Prioritized jobs are waiting too; BullMQ counts them apart.
    waitingCount: () => queue.getJobCountByTypes('waiting', 'prioritized'),
    onEvent(listener) {
      listeners.push(listener);
    },
    async close() {
      await events.close();
      await queue.close();
    },
  };
}
