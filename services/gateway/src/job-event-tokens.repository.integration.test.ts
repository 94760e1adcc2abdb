import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedis } from '../../../test/support/redis.ts';
import { createJobEventTokens } from './job-event-tokens.repository.ts';

describe('job event tokens', () => {
  const redis = testRedis();
  afterAll(() => redis.cleanup());
  const tokens = createJobEventTokens(redis.redis, redis.prefix, 60);

  it('open only the job and name only the user they were issued for', async () => {
    const jobA = randomUUID();
    const jobB = randomUUID();
    const token = await tokens.issue(jobA, 7);
    expect(await tokens.userFor(token, jobA)).toBe(7);
    expect(await tokens.userFor(token, jobB)).toBeUndefined();
    expect(await tokens.userFor('x'.repeat(32), jobA)).toBeUndefined();
    expect(await tokens.userFor('not a token', jobA)).toBeUndefined();
  });

  it('are reused for repeated reads of a job, and differ between users and jobs', async () => {
    const job = randomUUID();
    const first = await tokens.issue(job, 7);
    expect(await tokens.issue(job, 7)).toBe(first);
    expect(await tokens.issue(job, 8)).not.toBe(first);
    expect(await tokens.issue(randomUUID(), 7)).not.toBe(first);
  });

  it('for a job just submitted are reused when the job is read again', async () => {
    const job = randomUUID();
    const token = await tokens.issueForNewJob(job, 7);
    expect(await tokens.userFor(token, job)).toBe(7);
    expect(await tokens.issue(job, 7)).toBe(token);
  });

  it('issued by one gateway replica open the job on another (through Redis)', async () => {
    const other = createJobEventTokens(redis.redis, redis.prefix, 60);
    const job = randomUUID();
    const token = await tokens.issueForNewJob(job, 7);
    expect(await other.userFor(token, job)).toBe(7);
    expect(await other.userFor(token, randomUUID())).toBeUndefined();
    expect(await other.issue(job, 7)).toBe(token);
  });

  it('expire by themselves', async () => {
    const job = randomUUID();
    const token = await tokens.issue(job, 0);
    const ttl = await redis.redis.ttl(`${redis.prefix}:job-events-token:${token}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });
});
