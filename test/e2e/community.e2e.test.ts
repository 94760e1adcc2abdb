// The community "done when", on the real processes: a user's generated image reaches their history and is
// published; another user likes and reports it; the administrator approves the report and the post leaves
// the feed. On the way: the image outlives its history item, the reporter learns the outcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedItem, registerUser } from '../support/accounts.ts';
import { type Stack, startStack } from '../support/stack.ts';

type Body = Record<string, unknown> & { items?: Record<string, unknown>[] };

describe('the community gallery on the running product', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  }, 180_000);
  afterAll(() => stack?.stop());

  const api = (method: string, path: string, token?: string, body?: unknown) =>
    stack.api<Body>(method, path, token, body);
  const register = (username: string) => registerUser(stack, username);
  const generated = (token: string, prompt: string) =>
    generatedItem(stack, token, { prompt, style: 'watercolor', seed: 11 });

  it('publishes, likes, reports, and takes the post down when the admin approves the report', async () => {
    const admin = await register('root');
    expect(admin.id).toBe(1);
    const alice = await register('alice');
    const bob = await register('bob');

    const item = await generated(alice.token, 'a harbour at dawn');
    // The max-tags setting (5 by default) and the agreement hold on the running product.
    const tooMany = await api('POST', '/api/community/posts', alice.token, {
      history_id: item.id,
      title: 'Harbour',
      tags: ['a', 'b', 'c', 'd', 'e', 'f'],
      agree: true,
    });
    expect(tooMany.body).toEqual({ error: 'too_many_tags', message: 'You can add at most 5 tags' });
    const published = await api('POST', '/api/community/posts', alice.token, {
      history_id: item.id,
      title: 'Harbour at dawn',
      description: 'First light',
      tags: ['Harbour', 'dawn'],
      agree: true,
    });
    expect(published.status).toBe(201);
    const post = published.body as { id: string; image: { url: string } };
    expect(published.body).toMatchObject({
      prompt: 'a harbour at dawn',
      options: { style: 'watercolor', seed: 11 },
      tags: ['harbour', 'dawn'],
      author: { id: alice.id, name: 'alice' },
    });
    // Bob cannot publish Alice's item.
    const stolen = await api('POST', '/api/community/posts', bob.token, {
      history_id: item.id,
      title: 'Mine now',
      agree: true,
    });
    expect(stolen.status).toBe(404);

    // The post keeps its image when Alice deletes the history item it came from.
    expect((await api('DELETE', `/api/history/${item.id}`, alice.token)).status).toBe(200);
    expect((await fetch(`${stack.url}${post.image.url}`)).status).toBe(200);

    const feedIds = async () =>
      ((await api('GET', '/api/community/posts?sort=latest')).body.items ?? []).map((p) => p.id);
    expect(await feedIds()).toContain(post.id);
    expect((await api('GET', '/api/community/tags/hot')).body.items).toContainEqual({
      tag: 'harbour',
      count: 1,
    });

    const liked = await api('PUT', `/api/community/posts/${post.id}/like`, bob.token);
    expect(liked.body).toEqual({ post_id: post.id, liked: true, likes: 1 });
    const reported = await api('POST', `/api/community/posts/${post.id}/report`, bob.token, {
      reason: 'copyright',
    });
    expect(reported.status).toBe(201);
    expect(
      (await api('POST', `/api/community/posts/${post.id}/report`, bob.token, { reason: 'spam' })).status,
    ).toBe(409);

    const queue = await api('GET', '/api/admin/reports?status=open', admin.token);
    expect(queue.body.items).toContainEqual(
      expect.objectContaining({
        id: reported.body.id,
        reason: 'copyright',
        reporter: { id: bob.id, name: 'bob' },
      }),
    );
    const approved = await api('POST', `/api/admin/reports/${reported.body.id}/approve`, admin.token);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'actioned', resolved_by: admin.id });

    expect(await feedIds()).not.toContain(post.id);
    expect((await api('GET', `/api/community/posts/${post.id}`, bob.token)).status).toBe(404);
    expect((await api('GET', '/api/user/reports', bob.token)).body.items?.[0]).toMatchObject({
      id: reported.body.id,
      status: 'actioned',
    });
    const stats = await api('GET', '/api/admin/community-stats?days=1', admin.token);
    expect(stats.body).toMatchObject({
      total_posts: 1,
      total_likes: 1,
      open_reports: 0,
      posts_per_day: [{ count: 1 }],
      reports_per_day: [{ count: 1 }],
    });
    expect((await api('GET', '/api/user/stats', alice.token)).body).toEqual({
      total_posts: 1,
      total_likes_given: 0,
      likes_received: 1,
    });
  });
});
