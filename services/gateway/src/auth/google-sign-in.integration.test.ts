// Google sign-in end to end against a real OpenID provider (npm oidc-provider) on 127.0.0.1 standing in
// for Google: the gateway and the real auth service, the browser's redirects followed by hand.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthService, type TestAuthService } from '../../../../test/support/auth-service.ts';
import { ENGINES } from '../../../../test/support/databases.ts';
import { gatewayTestDeps } from '../../../../test/support/gateway-app.ts';
import { holdStill } from '../../../../test/support/hold-still.ts';
import { createStandInProvider, STAND_IN_CLIENT } from '../../../../test/support/openid-provider.ts';
import { testRedis } from '../../../../test/support/redis.ts';
import { buildApp } from '../app.ts';

const PUBLIC_URL = 'http://127.0.0.1:8080';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;
const HANDOFF_TTL_MS = 1500;

/** A local OpenID provider whose user always signs in (as `account`) and consents, unless told to refuse. */
async function startStandIn() {
  const behaviour = { account: 'alice', deny: false };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = createStandInProvider(issuer, CALLBACK);
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    const details = await provider.interactionDetails(req, res);
    if (behaviour.deny) {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
    }
    if (details.prompt.name === 'login') {
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: behaviour.account } },
        { mergeWithLastSubmission: false },
      );
    }
    const grant = new provider.Grant({
      accountId: details.session!.accountId,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  });
  return { issuer, behaviour, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Follows the provider's redirects like a browser (keeping its cookies) until it is sent back to us. */
async function browseToCallback(loginUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = loginUrl;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(CALLBACK)) return url;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    const location = res.headers.get('location');
    if (!location)
      throw new Error(`provider answered ${res.status} at ${url}: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
}

describe.each(ENGINES)('Google sign-in against a local OpenID provider on %s', (engine) => {
  const env = testRedis();
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let auth: TestAuthService;
  let app: FastifyInstance;

  beforeAll(async () => {
    standIn = await startStandIn();
    auth = await startAuthService(engine, {
      google: {
        issuer: standIn.issuer,
        clientId: STAND_IN_CLIENT.id,
        clientSecret: STAND_IN_CLIENT.secret,
        handoffTtlMs: HANDOFF_TTL_MS,
      },
    });
    app = await buildApp(
      gatewayTestDeps(env, {
        config: { PUBLIC_URL },
        // 0: every request asks auth (a setting the config allows; it once broke signed-in requests).
        auth: { client: auth.client, sessionCacheMs: 0 },
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await auth?.close();
    await standIn?.close();
    await env.cleanup();
  });

  it('offers Google among the sign-in methods when its client is configured', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/methods' });
    expect(res.json()).toEqual({ google: true, password: true });
  });

  const loginUrl = async (locale = 'fr') => {
    const res = await app.inject({ method: 'GET', url: `/api/auth/google/login?locale=${locale}` });
    expect(res.statusCode).toBe(200);
    return res.json().login_url as string;
  };
  const callback = (url: string) => app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length) });
  const handoffCookie = (res: { headers: Record<string, unknown> }) => {
    const header = String(res.headers['set-cookie'] ?? '');
    return /pictura_oauth=([^;]*)/.exec(header)?.[1] ?? '';
  };
  const tokenFromCookie = (cookie: string) =>
    app.inject({
      method: 'GET',
      url: `/api/auth/token-from-cookie?_t=${Date.now()}`,
      headers: { cookie: `pictura_oauth=${cookie}` },
    });
  const failureOf = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), PUBLIC_URL);
    return {
      path: location.pathname,
      error: location.searchParams.get('error'),
      message: location.searchParams.get('message'),
    };
  };

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const url = new URL(await loginUrl());
    expect(url.origin).toBe(standIn.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const param of ['code_challenge', 'state', 'nonce'])
      expect(url.searchParams.get(param)).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  let completedCallback = '';

  it('completes: the callback sets a short-lived HttpOnly cookie, which yields a token once', async () => {
    standIn.behaviour.account = 'alice';
    completedCallback = await browseToCallback(await loginUrl('fr'));
    const res = await callback(completedCallback);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/fr/oauth-callback');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=120/);
    const cookie = handoffCookie(res);

    const token = await tokenFromCookie(cookie);
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token.json().token}` },
    });
    expect(me.json()).toMatchObject({
      authenticated: true,
      user: { email: 'alice@example.com', name: 'alice Example', username: '' },
    });

    // Once only.
    expect((await tokenFromCookie(cookie)).statusCode).toBe(401);
    const cleared = await app.inject({ method: 'GET', url: '/api/auth/token-from-cookie?clear_cookie=true' });
    expect(cleared.statusCode).toBe(200);
    expect(String(cleared.headers['set-cookie'])).toMatch(/pictura_oauth=;.*Max-Age=0/);
  });

  it('signs the same Google account into the same user next time', async () => {
    const first = await tokenFromCookie(
      handoffCookie(await callback(await browseToCallback(await loginUrl()))),
    );
    const second = await tokenFromCookie(
      handoffCookie(await callback(await browseToCallback(await loginUrl()))),
    );
    const idOf = async (token: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().user.id;
    expect(await idOf(first.json().token)).toBe(await idOf(second.json().token));
  });

  it('refuses a replayed callback (its state and code were used)', async () => {
    expect(failureOf(await callback(completedCallback))).toEqual({
      path: '/en/oauth-callback',
      error: 'invalid_state',
      message: 'Invalid server response',
    });
  });

  it('refuses a callback with a state it did not issue', async () => {
    const url = new URL(await browseToCallback(await loginUrl()));
    url.searchParams.set('state', 'forged-state-value-000000000');
    expect(failureOf(await callback(url.toString()))).toMatchObject({
      error: 'invalid_state',
      message: 'Invalid server response',
    });
  });

  it("refuses a code presented with another sign-in attempt's state", async () => {
    const stolen = new URL(await browseToCallback(await loginUrl()));
    const own = new URL(await loginUrl());
    stolen.searchParams.set('state', own.searchParams.get('state')!);
    // PKCE and nonce belong to the other attempt, so the exchange fails.
    expect(failureOf(await callback(stolen.toString()))).toMatchObject({
      error: 'invalid_response',
      message: 'Invalid server response',
    });
  });

  it('reports denied consent with the spec text, on the right locale', async () => {
    standIn.behaviour.deny = true;
    try {
      const url = await browseToCallback(await loginUrl('de'));
      expect(failureOf(await callback(url))).toEqual({
        path: '/de/oauth-callback',
        error: 'access_denied',
        message: 'Login Failed',
      });
    } finally {
      standIn.behaviour.deny = false;
    }
  });

  it('reports a callback without a code', async () => {
    const state = new URL(await loginUrl()).searchParams.get('state')!;
    expect(failureOf(await callback(`${CALLBACK}?state=${state}`))).toMatchObject({
      error: 'no_code',
      message: 'No authorization code provided',
    });
  });

  it('refuses an expired hand-off cookie', async () => {
    const res = await callback(await browseToCallback(await loginUrl()));
    // Redeeming consumes the hand-off, so there is no state to poll: its lifetime has to run out.
    await holdStill(HANDOFF_TTL_MS + 200, 'the hand-off cookie outlives its lifetime');
    const token = await tokenFromCookie(handoffCookie(res));
    expect(token.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/auth/token-from-cookie' })).json()).toEqual({
      error: 'token_not_found',
      message: 'No token found',
    });
  });
});
