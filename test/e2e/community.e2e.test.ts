// The community "done when", on the real processes: a user's generated image reaches their history and is
// published; another user likes and reports it; the administrator approves the report and the post leaves
// the feed. On the way: the image outlives its history item, the reporter learns the outcome.
import type { PublicJobBody } from '@pictura/common/job-body';
import type { ImageScene } from '@pictura/common/scene';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedItem, registerUser } from '../support/accounts.ts';
import { eventually } from '../support/eventually.ts';
import { readEvents, type Stack, startStack } from '../support/stack.ts';

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
  const signIn = async (username: string) =>
    (await api('POST', '/api/auth/login', undefined, { username, password: `${username} password` })).body
      .token as string;
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

    // Alice, and only Alice, sees why her post is down, and appeals once; the admin restores it.
    const mine = await api('GET', `/api/community/posts/${post.id}`, alice.token);
    expect(mine.body).toMatchObject({
      status: 'hidden',
      takedown: { reasons: [{ reason: 'copyright', count: 1 }], appeal: null },
    });
    const appealPath = `/api/community/posts/${post.id}/appeal`;
    expect((await api('POST', appealPath, bob.token, { message: 'mine' })).status).toBe(404);
    expect((await api('POST', appealPath, alice.token, { message: '' })).status).toBe(400);
    expect((await api('POST', appealPath, alice.token, { message: 'x'.repeat(501) })).status).toBe(400);
    const appealed = await api('POST', appealPath, alice.token, { message: 'I took this photo myself.' });
    expect(appealed.status).toBe(201);
    expect(appealed.body).toMatchObject({ status: 'open', message: 'I took this photo myself.' });
    expect((await api('POST', appealPath, alice.token, { message: 'again' })).body).toEqual({
      error: 'already_appealed',
      message: 'You have already appealed this decision',
    });
    expect((await api('GET', '/api/admin/appeals', alice.token)).status).toBe(403);
    const appeals = await api('GET', '/api/admin/appeals', admin.token);
    expect(appeals.body.items).toEqual([
      expect.objectContaining({
        id: appealed.body.id,
        author_id: alice.id,
        post: expect.objectContaining({ id: post.id, takedown_reasons: [{ reason: 'copyright', count: 1 }] }),
      }),
    ]);
    const restored = await api('POST', `/api/admin/appeals/${appealed.body.id}/restore`, admin.token);
    expect(restored.body).toMatchObject({ status: 'restored', resolved_by: admin.id });
    expect(await feedIds()).toContain(post.id);
    expect((await api('POST', `/api/admin/appeals/${appealed.body.id}/uphold`, admin.token)).status).toBe(
      409,
    );
  });

  it('groups open reports by post, reopens dismissed ones and decides many at once', async () => {
    const admin = { token: await signIn('root'), id: 1 };
    const carol = await register('carol');
    // One address creates five accounts an hour: the first test's users report again, beside a new one.
    const reporters = [
      { token: await signIn('alice') },
      { token: await signIn('bob') },
      await register('dan'),
    ];
    const item = await generated(carol.token, 'three lanterns');
    const publish = async (title: string) =>
      (
        await api('POST', '/api/community/posts', carol.token, {
          history_id: item.id,
          title,
          agree: true,
        })
      ).body.id as string;
    const [busy, quiet] = [await publish('Busy'), await publish('Quiet')];
    const reportIds: string[] = [];
    for (const [who, postId, reason] of [
      [0, busy, 'spam'],
      [1, busy, 'spam'],
      [2, busy, 'violence'],
      [0, quiet, 'nudity'],
    ] as const) {
      const made = await api('POST', `/api/community/posts/${postId}/report`, reporters[who]!.token, {
        reason,
      });
      reportIds.push(made.body.id as string);
    }

    const groups = await api('GET', '/api/admin/reports/groups?sort=count&limit=1', admin.token);
    expect(groups.body.items).toEqual([
      expect.objectContaining({
        post_id: busy,
        count: 3,
        reasons: [
          { reason: 'spam', count: 2 },
          { reason: 'violence', count: 1 },
        ],
        latest_report_id: reportIds[2],
        post: expect.objectContaining({ title: 'Busy' }),
      }),
    ]);
    const next = await api(
      'GET',
      `/api/admin/reports/groups?sort=count&limit=1&cursor=${groups.body.next_cursor}`,
      admin.token,
    );
    expect(next.body.items?.map((g) => g.post_id)).toEqual([quiet]);
    const byDate = await api('GET', '/api/admin/reports/groups?sort=latest', admin.token);
    expect(byDate.body.items?.map((g) => g.post_id)).toEqual([quiet, busy]);
    expect((await api('GET', '/api/admin/reports/groups', carol.token)).status).toBe(403);

    // Rejected, then reopened: back in the queue, and the reporter sees it open again.
    const quietReport = reportIds[3]!;
    await api('POST', `/api/admin/reports/${quietReport}/reject`, admin.token);
    const reopened = await api('POST', `/api/admin/reports/${quietReport}/reopen`, admin.token);
    expect(reopened.body).toMatchObject({ id: quietReport, status: 'open', resolved_by: null });
    expect((await api('POST', `/api/admin/reports/${quietReport}/reopen`, admin.token)).status).toBe(409);
    expect((await api('POST', `/api/admin/reports/${quietReport}/reopen`, carol.token)).status).toBe(403);
    const alicesReports = await api('GET', '/api/user/reports', reporters[0]!.token);
    expect(alicesReports.body.items?.find((r) => r.id === quietReport)).toMatchObject({ status: 'open' });

    // Bulk: one request, a result per post; bounded.
    const bulk = await api('POST', '/api/admin/reports/bulk', admin.token, {
      decision: 'approve',
      post_ids: [busy, quiet],
    });
    expect(bulk.body).toEqual({
      results: [
        { id: busy, ok: true, error: null, message: null },
        { id: quiet, ok: true, error: null, message: null },
      ],
    });
    const again = await api('POST', '/api/admin/reports/bulk', admin.token, {
      decision: 'reject',
      post_ids: [busy],
    });
    expect(again.body).toEqual({
      results: [{ id: busy, ok: false, error: 'no_open_reports', message: 'This post has no open reports' }],
    });
    const tooMany = Array.from({ length: 101 }, () => busy);
    expect(
      (await api('POST', '/api/admin/reports/bulk', admin.token, { decision: 'reject', post_ids: tooMany }))
        .status,
    ).toBe(400);
    expect(
      (await api('POST', '/api/admin/posts/bulk', carol.token, { action: 'restore', post_ids: [busy] }))
        .status,
    ).toBe(403);
    const restored = await api('POST', '/api/admin/posts/bulk', admin.token, {
      action: 'restore',
      post_ids: [busy, quiet],
    });
    expect(restored.body.results).toEqual([
      expect.objectContaining({ id: busy, ok: true }),
      expect.objectContaining({ id: quiet, ok: true }),
    ]);
    expect((await api('GET', `/api/community/posts/${busy}`)).status).toBe(200);
  });

  it("keeps what the default model drew with the image: the job, its stream, history and the post's page", async () => {
    // Alice (from the first test): one more registration from this address would be asked for the check.
    const alice = { token: await signIn('alice') };
    const prompt = 'a red fox';
    const submitted = await api('POST', '/api/generate', alice.token, { prompt, seed: 21 });
    expect(submitted.status).toBe(202);
    const { job_id: jobId, events_url: eventsUrl } = submitted.body as { job_id: string; events_url: string };
    const streamed = (
      await readEvents<PublicJobBody>(`${stack.url}${eventsUrl}`, (e) =>
        ['completed', 'error'].includes(e.status),
      )
    ).at(-1)!;
    expect(streamed.status).toBe('completed');
    // Structure, not words: the model's vocabulary changes; its main subject is also the one-thing subject.
    const scene = streamed.images[0]!.scene as ImageScene;
    expect(scene).toEqual({
      subjects: expect.any(Array),
      relations: expect.any(Array),
      setting: expect.any(Array),
      style: expect.any(Array),
      unplaced_words: expect.any(Array),
    });
    expect(typeof scene.subjects[0]?.name).toBe('string');
    expect(streamed.images[0]!.subject).toMatchObject({ found: true, name: scene.subjects[0]!.name });
    const polled = await stack.api<PublicJobBody>('GET', `/api/jobs/${jobId}`, alice.token);
    expect(polled.body.images[0]!.scene).toEqual(scene);

    const item = await eventually(async () => {
      const page = await api('GET', `/api/history?q=${encodeURIComponent(prompt)}`, alice.token);
      return page.body.items?.[0];
    }, 'the generation to reach history');
    expect(item.scene).toEqual(scene);
    expect(item.images).toEqual([expect.objectContaining({ scene })]);
    const published = await api('POST', '/api/community/posts', alice.token, {
      history_id: item.id,
      title: 'Fox',
      agree: true,
    });
    expect(published.status).toBe(201);
    const post = await api('GET', `/api/community/posts/${published.body.id as string}`);
    expect(post.body.scene).toEqual(scene);
  });
});
