// Sign-in, profile, API keys and the admin user calls.
import type { MatrixContext, Rows } from './matrix.ts';

/** A fresh key of the first admin, so each call has one to revoke. */
async function newAdminKeyId(ctx: MatrixContext): Promise<string> {
  const key = await ctx.send('POST', '/api/user/api-keys', ctx.identities.admin.credential, {
    name: 'to revoke',
  });
  return (key.body.api_key as { id: string }).id;
}

//                                           guest user other banned admin apiKey
export const identityRows: Rows = {
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
  'GET /api/security-check/challenge': {
    expect: [200, 200, 200, 401, 200, 200],
    why: 'a proof-of-work puzzle that grants nothing by itself; a banned token is refused as everywhere',
    call: () => ({ path: '/api/security-check/challenge' }),
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
    expect: [401, 200, 200, 401, 200, 403],
    fresh: true,
    why: 'only a person signed in with a session deletes an account, never an API key',
    call: () => ({ path: '/api/user/account', body: { password: 'matrix password' } }),
  },
  'GET /api/user/api-keys': {
    expect: [401, 200, 200, 401, 200, 200],
    why: 'anyone signed in may list their own keys (none without API access)',
    call: () => ({ path: '/api/user/api-keys' }),
  },
  'POST /api/user/api-keys': {
    expect: [401, 403, 403, 401, 201, 403],
    why: 'needs API access (the Enterprise plan, from billing, or admin), and a key cannot mint more keys',
    call: () => ({ path: '/api/user/api-keys', body: { name: 'matrix' } }),
  },
  'DELETE /api/user/api-keys/{id}': {
    expect: [401, 404, 404, 401, 200, 404],
    why: "each call revokes a fresh key of the first admin: another's key does not exist for the caller",
    call: async (ctx) => ({ path: `/api/user/api-keys/${await newAdminKeyId(ctx)}` }),
  },
  'PATCH /api/user/api-keys/{id}': {
    expect: [401, 404, 404, 401, 200, 403],
    why: "the key's owner, with a session: another's key does not exist for the caller, and a key cannot edit itself",
    call: async (ctx) => ({
      path: `/api/user/api-keys/${await newAdminKeyId(ctx)}`,
      body: { webhook_url: '' },
    }),
  },
  'GET /api/user/webhooks': {
    expect: [401, 200, 200, 401, 200, 200],
    why: 'each signed-in caller reads their own signing secret and deliveries (guests cannot set webhooks)',
    call: () => ({ path: '/api/user/webhooks' }),
  },
  'GET /api/user/webhooks/deliveries': {
    expect: [401, 200, 200, 401, 200, 200],
    call: () => ({ path: '/api/user/webhooks/deliveries' }),
  },
  'POST /api/user/webhooks/secret': {
    expect: [401, 200, 200, 401, 200, 403],
    why: 'rotating the secret needs a session: a leaked key must not lock its owner out of their receivers',
    call: () => ({ path: '/api/user/webhooks/secret' }),
  },
  'GET /api/admin/users': {
    expect: [401, 403, 403, 401, 200, 403],
    why: "admins only, and with a session: an admin's API key is not the admin console",
    call: () => ({ path: '/api/admin/users' }),
  },
  'POST /api/admin/users/{id}/{action}': {
    expect: [401, 403, 403, 401, 200, 403],
    call: (ctx) => ({ path: `/api/admin/users/${ctx.identities.other.userId}/unadmin` }),
  },
};
