// Fixed-window limits in Redis, so every gateway replica counts against the same budget.
import type { Redis } from 'ioredis';

export interface RateLimiter {
  allow(key: string): Promise<boolean>;
}

export function createRateLimiter(redis: Redis, prefix: string, perMinute: number): RateLimiter {
  return {
    async allow(key) {
      if (perMinute === 0) return true;
      const window = Math.floor(Date.now() / 60_000);
      const redisKey = `${prefix}:ratelimit:${key}:${window}`;
      const [[, count]] = (await redis.multi().incr(redisKey).pexpire(redisKey, 61_000).exec()) as [
        [null, number],
      ];
      return count <= perMinute;
    },
  };
}
