// Fixed-window limits in Redis, so every gateway replica counts against the same budget.
import type { Redis } from 'ioredis';

export interface RateLimiter {
  /** Counts one request for `key`; false once the minute's budget is spent. `perMinute` overrides the limit. */
  allow(key: string, perMinute?: number): Promise<boolean>;
}

/**
 * `perMinute` is a number, or a function read on every call for a limit an admin changes at run time
 * (it should answer from a cache). 0 turns the limit off.
 */
export function createRateLimiter(
  redis: Redis,
  prefix: string,
  perMinute: number | (() => Promise<number>) = 0,
): RateLimiter {
  const limit = typeof perMinute === 'number' ? async () => perMinute : perMinute;
  return {
    async allow(key, perMinute) {
      const current = perMinute ?? (await limit());
      if (current === 0) return true;
      const window = Math.floor(Date.now() / 60_000);
      const redisKey = `${prefix}:ratelimit:${key}:${window}`;
      const [[, count]] = (await redis.multi().incr(redisKey).pexpire(redisKey, 61_000).exec()) as [
        [null, number],
      ];
      return count <= current;
    },
  };
}
