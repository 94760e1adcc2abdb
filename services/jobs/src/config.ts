import { baseConfigShape, configTypes } from '@pictura/common/config';
import { z } from 'zod';

/** Standard Webhooks' schedule after the immediate first try: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const STANDARD_WEBHOOKS_RETRY_DELAYS_MS = '5000,300000,1800000,7200000,18000000,36000000,36000000';

export const jobsConfigShape = {
  ...baseConfigShape,
  METRICS_PORT: configTypes.port.default(9105),
  /** How long a finished job stays in Redis for late readers before BullMQ removes it. */
  JOB_RETENTION_SECONDS: z.coerce.number().int().positive().default(3600),
  /**
   * Unfinished jobs (waiting or running) one guest address may hold at once; a signed-in user's cap is their
   * plan's (billing). One more is refused with 429 too_many_waiting_jobs (fair-queue.ts).
   */
  GUEST_MAX_WAITING_JOBS: z.coerce.number().int().min(1).max(1000).default(2),
  /**
   * Per-plan caps in place of billing's defaults (free 4, premium 16, ultimate 32, enterprise 64), e.g.
   * "free=6,premium=20"; plans not named keep billing's.
   */
  PLAN_MAX_WAITING_JOBS: z
    .string()
    .regex(/^\s*$|^[a-z]+=\d+(,[a-z]+=\d+)*$/, 'expected plan=count pairs, e.g. free=6,premium=20')
    .default('')
    .transform((text) =>
      Object.fromEntries(
        text
          .split(',')
          .filter((pair) => pair.includes('='))
          .map((pair) => [pair.split('=')[0]!, Math.max(1, Number(pair.split('=')[1]))]),
      ),
    ),
  /** Unfinished jobs the whole queue holds; past it submissions are shed with 503 queue_full and Retry-After. */
  JOBS_MAX_WAITING: z.coerce.number().int().min(1).default(1000),
  /** How long billing's answer about a user's plan is reused. */
  ENTITLEMENTS_CACHE_MS: z.coerce.number().int().nonnegative().default(30_000),
  /** The site's own origin: webhook payloads link to images on it. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** The gateway's key for private files' links (optional: else one kept in Redis); webhooks sign with it too. */
  FILES_SIGNING_SECRET: z.string().min(32).optional(),
  /** Waits before each webhook retry, in ms; tests shorten it, e.g. "100,200". */
  WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'expected comma-separated milliseconds')
    .default(STANDARD_WEBHOOKS_RETRY_DELAYS_MS)
    .transform((value) => value.split(',').map(Number)),
  /** How long a receiver has to answer a delivery with a 2xx. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Deliveries in flight at once per jobs replica. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().positive().default(8),
  /**
   * Lets webhooks reach loopback receivers. Only for tests whose receiver listens on 127.0.0.1; never set in
   * production, where it would let users reach services on this machine.
   */
  ALLOW_LOOPBACK_FETCH: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
};
