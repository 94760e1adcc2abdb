// The community-admin routes: admins only, with a session (an admin's API key is not the admin console),
// checked by the gateway and again by community. Each call acts on fixtures of its own, so an admin's
// change never decides what the next caller gets.
import { newTakenDownPost, newUserPost } from './community.rows.ts';
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

/** A fresh report of "other", dismissed by the admin. */
async function newDismissedReport(ctx: MatrixContext): Promise<string> {
  const id = await newOpenReport(ctx);
  const rejected = await ctx.send('POST', `/api/admin/reports/${id}/reject`, ctx.identities.admin.credential);
  if (rejected.status !== 200) throw new Error(`could not reject the report: ${rejected.status}`);
  return id;
}

/** A fresh post of "user" with an open report on it. */
async function newReportedPost(ctx: MatrixContext): Promise<string> {
  const postId = await newUserPost(ctx);
  const report = await ctx.send(
    'POST',
    `/api/community/posts/${postId}/report`,
    ctx.identities.other.credential,
    { reason: 'spam' },
  );
  if (report.status !== 201) throw new Error(`could not report the post: ${report.status}`);
  return postId;
}

/** A fresh open appeal of "user" against the takedown of their fresh post. */
async function newAppeal(ctx: MatrixContext): Promise<string> {
  const postId = await newTakenDownPost(ctx);
  const appeal = await ctx.send(
    'POST',
    `/api/community/posts/${postId}/appeal`,
    ctx.identities.user.credential,
    { message: 'Please look again' },
  );
  if (appeal.status !== 201) throw new Error(`could not appeal: ${appeal.status}`);
  return appeal.body.id as string;
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
  'POST /api/admin/reports/{id}/reopen': {
    expect: [401, 403, 403, 401, 200, 403],
    call: async (ctx) => ({ path: `/api/admin/reports/${await newDismissedReport(ctx)}/reopen` }),
  },
  'GET /api/admin/reports/groups': {
    expect: [401, 403, 403, 401, 200, 403],
    call: () => ({ path: '/api/admin/reports/groups?sort=count' }),
  },
  'POST /api/admin/reports/bulk': {
    expect: [401, 403, 403, 401, 200, 403],
    call: async (ctx) => ({
      path: '/api/admin/reports/bulk',
      body: { decision: 'reject', post_ids: [await newReportedPost(ctx)] },
    }),
  },
  'POST /api/admin/posts/bulk': {
    expect: [401, 403, 403, 401, 200, 403],
    call: async (ctx) => ({
      path: '/api/admin/posts/bulk',
      body: { action: 'hide', post_ids: [await newUserPost(ctx)] },
    }),
  },
  'GET /api/admin/appeals': {
    expect: [401, 403, 403, 401, 200, 403],
    call: () => ({ path: '/api/admin/appeals?status=open' }),
  },
  'POST /api/admin/appeals/{id}/restore': {
    expect: [401, 403, 403, 401, 200, 403],
    call: async (ctx) => ({ path: `/api/admin/appeals/${await newAppeal(ctx)}/restore` }),
  },
  'POST /api/admin/appeals/{id}/uphold': {
    expect: [401, 403, 403, 401, 200, 403],
    call: async (ctx) => ({ path: `/api/admin/appeals/${await newAppeal(ctx)}/uphold` }),
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
