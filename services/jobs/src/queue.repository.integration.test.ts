import { randomUUID } from 'node:crypto';
import { DEFAULT_GENERATE_MODEL } from '@pictura/common/generation-options';
import { PLAN_QUEUE_PRIORITY } from '@pictura/common/plan-catalog';
import { type GenerateJobData, jobCancelKey, QUEUE_NAMES } from '@pictura/common/queues';
import { createRedis } from '@pictura/common/redis';
import { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedis } from '../../../test/support/redis.ts';
import { createQueueRepository, type QueueEvent, type QueueRepository } from './queue.repository.ts';

const data = (jobId: string): GenerateJobData => ({
  jobId,
  requestId: 'r',
  userId: 0,
  width: 512,
  height: 512,
  watermark: true,
  options: {
    prompt: 'a lighthouse',
    negativePrompt: '',
    aspectRatio: 'square',
    style: 'none',
    color: 'none',
    lighting: 'none',
    composition: 'none',
    model: DEFAULT_GENERATE_MODEL,
    seed: 1,
    count: 1,
  },
});

describe('queue repository (real Redis, BullMQ)', () => {
  const env = testRedis();
  const events = createRedis(env.url);
  let queue: QueueRepository;
  const seen: QueueEvent[] = [];

  beforeAll(async () => {
    queue = await createQueueRepository({
      connection: env.redis,
      eventsConnection: events,
      prefix: env.prefix,
      retentionSeconds: 60,
    });
    queue.onEvent((event) => seen.push(event));
  });
  afterAll(async () => {
    await queue.close();
    await events.quit();
    await env.cleanup();
  });

  it('places paid jobs ahead of waiting free jobs, first come first served within a plan', async () => {
    const free1 = randomUUID();
    const free2 = randomUUID();
    const premium = randomUUID();
    const ultimate = randomUUID();
    // The place read before each add (what a submission answers) is the place the job then has.
    const placed: number[] = [];
    for (const [id, priority] of [
      [free1, PLAN_QUEUE_PRIORITY.free],
      [free2, PLAN_QUEUE_PRIORITY.free],
      [premium, PLAN_QUEUE_PRIORITY.premium],
      [ultimate, PLAN_QUEUE_PRIORITY.ultimate],
    ] as const) {
      const place = await queue.placeOfNew(priority);
      await queue.addGeneration(data(id), priority);
      expect(await queue.position(id)).toBe(place);
      placed.push(place);
    }
    expect(placed).toEqual([1, 2, 1, 1]);
    expect(await queue.position(ultimate)).toBe(1);
    expect(await queue.position(premium)).toBe(2);
    expect(await queue.position(free1)).toBe(3);
    expect(await queue.position(free2)).toBe(4);
    expect(await queue.waitingCount()).toBe(4);

    // A real BullMQ worker takes them in that order and reports progress and results.
    const order: string[] = [];
    const worker = new Worker<GenerateJobData>(
      QUEUE_NAMES.generate,
      async (job) => {
        order.push(job.data.jobId);
        await job.updateProgress({ done: 1, total: 2 });
        return { images: [], inferenceMs: 3 };
      },
      { connection: createRedis(env.url), prefix: env.prefix, concurrency: 1 },
    );
    await expect.poll(() => seen.filter((e) => e.type === 'completed').length, { timeout: 10_000 }).toBe(4);
    await worker.close();
    expect(order).toEqual([ultimate, premium, free1, free2]);
    expect(await queue.position(free2)).toBe(0);
    expect(seen.find((e) => e.type === 'active' && e.jobId === premium)).toBeTruthy();
    expect(seen.find((e) => e.type === 'progress' && e.jobId === premium)).toMatchObject({
      progress: { done: 1, total: 2 },
    });
    expect(seen.find((e) => e.type === 'completed' && e.jobId === premium)).toMatchObject({
      result: { inferenceMs: 3 },
    });
    expect(await queue.state(premium)).toEqual({
      state: 'completed',
      result: { images: [], inferenceMs: 3 },
    });
  });

  it('reports a job that failed for good with its reason', async () => {
    const id = randomUUID();
    await queue.addGeneration(data(id), PLAN_QUEUE_PRIORITY.free);
    const worker = new Worker(
      QUEUE_NAMES.generate,
      async () => {
        const { UnrecoverableError } = await import('bullmq');
        throw new UnrecoverableError('invalid_input');
      },
      { connection: createRedis(env.url), prefix: env.prefix },
    );
    await expect
      .poll(() => seen.find((e) => e.type === 'failed' && e.jobId === id), { timeout: 10_000 })
      .toBeTruthy();
    await worker.close();
    expect(await queue.state(id)).toEqual({ state: 'failed', reason: 'invalid_input' });
    expect(await queue.state(randomUUID())).toEqual({ state: 'unknown' });
  });

  it('cancels a waiting job: flagged for the workers and taken off the queue', async () => {
    const jobId = randomUUID();
    await queue.addGeneration(data(jobId), PLAN_QUEUE_PRIORITY.free);
    expect(await queue.position(jobId)).toBeGreaterThan(0);
    expect(await queue.cancel(jobId, QUEUE_NAMES.generate)).toBe('removed');
    expect(await queue.position(jobId)).toBe(0);
    expect(await env.redis.exists(jobCancelKey(env.prefix, jobId))).toBe(1);
    // Every replica hears that it left the queue.
    await expect.poll(() => seen.some((e) => e.type === 'removed' && e.jobId === jobId)).toBe(true);
    expect(await queue.cancel(randomUUID(), QUEUE_NAMES.generate)).toBe('unknown');
  });
});
