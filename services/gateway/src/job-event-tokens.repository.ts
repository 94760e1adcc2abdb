// Job-scoped tokens for the event stream's URL. A browser's EventSource cannot send an Authorization
// header, so a signed-in user's stream carries `?access_token=` instead: a random token that Redis maps to
// one job and one user, expiring on its own. Every gateway replica reads the same Redis, so no secret has
// to be shared, and a token opens only its own job's events (no other route reads it). A guest gets one for
// their job at submission, and it is the only way a guest may cancel that job.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Long enough to wait in a busy queue and finish; an expired link falls back to polling in the web app. */
export const JOB_EVENTS_TOKEN_TTL_SECONDS = 30 * 60;

export interface JobEventTokens {
  /** A token for `jobId` and `userId`; the same one while it has more than half its life left. */
  issue(jobId: string, userId: number): Promise<string>;
  /** The user the token was issued to, when it was issued for this job; undefined otherwise. */
  userFor(token: string, jobId: string): Promise<number | undefined>;
}

export function createJobEventTokens(
  redis: Redis,
  prefix: string,
  ttlSeconds = JOB_EVENTS_TOKEN_TTL_SECONDS,
): JobEventTokens {
  const tokenKey = (token: string) => `${prefix}:job-events-token:${token}`;
  // Reused for repeated reads of the job (a page polling it) so they do not each leave a key behind; it
  // expires at half the token's life, so a reused token always has at least that much left.
  const latestKey = (jobId: string, userId: number) => `${prefix}:job-events-token-for:${jobId}:${userId}`;
  return {
    async issue(jobId, userId) {
      const latest = await redis.get(latestKey(jobId, userId));
      if (latest) return latest;
      const token = randomBytes(24).toString('base64url');
      await redis
        .multi()
        .set(tokenKey(token), `${jobId}:${userId}`, 'EX', ttlSeconds)
        .set(latestKey(jobId, userId), token, 'EX', Math.max(1, Math.floor(ttlSeconds / 2)))
        .exec();
      return token;
    },
    async userFor(token, jobId) {
      if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return undefined;
      const value = await redis.get(tokenKey(token));
      if (!value) return undefined;
      const [forJob, userId] = value.split(':');
      return forJob === jobId ? Number(userId) : undefined;
    },
  };
}
