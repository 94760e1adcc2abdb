import { afterAll, describe, expect, it } from 'vitest';
import { testRedis } from '../../../test/support/redis.ts';
import { createRateLimiter } from './rate-limiter.ts';

describe('rate limiter on Redis', () => {
  const redis = testRedis();
  afterAll(() => redis.cleanup());

  const spend = async (allow: () => Promise<boolean>, times: number) => {
    const answers: boolean[] = [];
    for (let i = 0; i < times; i++) answers.push(await allow());
    return answers;
  };

  it('allows the budget a minute per key and refuses the rest', async () => {
    const limiter = createRateLimiter(redis.redis, redis.prefix, 3);
    expect(await spend(() => limiter.allow('guest:a'), 4)).toEqual([true, true, true, false]);
    expect(await limiter.allow('guest:b')).toBe(true);
  });

  it('takes a per-call limit (a plan) and a limit read at run time (an admin setting)', async () => {
    const byPlan = createRateLimiter(redis.redis, redis.prefix);
    expect(await spend(() => byPlan.allow('user:7', 2), 3)).toEqual([true, true, false]);
    let setting = 1;
    const bySetting = createRateLimiter(redis.redis, redis.prefix, async () => setting);
    expect(await spend(() => bySetting.allow('guest:c'), 2)).toEqual([true, false]);
    setting = 0; // 0 turns the limit off
    expect(await spend(() => bySetting.allow('guest:c'), 5)).toEqual([true, true, true, true, true]);
  });
});
