// The identity "done when", on the real processes: register, sign in, /api/auth/me, logout refuses the same
// token; the first account reaches /api/admin and the second does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../support/stack.ts';

interface ApiBody {
  token?: string;
  user?: Record<string, unknown>;
  items?: { username: string }[];
  authenticated?: boolean;
  [key: string]: unknown;
}

describe('accounts on the running product', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ processes: ['auth', 'jobs', 'gateway'] });
  }, 180_000);
  afterAll(() => stack?.stop());

  const api = (method: string, path: string, token?: string, body?: unknown) =>
    stack.api<ApiBody>(method, path, token, body);

  it('registers, signs in, shows the user, and refuses the token after logout', async () => {
    const registered = await api('POST', '/api/auth/register', undefined, {
      username: 'first',
      password: 'first password',
    });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ id: 1, is_admin: true });

    const login = await api('POST', '/api/auth/login', undefined, {
      username: 'first',
      password: 'first password',
    });
    expect(login.status).toBe(200);
    const token = login.body.token;
    expect((await api('GET', '/api/auth/me', token)).body).toMatchObject({
      authenticated: true,
      user: { id: 1, username: 'first' },
    });

    expect((await api('POST', '/api/auth/logout', token)).status).toBe(200);
    const after = await api('GET', '/api/auth/me', token);
    expect(after.status).toBe(401);
    // The session registration opened is still good.
    expect((await api('GET', '/api/auth/me', registered.body.token)).body.authenticated).toBe(true);
  });

  it('lets the first account into /api/admin and keeps the second out', async () => {
    const admin = await api('POST', '/api/auth/login', undefined, {
      username: 'first',
      password: 'first password',
    });
    const second = await api('POST', '/api/auth/register', undefined, {
      username: 'second',
      password: 'second password',
    });
    expect(second.body.user).toMatchObject({ id: 2, is_admin: false });
    const users = await api('GET', '/api/admin/users', admin.body.token);
    expect(users.status).toBe(200);
    expect(users.body.items?.map((u) => u.username)).toEqual(['first', 'second']);
    const refused = await api('GET', '/api/admin/users', second.body.token);
    expect(refused.status).toBe(403);
    expect((await api('GET', '/api/admin/users')).body).toEqual({
      error: 'unauthenticated',
      message: 'Please login first',
    });
  });

  it('keeps the signing key in the data folder and never logs tokens or passwords', () => {
    const logs = [...stack.logs('auth'), ...stack.logs('gateway')].join('\n');
    expect(logs).not.toContain('first password');
    expect(logs).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    expect(logs).not.toContain('PRIVATE KEY');
  });
});
