// The history routes: a user's history is theirs alone. Another user, an admin and an admin's API key
// all get 404 for it (it does not exist for them); guests and banned users 401.
import { eventually } from '../../support/eventually.ts';
import type { MatrixContext, Rows } from './matrix.ts';

/**
 * A history item of "user": generated through the product, then read back from history once the worker
 * has finished it (the matrix's stack includes the worker).
 */
const userItemId = (ctx: MatrixContext, name: string) =>
  ctx.once(`history item: ${name}`, async () => {
    const token = ctx.identities.user.credential;
    const prompt = `matrix history ${name}`;
    const job = await ctx.send('POST', '/api/generate', token, { prompt });
    if (job.status !== 202) throw new Error(`could not submit the user's job: ${job.status}`);
    const item = await eventually(
      async () => {
        const page = await ctx.send('GET', `/api/history?q=${encodeURIComponent(prompt)}`, token);
        return (page.body.items as { id: string }[] | undefined)?.[0];
      },
      `a history item for "${prompt}" (is the worker running in this stack?)`,
      1200,
    );
    return item.id;
  });

//                                           guest user other banned admin apiKey
export const historyRows: Rows = {
  'GET /api/history': {
    expect: [401, 200, 200, 401, 200, 200],
    why: 'everyone signed in reads their own history',
    call: () => ({ path: '/api/history?type=generated' }),
  },
  'PUT /api/history/{id}/favorite': {
    expect: [401, 200, 404, 401, 404, 404],
    why: "someone else's item does not exist for the caller, admins included",
    call: async (ctx) => ({ path: `/api/history/${await userItemId(ctx, 'favourite')}/favorite` }),
  },
  'DELETE /api/history/{id}/favorite': {
    expect: [401, 200, 404, 401, 404, 404],
    call: async (ctx) => ({ path: `/api/history/${await userItemId(ctx, 'favourite')}/favorite` }),
  },
  'DELETE /api/history/{id}': {
    expect: [401, 200, 404, 401, 404, 404],
    why: 'the owner deletes it first; to everyone else it never existed',
    call: async (ctx) => ({ path: `/api/history/${await userItemId(ctx, 'delete')}` }),
  },
  'POST /api/history/delete': {
    expect: [401, 200, 200, 401, 200, 200],
    why: "anyone signed in may bulk-delete; others' ids are skipped (deleted: 0), proven in history.e2e",
    call: async (ctx) => ({ path: '/api/history/delete', body: { ids: [await userItemId(ctx, 'delete')] } }),
  },
};
