import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { base64url, decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthService, type TestAuthService } from '../../../../test/support/auth-service.ts';
import { ENGINES } from '../../../../test/support/databases.ts';
import { gatewayTestDeps } from '../../../../test/support/gateway-app.ts';
import { testRedis } from '../../../../test/support/redis.ts';
import { buildApp } from '../app.ts';

const SESSION_CACHE_MS = 300;
/** Polls what a request answers until the session cache has let go of the old answer (within its lifetime). */
const afterSessionCache = <T>(read: () => Promise<T>) =>
  expect.poll(read, { timeout: SESSION_CACHE_MS + 2_000, interval: 50 });

describe.each(ENGINES)('sign-in through the gateway on %s', (engine) => {
  const env = testRedis();
  let auth: TestAuthService;
  let app: FastifyInstance;

  beforeAll(async () => {
    auth = await startAuthService(engine);
    app = await buildApp(
      gatewayTestDeps(env, {
        config: { PUBLIC_URL: 'http://127.0.0.1:8080' },
        auth: { client: auth.client, sessionCacheMs: SESSION_CACHE_MS, apiKeyPerMinute: 1000 },
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await auth?.close();
    await env.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const me = (token?: string) => call('GET', '/api/auth/me', token);
  const tokens: Record<string, string> = {};

  it('says which ways to sign in this server offers: no Google without an OAuth client', async () => {
    // Also with a stale token attached, as a browser may send.
    for (const token of [undefined, 'stale.token.here']) {
      const res = await call('GET', '/api/auth/methods', token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ google: false, password: true });
    }
  });

  it('tells a guest it is not signed in', async () => {
    const res = await me();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: false, user: null });
  });

  it('registers the first account as administrator and the second as a user', async () => {
    const first = await call('POST', '/api/auth/register', undefined, {
      username: 'admin',
      password: 'admin password',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().user).toMatchObject({
      id: 1,
      username: 'admin',
      is_admin: true,
      email: '',
      avatar: '',
    });
    const second = await call('POST', '/api/auth/register', undefined, {
      username: 'user',
      password: 'user password',
    });
    expect(second.json().user).toMatchObject({ id: 2, is_admin: false, role: 'user' });
    tokens.admin = first.json().token;
    tokens.user = second.json().token;
    const third = await call('POST', '/api/auth/register', undefined, {
      username: 'other',
      password: 'other password',
    });
    tokens.other = third.json().token;
  });

  it('explains refused registrations', async () => {
    const taken = await call('POST', '/api/auth/register', undefined, {
      username: 'ADMIN',
      password: 'whatever123',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'username_taken', message: 'Username is already taken' });
    const weak = await call('POST', '/api/auth/register', undefined, {
      username: 'newbie',
      password: '12345678',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: 'weak_password', message: 'Password must not be only digits' });
    const empty = await call('POST', '/api/auth/register', undefined, { username: 'newbie' });
    expect(empty.json()).toEqual({
      error: 'credentials_required',
      message: 'Please enter a username and password',
    });
  });

  it('signs in, shows the user, and refuses a wrong password in the same words as an unknown user', async () => {
    const ok = await call('POST', '/api/auth/login', undefined, {
      username: 'User',
      password: 'user password',
    });
    expect(ok.statusCode).toBe(200);
    const { token, user } = ok.json();
    expect(Object.keys(user).sort()).toEqual(
      [
        'avatar',
        'banned',
        'created_at',
        'email',
        'id',
        'is_admin',
        'name',
        'picture',
        'role',
        'username',
      ].sort(),
    );
    expect((await me(token)).json()).toMatchObject({
      authenticated: true,
      user: { id: 2, username: 'user' },
    });
    for (const username of ['user', 'ghost']) {
      const bad = await call('POST', '/api/auth/login', undefined, { username, password: 'not it at all' });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual({ error: 'invalid_credentials', message: 'Invalid username or password' });
    }
  });

  it('still lets a browser with a stale token sign in', async () => {
    const res = await call('POST', '/api/auth/login', 'stale.token.here', {
      username: 'user',
      password: 'user password',
    });
    expect(res.statusCode).toBe(200);
  });

  it('keeps /api/admin for administrators, enforced on the server', async () => {
    const guest = await call('GET', '/api/admin/users');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ error: 'unauthenticated', message: 'Please login first' });
    expect((await call('GET', '/api/admin/users', tokens.user)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/users/3/ban', tokens.user)).statusCode).toBe(403);
    const list = await call('GET', '/api/admin/users?limit=2', tokens.admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((u: { id: number }) => u.id)).toEqual([1, 2]);
    expect(list.json().next_cursor).toBe('2');
    const next = await call('GET', '/api/admin/users?limit=2&cursor=2', tokens.admin);
    expect(next.json()).toMatchObject({ items: [{ id: 3 }], next_cursor: null });
  });

  it('grants and revokes admin; the new admin gets in within seconds', async () => {
    expect((await call('POST', '/api/admin/users/2/admin', tokens.admin)).json().user.is_admin).toBe(true);
    await afterSessionCache(async () => (await call('GET', '/api/admin/users', tokens.user)).statusCode).toBe(
      200,
    );
    await call('POST', '/api/admin/users/2/unadmin', tokens.admin);
    await afterSessionCache(async () => (await call('GET', '/api/admin/users', tokens.user)).statusCode).toBe(
      403,
    );
  });

  it('bans a user: their token stops working and they cannot sign in; unban restores sign-in', async () => {
    expect((await me(tokens.other)).json().authenticated).toBe(true);
    const banned = await call('POST', '/api/admin/users/3/ban', tokens.admin);
    expect(banned.json().user.banned).toBe(true);
    await afterSessionCache(async () => (await me(tokens.other)).statusCode).toBe(401);
    const login = await call('POST', '/api/auth/login', undefined, {
      username: 'other',
      password: 'other password',
    });
    expect(login.statusCode).toBe(403);
    await call('POST', '/api/admin/users/3/unban', tokens.admin);
    const again = await call('POST', '/api/auth/login', undefined, {
      username: 'other',
      password: 'other password',
    });
    expect(again.statusCode).toBe(200);
  });

  it('logs out: the same token is refused', async () => {
    const { token } = (
      await call('POST', '/api/auth/login', undefined, { username: 'user', password: 'user password' })
    ).json();
    expect((await me(token)).json().authenticated).toBe(true);
    expect((await call('POST', '/api/auth/logout', token)).json()).toEqual({ success: true });
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('invalid_token');
    // Another session of the same user is untouched.
    expect((await me(tokens.user)).json().authenticated).toBe(true);
  });

  describe('refuses forged and broken tokens', () => {
    const refused = async (token: string) => {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('invalid_token');
    };
    const claimsOf = () => decodeJwt(tokens.user!);

    it('alg none', async () => {
      const { sid, exp } = claimsOf();
      await refused(
        new UnsecuredJWT({ sid })
          .setSubject('1')
          .setIssuer('pictura-auth')
          .setAudience('pictura')
          .setExpirationTime(exp!)
          .encode(),
      );
    });

    it('HS256 signed with the public key', async () => {
      const { sid, exp } = claimsOf();
      const kid = decodeProtectedHeader(tokens.user!).kid!;
      const publicKey = createPublicKey(auth.signingKey);
      for (const secret of [
        publicKey.export({ format: 'pem', type: 'spki' }) as string,
        base64url.decode(String(publicKey.export({ format: 'jwk' }).x)),
      ]) {
        const forged = await new SignJWT({ sid })
          .setProtectedHeader({ alg: 'HS256', kid })
          .setSubject('1')
          .setIssuer('pictura-auth')
          .setAudience('pictura')
          .setExpirationTime(exp!)
          .sign(typeof secret === 'string' ? new TextEncoder().encode(secret) : secret);
        await refused(forged);
      }
    });

    it('another key, under the real kid or an unknown one', async () => {
      const { sid, exp } = claimsOf();
      const attacker = generateKeyPairSync('ed25519').privateKey;
      for (const kid of [decodeProtectedHeader(tokens.user!).kid!, 'unknown-kid']) {
        const forged = await new SignJWT({ sid })
          .setProtectedHeader({ alg: 'EdDSA', kid })
          .setSubject('2')
          .setIssuer('pictura-auth')
          .setAudience('pictura')
          .setExpirationTime(exp!)
          .sign(attacker);
        await refused(forged);
      }
    });

    it('expired', async () => {
      const { sid } = claimsOf();
      await refused(
        await auth.keys.sign({ userId: 2, sessionId: String(sid), expiresAt: new Date(Date.now() - 60_000) }),
      );
    });

    it('tampered payload', async () => {
      const [header, payload, signature] = tokens.user!.split('.');
      const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!)));
      const tampered = base64url.encode(JSON.stringify({ ...claims, sub: '1' }));
      await refused(`${header}.${tampered}.${signature}`);
    });

    it('a real signature over a session that does not exist', async () => {
      await refused(
        await auth.keys.sign({
          userId: 1,
          sessionId: '00000000-0000-4000-8000-000000000000',
          expiresAt: new Date(Date.now() + 60_000),
        }),
      );
    });

    it('garbage', async () => {
      await refused('not-a-jwt');
      const res = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: 'Basic abc' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  it('edits the profile of the signed-in user only', async () => {
    expect((await call('PUT', '/api/user/profile', undefined, { name: 'X' })).statusCode).toBe(401);
    const res = await call('PUT', '/api/user/profile', tokens.user, {
      name: 'User Two',
      avatar: 'https://example.com/me.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: 2, name: 'User Two', avatar: 'https://example.com/me.png' });
    const bad = await call('PUT', '/api/user/profile', tokens.user, { avatar: 'http://127.0.0.1/x.png' });
    expect(bad.statusCode).toBe(400);
  });

  it('API keys: admins create them, they work as Bearer, are shown once and stop when revoked', async () => {
    expect((await call('POST', '/api/user/api-keys', tokens.user, { name: 'k' })).statusCode).toBe(403);
    const created = await call('POST', '/api/user/api-keys', tokens.admin, { name: 'ci' });
    expect(created.statusCode).toBe(201);
    const { key, api_key } = created.json();
    expect(key).toMatch(/^sk_/);
    const listed = await call('GET', '/api/user/api-keys', tokens.admin);
    expect(listed.json().items).toEqual([
      expect.objectContaining({ id: api_key.id, name: 'ci', prefix: key.slice(0, 10) }),
    ]);
    expect(JSON.stringify(listed.json())).not.toContain(key);
    expect((await me(key)).json()).toMatchObject({ authenticated: true, user: { id: 1 } });
    // An admin's key is for the API, not the admin console or deleting the account.
    expect((await call('GET', '/api/admin/users', key)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/user/account', key, { password: 'admin password' })).statusCode).toBe(
      403,
    );
    expect((await me(key)).statusCode).toBe(200);
    expect((await call('POST', '/api/user/api-keys', key, { name: 'child' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/user/api-keys/${api_key.id}`, tokens.user)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/user/api-keys/${api_key.id}`, tokens.admin)).statusCode).toBe(200);
    await afterSessionCache(async () => (await me(key)).statusCode).toBe(401);
    expect((await me('sk_made_up')).statusCode).toBe(401);
  });

  it('slows repeated failed sign-ins from one address with 429 and Retry-After, without locking the account', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await call('POST', '/api/auth/login', undefined, { username: 'admin', password: `wrong ${i} pass` }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const res = await call('POST', '/api/auth/login', undefined, {
      username: 'admin',
      password: 'admin password',
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.json()).toMatchObject({ error: 'too_many_attempts' });
    expect(res.json().message).toMatch(/^Too many attempts\. Try again in \d+ seconds?$/);
    // The same account from another address signs in.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: 'admin password' },
      remoteAddress: '192.0.2.44',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('deletes the account only with its password again: then its token stops working', async () => {
    const reg = (
      await call('POST', '/api/auth/register', undefined, { username: 'leaver', password: 'leaving now' })
    ).json();
    const wrong = await call('DELETE', '/api/user/account', reg.token, { password: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'wrong_password', message: 'The password is not correct' });
    expect((await me(reg.token)).statusCode).toBe(200);
    const right = await call('DELETE', '/api/user/account', reg.token, { password: 'leaving now' });
    expect(right.json()).toEqual({ success: true });
    expect((await me(reg.token)).statusCode).toBe(401);
  });
});
