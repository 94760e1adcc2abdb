// The community-admin routes: admins only, with a session (an admin's API key is not the admin console),
// checked by the gateway and again by community. Each call acts on fixtures of its own, so an admin's
// change never decides what the next caller gets.
import { newUserPost } from './community.rows.ts';
import type { MatrixContext, Rows } from './matrix.ts';

/** A fresh open report by "other" on a fresh post of "user". */
async function newOpenReport(ctx: MatrixContext): Promise<string> {
  const postId = await newUserPost(ctx);
  const report = await ctx.send(
    'POST',
    `/api/community/posts/${postId}/report`,
    ctx.identities.other.credential,
    {
      reason: 'spam',
    },
  );
  if (report.status !== 201) throw new Error(`could not report the post: ${report.status}`);
  return report.body.id as string;
}

//                                           guest user other banned admin apiKey
export const communityAdminRows: Rows = {
  'GET /api/admin/reports': {
    expect: [401, 403, 403, 401, 200, 403],
    call: () => ({ path: '/api/admin/reports?status=open' }),
  },
  'POST /api/admin/reports/{id}/approve': {
    expect: [401, 403, 403, 401, 200, 403],
    call: async (ctx) => ({ path: `/api/admin/reports/${await newOpenReport(ctx)}/approve` }),
  },
  'POST /api/admin/reports/{id}/reject': {
    expect: [401, 403, 403, 401, 200, 403],
    call: async (ctx) => ({ path: `/api/admin/reports/${await newOpenReport(ctx)}/reject` }),
  },
  'GET /api/admin/community-stats': {
    expect: [401, 403, 403, 401, 200, 403],
    call: () => ({ path: '/api/admin/community-stats?days=7' }),
  },
  'GET /api/admin/posts': {
    expect: [401, 403, 403, 401, 200, 403],
    call: () => ({ path: '/api/admin/posts?status=visible' }),
  },
  'POST /api/admin/posts/{id}/hide': {
    expect: [401, 403, 403, 401, 200, 403],
    call: async (ctx) => ({ path: `/api/admin/posts/${await newUserPost(ctx)}/hide` }),
  },
  'POST /api/admin/posts/{id}/restore': {
    expect: [401, 403, 403, 401, 200, 403],
    call: async (ctx) => ({ path: `/api/admin/posts/${await newUserPost(ctx)}/restore` }),
  },
  'DELETE /api/admin/posts/{id}': {
    expect: [401, 403, 403, 401, 200, 403],
    call: async (ctx) => ({ path: `/api/admin/posts/${await newUserPost(ctx)}` }),
  },
};
