import { baseConfigShape, configTypes } from '@pictura/common/config';
import { z } from 'zod';

export const jobsConfigShape = {
  ...baseConfigShape,
  METRICS_PORT: configTypes.port.default(9105),
  /** How long a finished job stays in Redis for late readers before BullMQ removes it. */
  JOB_RETENTION_SECONDS: z.coerce.number().int().positive().default(3600),
  /** How long billing's answer about a user's plan is reused. */
  ENTITLEMENTS_CACHE_MS: z.coerce.number().int().nonnegative().default(30_000),
};
