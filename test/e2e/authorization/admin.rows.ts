// The admin dashboard and system settings, and the public settings every page reads.
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
  'GET /api/settings/public': {
    expect: [200, 200, 200, 401, 200, 200],
    why: 'the maintenance banner is for every visitor; a banned token is refused everywhere',
    call: () => ({ path: '/api/settings/public' }),
  },
};
