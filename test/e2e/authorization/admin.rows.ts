// The admin dashboard, system settings, Models page and plan grants, and the public settings every page reads.
import type { Rows } from './matrix.ts';

const adminOnly = "admins only, and with a session: an admin's API key is not the admin console";

//                                           guest user other banned admin apiKey
export const adminRows: Rows = {
  'GET /api/admin/stats': {
    expect: [401, 403, 403, 401, 200, 403],
    why: adminOnly,
    call: () => ({ path: '/api/admin/stats?days=7' }),
  },
  'GET /api/admin/settings': {
    expect: [401, 403, 403, 401, 200, 403],
    why: adminOnly,
    call: () => ({ path: '/api/admin/settings' }),
  },
  'PUT /api/admin/settings': {
    expect: [401, 403, 403, 401, 200, 403],
    why: `${adminOnly}; the call rewrites the empty notice, changing nothing`,
    call: () => ({ path: '/api/admin/settings', body: { maintenance_notice: '' } }),
  },
  'GET /api/admin/models': {
    expect: [401, 403, 403, 401, 200, 403],
    why: adminOnly,
    call: () => ({ path: '/api/admin/models' }),
  },
  'POST /api/admin/models': {
    expect: [401, 403, 403, 401, 400, 403],
    why: `${adminOnly}; the name is in no catalogue, so the admin passes the guard and nothing is installed`,
    call: () => ({ path: '/api/admin/models', body: { model: 'no-such-model' } }),
  },
  'DELETE /api/admin/models/{name}': {
    expect: [401, 403, 403, 401, 400, 403],
    why: `${adminOnly}; the admin passes the guard and hears that a built-in cannot be removed`,
    call: () => ({ path: '/api/admin/models/pictura-abstract' }),
  },
  'PUT /api/admin/models/defaults': {
    expect: [401, 403, 403, 401, 200, 403],
    why: `${adminOnly}; the call sets the generate default to automatic, as it already is`,
    call: () => ({ path: '/api/admin/models/defaults', body: { kind: 'generate', model: '' } }),
  },
  'POST /api/admin/users/{id}/plan-grants': {
    expect: [401, 403, 403, 401, 400, 403],
    why: `${adminOnly} (billing checks the caller again); the plan is unknown, so the admin passes the guard and nothing is granted`,
    call: (ctx) => ({
      path: `/api/admin/users/${ctx.identities.user.userId}/plan-grants`,
      body: { plan: 'no-such-plan', months: 1 },
    }),
  },
  'DELETE /api/admin/users/{id}/plan-grants/{grantId}': {
    expect: [401, 403, 403, 401, 404, 403],
    why: `${adminOnly} (billing checks the caller again); the admin passes the guard and hears there is no such grant`,
    call: (ctx) => ({ path: `/api/admin/users/${ctx.identities.user.userId}/plan-grants/999999` }),
  },
  'GET /api/admin/audit': {
    expect: [401, 403, 403, 401, 200, 403],
    why: `${adminOnly}; each service checks the caller again before listing its entries`,
    call: () => ({ path: '/api/admin/audit?limit=5' }),
  },
  'GET /api/settings/public': {
    expect: [200, 200, 200, 401, 200, 200],
    why: 'the maintenance banner is for every visitor; a banned token is refused everywhere',
    call: () => ({ path: '/api/settings/public' }),
  },
};
