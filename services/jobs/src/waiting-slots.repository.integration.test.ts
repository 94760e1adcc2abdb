import { randomUUID } from 'node:crypto';
import { AppError } from '@pictura/common/app-error';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedis } from '../../../test/support/redis.ts';
import {
  createFairQueue,
  OWNER_FULL_RETRY_AFTER_SECONDS,
  QUEUE_FULL_RETRY_AFTER_SECONDS,
} from './fair-queue.ts';
import { createWaitingSlots, SLOT_GRACE_MS } from './waiting-slots.repository.ts';

const generation = () => ({ jobId: randomUUID(), queueName: 'generate' as const });
const free = { plan: 'free', maxWaitingJobs: 4 };

describe('fair queue over real Redis', () => {
  const env = testRedis();
  afterAll(() => env.cleanup());
  let n = 0;
  /** A fair queue with a ledger of its own (a fresh key prefix per test). */
  const fresh = (queueMaxWaiting = 1000) => {
    const prefix = `${env.prefix}-${n++}`;
    const slots = createWaitingSlots(env.redis, prefix);
    return { prefix, slots, fair: createFairQueue(slots, { guestMaxWaiting: 2, queueMaxWaiting }) };
  };
  const guest = (clientAddress: string) => ({ userId: 0, clientAddress, plan: free });

  it('lets exactly the cap through when twenty submissions from one address race', async () => {
    const { fair, slots } = fresh();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => fair.admit(guest('203.0.113.7'), generation())),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as AppError] : []));
    expect(refusals).toHaveLength(18);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        code: 'resource_exhausted',
        reason: 'too_many_waiting_jobs',
        retryAfterSeconds: OWNER_FULL_RETRY_AFTER_SECONDS,
      });
      expect(refusal.message).toMatch(/^You have 2 jobs waiting; wait for one to finish/);
    }
    // Another address has its own two.
    await fair.admit(guest('203.0.113.8'), generation());
    expect(await slots.held({ guestAddress: '203.0.113.8' })).toBe(1);
  });

  it('caps a signed-in user by plan, and an operator may change a plan’s cap', async () => {
    const { fair } = fresh();
    const user = { userId: 42, clientAddress: '203.0.113.7', plan: free };
    for (let i = 0; i < 4; i++) await fair.admit(user, generation());
    await expect(fair.admit(user, generation())).rejects.toMatchObject({ reason: 'too_many_waiting_jobs' });
    const premium = { ...user, userId: 43, plan: { plan: 'premium', maxWaitingJobs: 16 } };
    for (let i = 0; i < 16; i++) await fair.admit(premium, generation());
    await expect(fair.admit(premium, generation())).rejects.toThrow(/You have 16 jobs waiting/);

    const { slots } = fresh();
    const generous = createFairQueue(slots, {
      guestMaxWaiting: 2,
      queueMaxWaiting: 1000,
      planMaxWaiting: { free: 5 },
    });
    for (let i = 0; i < 5; i++) await generous.admit(user, generation());
    await expect(generous.admit(user, generation())).rejects.toThrow(/You have 5 jobs waiting/);
  });

  it('sheds everyone with 503 and Retry-After once the whole queue is full', async () => {
    const { fair } = fresh(3);
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
      await fair.admit(guest(address), generation());
    const refusal = await fair.admit(guest('192.0.2.4'), generation()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'unavailable',
      reason: 'queue_full',
      retryAfterSeconds: QUEUE_FULL_RETRY_AFTER_SECONDS,
    });
  });

  it('frees a slot when its job ends, once, whichever replica hears it', async () => {
    const { fair, slots } = fresh();
    const first = generation();
    await fair.admit(guest('203.0.113.7'), first);
    await fair.admit(guest('203.0.113.7'), generation());
    await expect(fair.admit(guest('203.0.113.7'), generation())).rejects.toBeInstanceOf(AppError);
    await fair.release(first.jobId);
    await fair.release(first.jobId);
    expect(await slots.held({ guestAddress: '203.0.113.7' })).toBe(1);
    await fair.admit(guest('203.0.113.7'), generation());
  });

  it('finds slots whose end was never heard: a finished BullMQ job, or one that never appeared', async () => {
    const { fair, prefix } = fresh();
    const ended = generation();
    const vanished = generation();
    await fair.admit(guest('203.0.113.7'), ended);
    await fair.admit(guest('203.0.113.7'), vanished);
    // The job's record as BullMQ leaves it when it finishes; the other never reached the queue, long ago.
    await env.redis.hset(`${prefix}:generate:${ended.jobId}`, 'finishedOn', String(Date.now()));
    await env.redis.zadd(
      `${prefix}:waiting-slots:all`,
      Date.now() - SLOT_GRACE_MS - 1,
      `generate:${vanished.jobId}`,
    );
    await env.redis.zadd(
      `${prefix}:waiting-slots:owner:guest:203.0.113.7`,
      Date.now() - SLOT_GRACE_MS - 1,
      `generate:${vanished.jobId}`,
    );
    await fair.admit(guest('203.0.113.7'), generation());
    await fair.admit(guest('203.0.113.7'), generation());
    await expect(fair.admit(guest('203.0.113.7'), generation())).rejects.toBeInstanceOf(AppError);
  });
});
