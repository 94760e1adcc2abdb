// Every gateway route, called on the running product as each kind of caller, gets the status it must.
// Routes come from the served OpenAPI document, so a new route without a row here fails the test.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../support/stack.ts';

const ROLES = ['guest', 'user', 'other', 'banned', 'admin', 'apiKey'] as const;
type Role = (typeof ROLES)[number];
/** Statuses in ROLES order: guest, user, other user, banned user, admin, API key (an admin's key). */
type Expected = [number, number, number, number, number, number];

interface Call {
  path: string;
  body?: unknown;
}
interface Row {
  expect: Expected;
  /** Builds the call for a caller; `fresh` rows get a new identity of that role (logout, deletion). */
  call: (ctx: Context, role: Role) => Call | Promise<Call>;
  fresh?: boolean;
  why?: string;
}
interface Identity {
  credential?: string;
  userId: number;
}
interface Context {
  /** A job submitted by "user". */
  userJobId: string;
  other: Identity;
  newAdminKeyId(): Promise<string>;
}

// One table: method and OpenAPI path → who gets what.
//                                          guest user other banned admin apiKey
const MATRIX: Record<string, Row> = {
  'GET /api/auth/me': { expect: [200, 200, 200, 401, 200, 200], call: () => ({ path: '/api/auth/me' }) },
  'POST /api/auth/login': {
    expect: [200, 200, 200, 200, 200, 200],
    why: 'sign-in calls ignore a stale or banned token',
    call: () => ({ path: '/api/auth/login', body: { username: 'matrix-user', password: 'matrix password' } }),
  },
  'POST /api/auth/register': {
    expect: [400, 400, 400, 400, 400, 400],
    why: 'open to all; a bad password proves the call was reached without creating accounts',
    call: () => ({ path: '/api/auth/register', body: { username: `r${Date.now()}`, password: '1' } }),
  },
  'POST /api/auth/logout': {
    expect: [200, 200, 200, 200, 200, 200],
    fresh: true,
    call: () => ({ path: '/api/auth/logout' }),
  },
  'GET /api/auth/google/login': {
    expect: [409, 409, 409, 409, 409, 409],
    why: 'no OpenID client is configured in this stack; the same for everyone',
    call: () => ({ path: '/api/auth/google/login' }),
  },
  'GET /api/auth/token-from-cookie': {
    expect: [401, 401, 401, 401, 401, 401],
    why: 'no hand-off cookie: nobody gets a token',
    call: () => ({ path: '/api/auth/token-from-cookie?_t=1' }),
  },
  'PUT /api/user/profile': {
    expect: [401, 200, 200, 401, 200, 200],
    call: () => ({ path: '/api/user/profile', body: { name: 'Matrix' } }),
  },
  'DELETE /api/user/account': {
    expect: [401, 200, 200, 401, 200, 200],
    fresh: true,
    call: () => ({ path: '/api/user/account' }),
  },
  'GET /api/user/api-keys': {
    expect: [401, 200, 200, 401, 200, 200],
    why: 'anyone signed in may list their own keys (none without API access)',
    call: () => ({ path: '/api/user/api-keys' }),
  },
  'POST /api/user/api-keys': {
    expect: [401, 403, 403, 401, 201, 403],
    why: 'needs API access (admins until billing lands), and a key cannot mint more keys',
    call: () => ({ path: '/api/user/api-keys', body: { name: 'matrix' } }),
  },
  'DELETE /api/user/api-keys/{id}': {
    expect: [401, 404, 404, 401, 200, 404],
    why: "each call revokes a fresh key of the first admin: another's key does not exist for the caller",
    call: async (ctx) => ({ path: `/api/user/api-keys/${await ctx.newAdminKeyId()}` }),
  },
  'GET /api/admin/users': {
    expect: [401, 403, 403, 401, 200, 200],
    call: () => ({ path: '/api/admin/users' }),
  },
  'POST /api/admin/users/{id}/{action}': {
    expect: [401, 403, 403, 401, 200, 200],
    call: (ctx) => ({ path: `/api/admin/users/${ctx.other.userId}/unadmin` }),
  },
  'POST /api/generate': {
    expect: [202, 202, 202, 401, 202, 202],
    call: () => ({ path: '/api/generate', body: { prompt: 'a lighthouse at dusk' } }),
  },
  'GET /api/jobs/{id}': {
    expect: [404, 200, 404, 401, 404, 404],
    why: "someone else's job does not exist for the caller, admins included",
    call: (ctx) => ({ path: `/api/jobs/${ctx.userJobId}` }),
  },
  'GET /api/jobs/{id}/events': {
    expect: [404, 200, 404, 401, 404, 404],
    call: (ctx) => ({ path: `/api/jobs/${ctx.userJobId}/events` }),
  },
  'GET /api/models': { expect: [200, 200, 200, 401, 200, 200], call: () => ({ path: '/api/models' }) },
  'POST /api/upload/image': {
    expect: [400, 400, 400, 401, 400, 400],
    why: 'open to all; a JSON body without an image proves the call was reached',
    call: () => ({ path: '/api/upload/image', body: {} }),
  },
  'POST /api/upload/upscale': {
    expect: [400, 400, 400, 401, 400, 400],
    call: () => ({ path: '/api/upload/upscale', body: {} }),
  },
  'GET /files/{key}': {
    expect: [404, 404, 404, 401, 404, 404],
    why: 'public content-addressed files; an unknown key is missing for everyone',
    call: () => ({ path: `/files/${'0'.repeat(64)}.png` }),
  },
};

describe('authorization matrix on the running product', () => {
  let stack: Stack;
  const identities = {} as Record<Role, Identity>;
  let ctx: Context;

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
      processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway'],
      env: { TRUST_PROXY: 'true' },
    });
    const root = await register('matrix-root'); // user 1: the administrator
    identities.guest = { userId: 0 };
    identities.admin = root;
    for (const role of ['user', 'other', 'banned', 'apiKey'] as const) {
      identities[role] = await makeIdentity(role, root);
    }
    const job = await send('POST', '/api/generate', identities.user.credential, { prompt: 'owned by user' });
    expect(job.status).toBe(202);
    ctx = {
      userJobId: job.body.job_id as string,
      other: identities.other,
      async newAdminKeyId() {
        const key = await send('POST', '/api/user/api-keys', root.credential, { name: 'to revoke' });
        return (key.body.api_key as { id: string }).id;
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
  });
});
