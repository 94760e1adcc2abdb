// Sign-in abuse without lockouts (issue 17), through the real gateway and the real auth service (gRPC, a fresh
// database) with Redis: the owner is never locked out, addresses that attack are asked for the proof-of-work
// check, a solution works once, and bursts of registrations and guest generations ask for it too.
import { JobStatus } from '@pictura/common/gen/jobs/v1/jobs_pb';
import { solveChallenge } from 'altcha-lib/v1';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthService, type TestAuthService } from '../../../test/support/auth-service.ts';
import { gatewayTestDeps } from '../../../test/support/gateway-app.ts';
import { testRedis } from '../../../test/support/redis.ts';
import { buildApp } from './app.ts';
import type { JobsClient } from './clients.ts';

const CHALLENGE_REQUIRED = { error: 'challenge_required', message: 'Please complete the security check' };

describe('the security check', () => {
  const env = testRedis();
  let auth: TestAuthService;
  let app: FastifyInstance;
  const jobs = {
    getSettings: async () => ({ anonymousGeneratePerMinute: 12 }),
    submitGeneration: async () => ({ id: crypto.randomUUID(), status: JobStatus.WAITING, position: 0 }),
  } as unknown as JobsClient;

  beforeAll(async () => {
    auth = await startAuthService('postgres', {
      accounts: { maxRegistrationsPerIp: 5, registrationsBeforeCheck: 2 },
    });
    app = await buildApp(
      gatewayTestDeps(env, { jobs, auth: { client: auth.client, apiKeyPerMinute: 1000 } }),
    );
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'owner', password: 'owner password' },
      remoteAddress: '192.0.2.1',
    });
  });
  afterAll(async () => {
    await app?.close();
    await auth?.close();
    await env.cleanup();
  });

  /** What the web app does: fetch a challenge, find its number, send the payload. */
  async function solve(): Promise<string> {
    const res = await app.inject({ method: 'GET', url: '/api/security-check/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json();
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    return btoa(JSON.stringify({ ...challenge, number: solution!.number, maxnumber: undefined }));
  }

  const post = (url: string, ip: string, payload: object, solution?: string) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: ip,
      headers: solution ? { 'x-pictura-security-check': solution } : {},
    });
  const login = (ip: string, password: string, solution?: string, username = 'owner') =>
    post('/api/auth/login', ip, { username, password }, solution);
  const statusOf = (res: LightMyRequestResponse) => res.statusCode;

  it('lets the owner sign in from a fresh address after eleven wrong passwords from others, and asks the attackers', async () => {
    for (let i = 0; i < 11; i++)
      expect(statusOf(await login(`203.0.113.${i}`, `guess ${i} wrong`))).toBe(401);
    const owner = await login('198.51.100.7', 'owner password');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.username).toBe('owner');

    // The attacking addresses must pass the check before a password is tried, right or wrong.
    const asked = await login('203.0.113.4', 'owner password');
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual(CHALLENGE_REQUIRED);
    // A solved check lets the attempt through: a wrong password is a plain 401, the right one signs in.
    expect(statusOf(await login('203.0.113.4', 'still wrong', await solve()))).toBe(401);
    const solution = await solve();
    expect(statusOf(await login('203.0.113.4', 'owner password', solution))).toBe(200);
    // The same solution again, a forged one, garbage: asked again, never a 5xx.
    expect((await login('203.0.113.5', 'owner password', solution)).json()).toEqual(CHALLENGE_REQUIRED);
    const forged = JSON.parse(atob(await solve()));
    forged.number = (forged.number + 1) % 50_000;
    expect((await login('203.0.113.5', 'owner password', btoa(JSON.stringify(forged)))).json()).toEqual(
      CHALLENGE_REQUIRED,
    );
    const resigned = JSON.parse(atob(await solve()));
    resigned.signature = resigned.signature.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
    expect(statusOf(await login('203.0.113.5', 'owner password', btoa(JSON.stringify(resigned))))).toBe(403);
    expect(statusOf(await login('203.0.113.5', 'owner password', 'not base64 at all %%'))).toBe(403);
  });

  it('slows one (account, address) pair with 429 and Retry-After after three failures', async () => {
    await post('/api/auth/register', '192.0.2.1', { username: 'slowpoke', password: 'slow password' });
    const attempt = (ip: string, password: string) => login(ip, password, undefined, 'slowpoke');
    for (let i = 0; i < 3; i++) expect(statusOf(await attempt('192.0.2.50', 'wrong password'))).toBe(401);
    const slowed = await attempt('192.0.2.50', 'slow password');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json()).toEqual({
      error: 'too_many_attempts',
      message: 'Too many attempts. Try again in 1 second',
    });
    expect(statusOf(await attempt('192.0.2.51', 'slow password'))).toBe(200);
  });

  it('asks a burst of registrations from one address for the check, then limits it with Retry-After', async () => {
    const register = (n: number, solution?: string) =>
      post(
        '/api/auth/register',
        '192.0.2.99',
        { username: `burst${n}`, password: 'burst password' },
        solution,
      );
    expect([statusOf(await register(0)), statusOf(await register(1))]).toEqual([201, 201]);
    expect((await register(2)).json()).toEqual(CHALLENGE_REQUIRED);
    for (let n = 2; n < 5; n++) expect(statusOf(await register(n, await solve()))).toBe(201);
    const refused = await register(5, await solve());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('too_many_registrations');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it("asks a guest's generation burst for the check; a passed check covers the address until the hard limit", async () => {
    const generate = (ip: string, solution?: string) =>
      post('/api/generate', ip, { prompt: 'a cat' }, solution);
    const free = [];
    for (let i = 0; i < 6; i++) free.push(statusOf(await generate('203.0.113.200')));
    expect(free).toEqual([202, 202, 202, 202, 202, 202]);
    expect((await generate('203.0.113.200')).json()).toEqual(CHALLENGE_REQUIRED);
    expect((await generate('203.0.113.200', 'forged')).json()).toEqual(CHALLENGE_REQUIRED);
    expect(statusOf(await generate('203.0.113.200', await solve()))).toBe(202);
    // The pass covers the rest of the budget (12 a minute) without another check; then 429 as before.
    const rest = [];
    for (let i = 0; i < 3; i++) rest.push(statusOf(await generate('203.0.113.200')));
    expect(rest).toEqual([202, 202, 202]);
    const limited = await generate('203.0.113.200');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect(statusOf(await generate('203.0.113.201'))).toBe(202);
  });

  it('describes the challenge in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/security-check/challenge'].get;
    expect(operation.operationId).toBe('getSecurityCheckChallenge');
    const login = doc.paths['/api/auth/login'].post;
    expect(login.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'x-pictura-security-check' }),
    );
  });
});
