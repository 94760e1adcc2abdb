// Every gateway route, called on the running product as each kind of caller, gets the status it must.
// Routes come from the served OpenAPI document, so a new route without a row fails the test. The rows
// live per product area in ./authorization/<area>.rows.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../support/stack.ts';
import { adminRows } from './authorization/admin.rows.ts';
import { communityRows } from './authorization/community.rows.ts';
import { communityAdminRows } from './authorization/community-admin.rows.ts';
import { generationRows } from './authorization/generation.rows.ts';
import { historyRows } from './authorization/history.rows.ts';
import { identityRows } from './authorization/identity.rows.ts';
import { type Identity, type MatrixContext, ROLES, type Role, type Rows } from './authorization/matrix.ts';
import { paymentsRows } from './authorization/payments.rows.ts';
import { recoveryRows } from './authorization/recovery.rows.ts';

const AREAS = [
  identityRows,
  generationRows,
  paymentsRows,
  historyRows,
  communityRows,
  communityAdminRows,
  adminRows,
  recoveryRows,
];

/** All areas' rows in one table; an operation claimed by two areas is a mistake. */
function mergeAreas(areas: Rows[]): Rows {
  const merged: Rows = {};
  for (const rows of areas) {
    for (const [operation, row] of Object.entries(rows)) {
      if (merged[operation]) throw new Error(`two rows for ${operation}`);
      merged[operation] = row;
    }
  }
  return merged;
}

const MATRIX = mergeAreas(AREAS);

describe('authorization matrix on the running product', () => {
  let stack: Stack;
  const identities = {} as Record<Role, Identity>;
  let ctx: MatrixContext;

  // Each new account comes from its own address, so the per-address registration limit stays out of the way.
  const send = async (method: string, path: string, credential?: string, body?: unknown, ip?: string) => {
    const abort = new AbortController();
    const res = await fetch(`${stack.url}${path}`, {
      method,
      signal: abort.signal,
      headers: {
        ...(credential ? { authorization: `Bearer ${credential}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(ip ? { 'x-forwarded-for': ip } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // Event streams stay open: the status is all this test needs.
    const json = res.headers.get('content-type')?.includes('json')
      ? ((await res.json()) as Record<string, unknown>)
      : {};
    abort.abort();
    return { status: res.status, body: json };
  };

  let accounts = 0;
  const register = async (username: string) => {
    const res = await send(
      'POST',
      '/api/auth/register',
      undefined,
      { username, password: 'matrix password' },
      `10.77.${accounts++}.1`,
    );
    expect(res.status).toBe(201);
    const user = res.body.user as { id: number };
    return { credential: res.body.token as string, userId: user.id };
  };

  const makeIdentity = async (role: Role, admin: Identity): Promise<Identity> => {
    if (role === 'guest') return { userId: 0 };
    const name = role === 'user' && !identities.user ? 'matrix-user' : `${role}-${randomUUID().slice(0, 8)}`;
    const made = await register(name);
    if (role === 'banned') {
      expect((await send('POST', `/api/admin/users/${made.userId}/ban`, admin.credential)).status).toBe(200);
    }
    if (role === 'admin' || role === 'apiKey') {
      expect((await send('POST', `/api/admin/users/${made.userId}/admin`, admin.credential)).status).toBe(
        200,
      );
    }
    if (role === 'apiKey') {
      const key = await send('POST', '/api/user/api-keys', made.credential, { name: 'matrix' });
      expect(key.status).toBe(201);
      return { credential: key.body.key as string, userId: made.userId };
    }
    return made;
  };

  beforeAll(async () => {
    stack = await startStack({
      processes: ['auth', 'billing', 'community', 'history', 'jobs', 'worker', 'gateway'],
      env: { TRUST_PROXY: '1', API_KEY_PER_MINUTE: '1000' },
    });
    const root = await register('matrix-root'); // user 1: the administrator
    identities.guest = { userId: 0 };
    identities.admin = root;
    for (const role of ['user', 'other', 'banned', 'apiKey'] as const) {
      identities[role] = await makeIdentity(role, root);
    }
    const fixtures = new Map<string, Promise<unknown>>();
    ctx = {
      identities,
      send: (method, path, credential, body) => send(method, path, credential, body),
      once<T>(name: string, make: () => Promise<T>) {
        if (!fixtures.has(name)) fixtures.set(name, make());
        return fixtures.get(name) as Promise<T>;
      },
    };
  }, 240_000);
  afterAll(() => stack?.stop());

  it('has a row for every documented route and no row for a route that is gone', async () => {
    const doc = (await send('GET', '/api/openapi.json')).body as { paths: Record<string, object> };
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(Object.keys(MATRIX).sort()).toEqual(documented.sort());
  });

  it('gives every caller the status its role must get on every route', async () => {
    const got: Record<string, number[]> = {};
    for (const [operation, row] of Object.entries(MATRIX)) {
      const method = operation.split(' ')[0]!;
      got[operation] = [];
      for (const role of ROLES) {
        const identity = row.fresh ? await makeIdentity(role, identities.admin) : identities[role];
        const call = await row.call(ctx, role);
        got[operation].push((await send(method, call.path, identity.credential, call.body)).status);
      }
    }
    // One comparison, so a failure shows the whole table at once.
    expect(got).toEqual(Object.fromEntries(Object.entries(MATRIX).map(([op, row]) => [op, row.expect])));
  }, 240_000);
});
