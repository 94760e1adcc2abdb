import type { AddressInfo } from 'node:net';
import { startMetricsServer } from '@pictura/common/metrics';
import { PLAN_QUEUE_PRIORITY } from '@pictura/common/plan-catalog';
import { QUEUE_NAMES } from '@pictura/common/queues';
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedis } from '../../../test/support/redis.ts';
import { createQueueDepthRepository, type QueueDepthRepository } from './queue-depth.repository.ts';
import { createQueueDepthService, type QueueDepthReport } from './queue-depth.service.ts';

describe('GET /queue-depth on the jobs metrics port (real Redis, BullMQ)', () => {
  const env = testRedis();
  const generate = new Queue(QUEUE_NAMES.generate, { connection: env.redis, prefix: env.prefix });
  const upscale = new Queue(QUEUE_NAMES.upscale, { connection: env.redis, prefix: env.prefix });
  // Takes jobs by hand, as a worker would, without running them.
  const worker = new Worker(QUEUE_NAMES.generate, null, { connection: env.redis, prefix: env.prefix });
  let depth: QueueDepthRepository;
  let clock = 0;
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    depth = createQueueDepthRepository(env.redis, env.prefix);
    const service = createQueueDepthService({ depth, prefix: env.prefix, now: () => clock });
    const server = await startMetricsServer(0, '127.0.0.1', { '/queue-depth': service.report });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/queue-depth`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close();
    await worker.close();
    await depth.close();
    await Promise.all([generate.close(), upscale.close()]);
    await env.cleanup();
  });

  const readDepth = async () => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    return (await response.json()) as QueueDepthReport;
  };

  it('counts waiting, prioritized and running jobs of each queue under the configured prefix', async () => {
    await generate.add('generate', { n: 1 });
    await generate.add('generate', { n: 2 }, { priority: PLAN_QUEUE_PRIORITY.free });
    await generate.add('generate', { n: 3 }, { priority: PLAN_QUEUE_PRIORITY.premium });
    await upscale.add('upscale', { n: 4 }, { priority: PLAN_QUEUE_PRIORITY.free });
    // A worker holds one generation: it still counts, so that worker is not scaled away mid-job.
    expect(await worker.getNextJob('token-1')).toBeDefined();

    expect(await readDepth()).toEqual({
      prefix: env.prefix,
      queues: {
        generate: { waiting: 0, prioritized: 2, active: 1, total: 3 },
        upscale: { waiting: 0, prioritized: 1, active: 0, total: 1 },
      },
      total: 4,
    });
  });

  it('reads Redis at most once a second, then sees new jobs', async () => {
    const before = (await readDepth()).total;
    await upscale.add('upscale', { n: 5 });
    expect((await readDepth()).total).toBe(before);
    clock += 1000;
    const after = await readDepth();
    expect(after.total).toBe(before + 1);
    expect(after.queues.upscale.waiting).toBe(1);
  });

  it('answers 503 when Redis cannot be read, not an empty queue, and reads again on the next call', async () => {
    let fail = true;
    const flaky: QueueDepthRepository = {
      counts: () => (fail ? Promise.reject(new Error('Redis is down')) : depth.counts()),
      close: async () => {},
    };
    const service = createQueueDepthService({ depth: flaky, prefix: env.prefix, now: () => 0 });
    const server = await startMetricsServer(0, '127.0.0.1', { '/queue-depth': service.report });
    const flakyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/queue-depth`;
    try {
      expect((await fetch(flakyUrl)).status).toBe(503);
      fail = false;
      const response = await fetch(flakyUrl);
      expect(response.status).toBe(200);
      expect(((await response.json()) as QueueDepthReport).total).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
