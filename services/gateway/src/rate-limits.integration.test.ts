import { JobStatus } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayTestDeps } from '../../../test/support/gateway-app.ts';
import { testRedis } from '../../../test/support/redis.ts';
import { buildApp } from './app.ts';
import type { AuthClient, JobsClient, ServiceClients } from './clients.ts';

// The limits a client meets at the edge, counted in Redis: guests per address (generation from the admin's
// live setting), users per plan, API keys per key; each answer says what is left, a refusal when to retry.
describe('rate limits and request ids', () => {
  const env = testRedis();
  let app: FastifyInstance;
  /** The admin's guest generation setting as jobs answers it. */
  const adminGuestLimit = 2;
  const planRate = 3;
  const apiKeyRate = 5;

  const jobs = {
    getSettings: async () => ({ anonymousGeneratePerMinute: adminGuestLimit }),
    submitGeneration: async () => ({ id: crypto.randomUUID(), status: JobStatus.WAITING, position: 0 }),
    listModels: async () => ({ models: [] }),
  } as unknown as JobsClient;
  const auth = {
    verifyApiKey: async ({ key }: { key: string }) => ({
      userId: key === 'sk_planned' ? 7 : 8,
      isAdmin: false,
      keyId: key,
    }),
  } as unknown as AuthClient;
  const services = {
    billing: { getEntitlements: async () => ({ generationsPerMinute: planRate }) },
    history: {},
    community: {},
  } as unknown as ServiceClients;

  beforeAll(async () => {
    app = await buildApp(
      gatewayTestDeps(env, {
        config: { GUEST_UPSCALE_PER_MINUTE: 1 },
        jobs,
        auth: { client: auth, apiKeyPerMinute: apiKeyRate },
        services,
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    await env.cleanup();
  });

  const generate = (ip: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/generate',
      payload: { prompt: 'a cat' },
      remoteAddress: ip,
      headers,
    });

  it("limits a guest's generations by the admin's setting, per address, and says when to retry", async () => {
    const first = await generate('203.0.113.1');
    const second = await generate('203.0.113.1');
    const third = await generate('203.0.113.1');
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([202, 202, 429]);
    expect(first.headers['x-ratelimit-limit']).toBe(String(adminGuestLimit));
    expect([first, second, third].map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['1', '0', '0']);
    const reset = Number(third.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
    expect(Number(third.headers['retry-after'])).toBe(Math.max(1, reset));
    expect(third.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many requests, please try again later',
    });
    expect((await generate('203.0.113.2')).statusCode).toBe(202);
  });

  it('limits a signed-in user by plan across addresses, and the key by its own budget', async () => {
    const key = { authorization: 'Bearer sk_planned' };
    const answers = [];
    for (let i = 0; i < planRate + 1; i++) answers.push(await generate(`198.51.100.${i}`, key));
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 429]);
    // The plan's budget is the tighter one, so its numbers are shown.
    expect(answers[0]!.headers['x-ratelimit-limit']).toBe(String(planRate));
    expect(answers[3]!.headers['retry-after']).toBeDefined();
    // The key has spent 4 of its 5 on those; one more call on any route, then 429.
    const models = await app.inject({ method: 'GET', url: '/api/models', headers: key });
    expect(models.statusCode).toBe(200);
    expect(models.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0' });
    const refused = await app.inject({ method: 'GET', url: '/api/models', headers: key });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Without a key, the same user's guest-free routes carry no limit headers.
    expect(
      (await app.inject({ method: 'GET', url: '/api/models' })).headers['x-ratelimit-limit'],
    ).toBeUndefined();
  });

  it("answers a guest's upscale over the limit in the upload shape, with Retry-After", async () => {
    const upscale = () =>
      app.inject({
        method: 'POST',
        url: '/api/upload/upscale',
        payload: { image_url: '/files/none.png' },
        remoteAddress: '203.0.113.9',
      });
    const first = await upscale();
    expect(first.statusCode).not.toBe(429);
    expect(first.headers['x-ratelimit-remaining']).toBe('0');
    const second = await upscale();
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
    expect(second.json()).toEqual({ success: false, error: 'Too many requests, please try again later' });
  });

  it('names every answer in x-request-id, keeping a sane id the caller sent', async () => {
    const sent = await app.inject({
      method: 'GET',
      url: '/api/models',
      headers: { 'x-request-id': 'req_abc-123' },
    });
    expect(sent.headers['x-request-id']).toBe('req_abc-123');
    const uuid = /^[0-9a-f-]{36}$/;
    const forged = await app.inject({
      method: 'GET',
      url: '/api/models',
      headers: { 'x-request-id': 'x'.repeat(300) },
    });
    expect(forged.headers['x-request-id']).toMatch(uuid);
    const spaced = await app.inject({
      method: 'GET',
      url: '/api/models',
      headers: { 'x-request-id': 'a b' },
    });
    expect(spaced.headers['x-request-id']).toMatch(uuid);
    for (const url of ['/api/nothing-here', '/v1/nothing-here', '/files/none.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(200);
      expect(res.headers['x-request-id'], url).toMatch(uuid);
    }
    const badKey = await app.inject({
      method: 'GET',
      url: '/api/models',
      headers: { authorization: 'Basic nope' },
    });
    expect(badKey.statusCode).toBe(401);
    expect(badKey.headers['x-request-id']).toMatch(uuid);
    const badBody = await app.inject({ method: 'POST', url: '/api/generate', payload: {} });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.headers['x-request-id']).toMatch(uuid);
  });
});
