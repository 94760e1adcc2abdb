// The fair queue across the real processes (gateway → jobs → Redis): a guest address or a user holds only a
// few unfinished jobs at once, the whole queue has a ceiling, and the answers say why and when to retry. The
// gateway trusts one proxy (TRUST_PROXY=1): this test plays it, appending the client's address to
// X-Forwarded-For, so a client's own entries to the left never make it someone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.ts';
import { type Stack, startStack } from '../support/stack.ts';

const QUEUE_CEILING = 14;

describe('a fair queue', () => {
  let stack: Stack;
  /** Unfinished jobs this test has put on the queue (nothing else uses this stack). */
  let queued = 0;
  beforeAll(async () => {
    // No worker at first: jobs stay waiting, so the counts are the test's to know.
    stack = await startStack({
      processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway'],
      env: {
        TRUST_PROXY: '1',
        GUEST_MAX_WAITING_JOBS: '2',
        // billing's own caps by plan (free 4)
        PLAN_MAX_WAITING_JOBS: '',
        JOBS_MAX_WAITING: String(QUEUE_CEILING),
        GUEST_GENERATE_PER_MINUTE: '1000',
      },
    });
  }, 180_000);
  afterAll(() => stack?.stop());

  /** A request as it reaches the gateway through the proxy: `client` is the address the proxy saw. */
  async function send(
    path: string,
    options: { client: string; spoofed?: string; token?: string; body?: unknown },
  ) {
    const forwarded = options.spoofed ? `${options.spoofed}, ${options.client}` : options.client;
    const res = await fetch(`${stack.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': forwarded,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify(options.body ?? { prompt: 'a lighthouse at dusk' }),
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (res.status === 202) queued++;
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
  }
  const generate = (client: string, extra: { spoofed?: string; token?: string } = {}) =>
    send('/api/generate', { client, ...extra });

  async function register(username: string, client: string): Promise<string> {
    const res = await send('/api/auth/register', {
      client,
      body: { username, password: 'a long enough password' },
    });
    expect(res.status).toBe(201);
    return res.body.token as string;
  }

  let guestJobs: string[] = [];

  it('lets exactly two of twenty parallel guest submissions from one address through', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => generate('203.0.113.7')));
    const accepted = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status !== 202);
    expect(accepted).toHaveLength(2);
    expect(refused).toHaveLength(18);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({
        error: 'too_many_waiting_jobs',
        message:
          'You have 2 jobs waiting; wait for one to finish, then try again (signing in raises the limit)',
      });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    guestJobs = accepted.map((a) => a.body.job_id as string);
  }, 60_000);

  it('counts a guest by the address the proxy saw, whatever the client wrote before it', async () => {
    const answers = [];
    for (const spoofed of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      answers.push(await generate('203.0.113.8', { spoofed }));
    }
    expect(answers.map((a) => a.status)).toEqual([202, 202, 429]);
    // The address it pretended to be in the last call is still free.
    expect((await generate('198.51.100.3')).status).toBe(202);
  });

  it('gives a signed-in free user four, answers /v1 in OpenAI’s shape, and frees a slot on cancel', async () => {
    // The first account is the administrator (API access); the second a plain free user.
    const admin = await register(`fair-admin-${Date.now() % 100_000}`, '192.0.2.10');
    const user = await register(`fair-user-${Date.now() % 100_000}`, '192.0.2.11');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => generate('192.0.2.11', { token: user })),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(4);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.message).toMatch(/^You have 4 jobs waiting; wait for one to finish, then try again$/);

    for (let i = 0; i < 4; i++) expect((await generate('192.0.2.10', { token: admin })).status).toBe(202);
    const key = await send('/api/user/api-keys', {
      client: '192.0.2.10',
      token: admin,
      body: { name: 'fair' },
    });
    const v1 = await send('/v1/images/generations', {
      client: '192.0.2.10',
      token: key.body.key as string,
      body: { prompt: 'a lighthouse', size: '1024x1024' },
    });
    expect(v1.status).toBe(429);
    expect(v1.body).toMatchObject({ error: { type: 'requests', code: 'too_many_waiting_jobs' } });
    expect(Number(v1.retryAfter)).toBeGreaterThanOrEqual(1);

    const mine = answers.find((a) => a.status === 202)!.body.job_id as string;
    const cancelled = await fetch(`${stack.url}/api/jobs/${mine}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user}` },
    });
    expect(cancelled.status).toBe(200);
    queued--;
    expect((await generate('192.0.2.11', { token: user })).status).toBe(202);
  });

  it('sheds load with 503 and Retry-After once the whole queue is full', async () => {
    // Fresh addresses, one job each, up to the ceiling.
    for (let n = 1; queued < QUEUE_CEILING; n++)
      expect((await generate(`192.0.2.${100 + n}`)).status).toBe(202);
    const shed = await generate('192.0.2.250');
    expect(shed.status).toBe(503);
    expect(shed.body).toEqual({
      error: 'queue_full',
      message: 'Pictura is very busy right now and cannot take more work; please try again in a moment',
    });
    expect(Number(shed.retryAfter)).toBeGreaterThanOrEqual(5);
  });

  it('frees a guest’s slot when a worker finishes the job', async () => {
    await stack.start('worker');
    await eventually(async () => {
      const res = await fetch(`${stack.url}/api/jobs/${guestJobs[0]}`);
      const job = (await res.json()) as { status: string };
      return job.status === 'completed' ? job : undefined;
    }, 'the guest’s first job to complete');
    expect((await generate('203.0.113.7')).status).toBe(202);
  }, 120_000);
});
