// The community routes: anyone reads the gallery; liking, publishing and reporting need sign-in; a post is
// deleted only by its author (for anyone else, admins included, it does not exist here: admins delete
// under /api/admin/posts). Guests and banned users get 401 wherever sign-in counts.
import { eventually } from '../../support/eventually.ts';
import type { MatrixContext, Rows } from './matrix.ts';

/** A history item of "user", generated through the product (the matrix's stack includes the worker). */
export const userHistoryItem = (ctx: MatrixContext) =>
  ctx.once('community: history item', async () => {
    const token = ctx.identities.user.credential;
    const prompt = 'matrix community source';
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

/** A new post of "user" (posts may be published from one history item more than once). */
export async function newUserPost(ctx: MatrixContext): Promise<string> {
  const post = await ctx.send('POST', '/api/community/posts', ctx.identities.user.credential, {
    history_id: await userHistoryItem(ctx),
    title: 'Matrix post',
    tags: ['matrix'],
    agree: true,
  });
  if (post.status !== 201) throw new Error(`could not publish the user's post: ${post.status}`);
  return post.body.id as string;
}

/** A new post of "user", taken down by the admin (so its author may appeal). */
export async function newTakenDownPost(ctx: MatrixContext): Promise<string> {
  const postId = await newUserPost(ctx);
  const hidden = await ctx.send('POST', `/api/admin/posts/${postId}/hide`, ctx.identities.admin.credential);
  if (hidden.status !== 200) throw new Error(`could not take the post down: ${hidden.status}`);
  return postId;
}

const userPost = (ctx: MatrixContext) => ctx.once('community: post', () => newUserPost(ctx));

//                                           guest user other banned admin apiKey
export const communityRows: Rows = {
  'GET /api/community/posts': {
    expect: [200, 200, 200, 401, 200, 200],
    why: 'the gallery is public; a banned token is refused everywhere',
    call: () => ({ path: '/api/community/posts?sort=popular' }),
  },
  'GET /api/community/posts/{id}': {
    expect: [200, 200, 200, 401, 200, 200],
    call: async (ctx) => ({ path: `/api/community/posts/${await userPost(ctx)}` }),
  },
  'POST /api/community/posts': {
    expect: [401, 201, 404, 401, 404, 404],
    why: "publishing needs sign-in, and someone else's history item does not exist for the caller",
    call: async (ctx) => ({
      path: '/api/community/posts',
      body: { history_id: await userHistoryItem(ctx), title: 'Matrix publish', agree: true },
    }),
  },
  'DELETE /api/community/posts/{id}': {
    expect: [401, 200, 404, 401, 404, 404],
    why: "each call gets a fresh post of user's; only its author deletes it here",
    call: async (ctx) => ({ path: `/api/community/posts/${await newUserPost(ctx)}` }),
  },
  'PUT /api/community/posts/{id}/like': {
    expect: [401, 200, 200, 401, 200, 200],
    call: async (ctx) => ({ path: `/api/community/posts/${await userPost(ctx)}/like` }),
  },
  'DELETE /api/community/posts/{id}/like': {
    expect: [401, 200, 200, 401, 200, 200],
    call: async (ctx) => ({ path: `/api/community/posts/${await userPost(ctx)}/like` }),
  },
  'POST /api/community/posts/{id}/report': {
    expect: [401, 201, 201, 401, 201, 201],
    why: 'a fresh post per call, as an admin and their API key are one user with one open report per post',
    call: async (ctx) => ({
      path: `/api/community/posts/${await newUserPost(ctx)}/report`,
      body: { reason: 'spam' },
    }),
  },
  'POST /api/community/posts/{id}/appeal': {
    expect: [401, 201, 404, 401, 404, 404],
    why: 'only the author appeals the takedown of their post; for anyone else, admins included, it is not there',
    call: async (ctx) => ({
      path: `/api/community/posts/${await newTakenDownPost(ctx)}/appeal`,
      body: { message: 'Please look again' },
    }),
  },
  'GET /api/community/tags/hot': {
    expect: [200, 200, 200, 401, 200, 200],
    call: () => ({ path: '/api/community/tags/hot' }),
  },
  'GET /api/user/posts': {
    expect: [401, 200, 200, 401, 200, 200],
    why: 'everyone signed in reads their own',
    call: () => ({ path: '/api/user/posts' }),
  },
  'GET /api/user/likes': {
    expect: [401, 200, 200, 401, 200, 200],
    call: () => ({ path: '/api/user/likes' }),
  },
  'GET /api/user/stats': {
    expect: [401, 200, 200, 401, 200, 200],
    call: () => ({ path: '/api/user/stats' }),
  },
  'GET /api/user/reports': {
    expect: [401, 200, 200, 401, 200, 200],
    call: () => ({ path: '/api/user/reports' }),
  },
};
