import { Redis } from 'ioredis';

/** A connection for BullMQ and other blocking use: BullMQ needs maxRetriesPerRequest null. */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

/**
 * A connection for commands a request waits on (rate limits, queueing a job): while Redis is unreachable its
 * commands fail within moments, so the caller answers 503 with Retry-After instead of hanging until a deadline.
 * Not for BullMQ Workers or QueueEvents, which block and need createRedis.
 */
export function createRequestRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableReadyCheck: true, lazyConnect: false });
}
