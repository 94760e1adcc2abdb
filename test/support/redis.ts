import { randomBytes } from 'node:crypto';
import { createRedis } from '@pictura/common/redis';
import { inject } from 'vitest';

/** A connection to the test Redis and a queue prefix of this file's own, cleaned up by cleanup(). */
export function testRedis() {
  const redis = createRedis(inject('redisUrl'));
  const prefix = `test-${randomBytes(5).toString('hex')}`;
  return {
    redis,
    prefix,
    url: inject('redisUrl'),
    async cleanup() {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
      await redis.quit();
    },
  };
}
