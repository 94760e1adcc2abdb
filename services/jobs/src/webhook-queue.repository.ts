// The `webhooks` BullMQ queue: one job per delivery (its id is the webhook-id), retried on the configured
// schedule through a custom backoff. Delayed retries wait in Redis, so they survive a restart and are taken
// by whichever jobs replica is free.
import { WEBHOOKS_QUEUE, type WebhookDeliveryData } from '@pictura/common/queues';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { retryDelayMs } from './webhook-message.ts';

const BACKOFF_TYPE = 'webhook-schedule';
/** Finished delivery jobs: the database keeps the record; Redis keeps them only for a late look. */
const KEEP_FINISHED_SECONDS = 24 * 3600;

/** One try of a delivery: resolves when it is done with, rejects to be tried again. */
export type DeliveryAttempt = (
  deliveryId: string,
  attempt: { number: number; isLast: boolean },
) => Promise<void>;

/** Thrown by an attempt that must not be retried (410 Gone, a vanished record). */
export class FinalDeliveryFailure extends UnrecoverableError {}

export interface WebhookQueue {
  enqueue(deliveryId: string): Promise<void>;
  /** Starts taking deliveries on this replica. */
  process(attempt: DeliveryAttempt): void;
  close(): Promise<void>;
}

export function createWebhookQueue(options: {
  connection: Redis;
  prefix: string;
  /** Waits before each retry, in ms; the first try is immediate. */
  retryDelaysMs: readonly number[];
  concurrency: number;
}): WebhookQueue {
  const { connection, prefix, retryDelaysMs } = options;
  const queue = new Queue<WebhookDeliveryData>(WEBHOOKS_QUEUE, { connection, prefix });
  let worker: Worker<WebhookDeliveryData> | undefined;
  let workerConnection: Redis | undefined;
  const attempts = retryDelaysMs.length + 1;
  return {
    async enqueue(deliveryId) {
      await queue.add(
        'deliver',
        { deliveryId },
        {
          // The delivery id as job id: a second enqueue of the same message is a no-op.
          jobId: deliveryId,
          attempts,
          backoff: { type: BACKOFF_TYPE },
          removeOnComplete: { age: KEEP_FINISHED_SECONDS },
          removeOnFail: { age: KEEP_FINISHED_SECONDS },
        },
      );
    },
    process(attempt) {
      workerConnection = connection.duplicate();
      worker = new Worker<WebhookDeliveryData>(
        WEBHOOKS_QUEUE,
        async (job) => {
          const number = job.attemptsMade + 1;
          await attempt(job.data.deliveryId, { number, isLast: number >= attempts });
        },
        {
          // A Worker blocks on its connection, so it gets one of its own (closed below).
          connection: workerConnection,
          prefix,
          concurrency: options.concurrency,
          settings: {
            // attemptsMade counts the tries so far, so the wait before retry n is the schedule's n-th entry.
            backoffStrategy: (attemptsMade) => retryDelayMs(attemptsMade, retryDelaysMs) ?? -1,
          },
        },
      );
    },
    async close() {
      await worker?.close();
      await workerConnection?.quit();
      await queue.close();
    },
  };
}
