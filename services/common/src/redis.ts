import { Redis } from 'ioredis';

/** A connection for BullMQ and other blocking use: BullMQ needs maxRetriesPerRequest null. */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}
