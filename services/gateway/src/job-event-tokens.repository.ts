// Job-scoped tokens for the event stream's URL. A browser's EventSource cannot send an Authorization
// header, so a signed-in user's stream carries `?access_token=` instead: a random token that Redis maps to
// one job and one user, expiring on its own. Every gateway replica reads the same Redis, so no secret has
// to be shared, and a token opens only its own job's events (no other route reads it). A guest gets one for
// their job at submission, and it is the only way a guest may cancel that job.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Long enough to wait in a busy queue and finish; an expired link falls back to polling in the web app. */
export const JOB_EVENTS_TOKEN_TTL_SECONDS = 30 * 60;

/** How long, and how many, of its own newly issued tokens a replica remembers (see `issued`). */
const ISSUED_KEPT_MS = 60_000;
const ISSUED_KEPT_MAX = 10_000;

export interface JobEventTokens {
  /** A token for `jobId` and `userId`; the same one while it has more than half its life left. */
  issue(jobId: string, userId: number): Promise<string>;
  /** A token for a job just submitted, which has none yet: one Redis round trip instead of two. */
  issueForNewJob(jobId: string, userId: number): Promise<string>;
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
  // The tokens this replica issued in the last minute: the stream a client opens right after submitting
  // usually comes back to the same replica, which then needs no Redis read to know whose it is. A token
  // never changes and lives far longer in Redis, so a copy this young is never wrong.
  const issued = new Map<string, { owner: string; until: number }>();
  const remember = (token: string, owner: string) => {
    issued.set(token, { owner, until: Date.now() + ISSUED_KEPT_MS });
    // Oldest first: a Map iterates in insertion order.
    if (issued.size > ISSUED_KEPT_MAX) issued.delete(issued.keys().next().value!);
  };
  async function create(jobId: string, userId: number): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    remember(token, `${jobId}:${userId}`);
    // Sent together, answered in one round trip. No transaction needed: a token whose reuse mark is missing
    // still opens its job, and the next read of the job simply makes a new one.
    await Promise.all([
      redis.set(tokenKey(token), `${jobId}:${userId}`, 'EX', ttlSeconds),
      redis.set(latestKey(jobId, userId), token, 'EX', Math.max(1, Math.floor(ttlSeconds / 2))),
    ]);
    return token;
  }
  return {
    async issue(jobId, userId) {
      return (await redis.get(latestKey(jobId, userId))) ?? create(jobId, userId);
    },
    issueForNewJob: create,
    async userFor(token, jobId) {
      if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return undefined;
      const kept = issued.get(token);
      const value = kept && kept.until > Date.now() ? kept.owner : await redis.get(tokenKey(token));
      if (!value) return undefined;
      const [forJob, userId] = value.split(':');
      return forJob === jobId ? Number(userId) : undefined;
    },
  };
}
