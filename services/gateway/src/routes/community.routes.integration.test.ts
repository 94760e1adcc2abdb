// The community routes on the real gateway app, in front of the real community, auth and history services.
import { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import { CommunityService } from '@pictura/common/gen/community/v1/community_pb';
import { HistoryService } from '@pictura/common/gen/history/v1/history_pb';
import { JobsService } from '@pictura/common/gen/jobs/v1/jobs_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { createGrpcServer } from '@pictura/common/grpc-server';
import { createLogger } from '@pictura/common/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../../test/support/databases.ts';
import { gatewayTestDeps } from '../../../../test/support/gateway-app.ts';
import { testRedis } from '../../../../test/support/redis.ts';
import {
  type CommunityFixture,
  openCommunityFixture,
} from '../../../community/test/community.test-support.ts';
import { buildApp } from '../app.ts';

describe.each(ENGINES)('community routes on %s', (engine) => {
  const env = testRedis();
  let f: CommunityFixture;
  let app: FastifyInstance;
  let server: ReturnType<typeof createGrpcServer>;
  const closers: (() => void)[] = [];
  const users: Record<'admin' | 'alice' | 'bob', { id: number; token: string }> = {} as never;

  beforeAll(async () => {
    f = await openCommunityFixture(engine);
    const logger = createLogger('gateway', 'silent');
    server = createGrpcServer('community', logger);
    server.add(CommunityService, f.community.grpc);
    const port = await server.listen('127.0.0.1', 0);
    const settings = { deadlineMs: 5000 };
    const community = createServiceClient(CommunityService, `127.0.0.1:${port}`, settings);
    // History and billing are not called by these routes; their clients point nowhere.
    const history = createServiceClient(HistoryService, '127.0.0.1:1', settings);
    const billing = createServiceClient(BillingService, '127.0.0.1:1', settings);
    const jobs = createServiceClient(JobsService, '127.0.0.1:1', { deadlineMs: 300 });
    closers.push(community.close, history.close, billing.close, jobs.close);
    app = await buildApp(
      gatewayTestDeps(env, {
        config: { PUBLIC_URL: 'http://127.0.0.1:8080' },
        logger,
        jobs,
        auth: { client: f.auth.client, sessionCacheMs: 100, apiKeyPerMinute: 1000 },
        services: { history, community, billing },
      }),
    );
    for (const name of ['admin', 'alice', 'bob'] as const) {
      const res = await call('POST', '/api/auth/register', undefined, {
        username: `${name}-gw`,
        password: `${name} password`,
      });
      users[name] = { id: res.json().user.id, token: res.json().token };
    }
  });
  afterAll(async () => {
    await app?.close();
    for (const close of closers) close();
    await server?.shutdown();
    await f?.close();
    await env.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const publish = async (who: 'alice' | 'bob', fields: Record<string, unknown> = {}) => {
    const history_id = await f.historyItem(users[who].id, { flagged: true });
    return call('POST', '/api/community/posts', users[who].token, {
      history_id,
      title: 'Dusk',
      tags: ['Sea'],
      agree: true,
      ...fields,
    });
  };

  it('publishes with the author’s profile, shows the post in the feed and its create-similar data', async () => {
    const res = await publish('alice', { description: 'calm', tags: ['Sea', ' sky '] });
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post).toMatchObject({
      title: 'Dusk',
      description: 'calm',
      prompt: 'a lighthouse at dusk',
      negative_prompt: 'blurry',
      model: 'pictura-abstract',
      options: { aspect_ratio: 'square', style: 'watercolor', seed: 42 },
      tags: ['sea', 'sky'],
      image: { width: 512, height: 512, flagged: true },
      author: { id: users.alice.id, name: 'alice-gw', avatar: '' },
      likes: 0,
      liked_by_me: false,
      status: 'visible',
    });
    expect(post.image.url).toMatch(/^\/files\/[a-f0-9]{64}\.png$/);
    const feed = await call('GET', '/api/community/posts?tag=SEA&limit=5');
    expect(feed.statusCode).toBe(200);
    expect(feed.json().items[0]).toMatchObject({ id: post.id, image: { flagged: true } });
    expect(feed.json().items[0]).not.toHaveProperty('options');
    const detail = await call('GET', `/api/community/posts/${post.id}`);
    expect(detail.json()).toMatchObject({ id: post.id, views: 1, options: { style: 'watercolor' } });
  });

  it('answers guests, a missing agreement and over-long fields with the spec’s messages', async () => {
    for (const body of [{}, { history_id: 'x', title: 't', agree: true }]) {
      const guest = await call('POST', '/api/community/posts', undefined, body);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ error: 'unauthenticated', message: 'Please login first' });
    }
    const noAgree = await publish('alice', { agree: false });
    expect(noAgree.statusCode).toBe(400);
    expect(noAgree.json()).toEqual({
      error: 'agreement_required',
      message: 'Please read and agree to the publishing agreement',
    });
    expect((await publish('alice', { agree: undefined })).json().error).toBe('agreement_required');
    const long = await publish('alice', { title: 't'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('title must be at most 50 characters');
    const tags = await publish('alice', { tags: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(tags.json()).toEqual({ error: 'too_many_tags', message: 'You can add at most 5 tags' });
    const bobs = await f.historyItem(users.bob.id);
    const other = await call('POST', '/api/community/posts', users.alice.token, {
      history_id: bobs,
      title: 'Not mine',
      agree: true,
    });
    expect(other.statusCode).toBe(404);
    const secret = await f.historyItem(users.alice.id, { private: true });
    const privately = await call('POST', '/api/community/posts', users.alice.token, {
      history_id: secret,
      title: 'Private',
      agree: true,
    });
    expect(privately.statusCode).toBe(403);
    for (const [method, path] of [
      ['PUT', '/like'],
      ['DELETE', '/like'],
      ['POST', '/report'],
    ] as const) {
      const res = await call(
        method,
        `/api/community/posts/00000000-0000-4000-8000-000000000000${path}`,
        undefined,
        {
          reason: 'spam',
        },
      );
      expect(res.json()).toEqual({ error: 'unauthenticated', message: 'Please login first' });
    }
  });

  it('likes, reports once, and tells the reporter when a moderator acts', async () => {
    const post = (await publish('alice')).json();
    const like = await call('PUT', `/api/community/posts/${post.id}/like`, users.bob.token);
    expect(like.json()).toEqual({ post_id: post.id, liked: true, likes: 1 });
    expect((await call('GET', `/api/community/posts/${post.id}`, users.bob.token)).json().liked_by_me).toBe(
      true,
    );
    expect((await call('GET', '/api/user/likes', users.bob.token)).json().items[0].id).toBe(post.id);

    const other = await call('POST', `/api/community/posts/${post.id}/report`, users.bob.token, {
      reason: 'other',
    });
    expect(other.json()).toEqual({ error: 'details_required', message: 'Please describe the problem' });
    const reported = await call('POST', `/api/community/posts/${post.id}/report`, users.bob.token, {
      reason: 'spam',
    });
    expect(reported.statusCode).toBe(201);
    expect(reported.json()).toMatchObject({ status: 'open', reason: 'spam', post: { id: post.id } });
    const again = await call('POST', `/api/community/posts/${post.id}/report`, users.bob.token, {
      reason: 'nudity',
    });
    expect(again.statusCode).toBe(409);

    const queue = await call('GET', '/api/admin/reports', users.admin.token);
    const item = queue.json().items.find((r: { id: string }) => r.id === reported.json().id);
    expect(item).toMatchObject({
      reporter: { id: users.bob.id, name: 'bob-gw' },
      post: { id: post.id, author: { id: users.alice.id } },
      status: 'open',
    });
    expect((await call('GET', '/api/admin/reports', users.bob.token)).statusCode).toBe(403);
    const approved = await call('POST', `/api/admin/reports/${item.id}/approve`, users.admin.token);
    expect(approved.json()).toMatchObject({ status: 'actioned', resolved_by: users.admin.id });
    expect((await call('POST', `/api/admin/reports/${item.id}/reject`, users.admin.token)).statusCode).toBe(
      409,
    );
    const mine = await call('GET', '/api/user/reports', users.bob.token);
    expect(mine.json().items[0]).toMatchObject({ id: item.id, status: 'actioned' });
    expect((await call('GET', `/api/community/posts/${post.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/community/posts/${post.id}`, users.admin.token)).json().status).toBe(
      'hidden',
    );
    const own = await call('GET', '/api/user/posts', users.alice.token);
    expect(own.json().items.find((p: { id: string }) => p.id === post.id).status).toBe('hidden');
  });

  it('lets the author delete their post and nobody else', async () => {
    const post = (await publish('alice')).json();
    expect((await call('DELETE', `/api/community/posts/${post.id}`, users.bob.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/community/posts/${post.id}`, users.admin.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/community/posts/${post.id}`, users.alice.token)).json()).toEqual({
      success: true,
    });
  });

  it('hides a banned author’s posts when an admin bans them, and restores them on unban', async () => {
    const post = (await publish('bob', { tags: ['ban-check'] })).json();
    const ids = async () =>
      (await call('GET', '/api/community/posts?tag=ban-check')).json().items.map((p: { id: string }) => p.id);
    expect(await ids()).toEqual([post.id]);
    expect((await call('POST', `/api/admin/users/${users.bob.id}/ban`, users.admin.token)).statusCode).toBe(
      200,
    );
    expect(await ids()).toEqual([]);
    const managed = await call('GET', '/api/admin/posts?q=Dusk&limit=100', users.admin.token);
    expect(managed.json().items.find((p: { id: string }) => p.id === post.id)).toMatchObject({
      author_banned: true,
      hidden_at: null,
    });
    expect((await call('POST', `/api/admin/users/${users.bob.id}/unban`, users.admin.token)).statusCode).toBe(
      200,
    );
    expect(await ids()).toEqual([post.id]);
  });

  it('serves hot tags, my stats and the admin’s statistics and content management', async () => {
    const hot = await call('GET', '/api/community/tags/hot');
    expect(hot.json().items).toContainEqual({ tag: 'sea', count: expect.any(Number) });
    const stats = await call('GET', '/api/user/stats', users.alice.token);
    expect(stats.json()).toMatchObject({ total_posts: expect.any(Number), likes_received: 1 });
    expect((await call('GET', '/api/user/stats')).statusCode).toBe(401);
    const community = await call('GET', '/api/admin/community-stats?days=7', users.admin.token);
    expect(community.json().posts_per_day).toHaveLength(7);
    expect(community.json().total_posts).toBeGreaterThan(0);
    const post = (await publish('alice', { tags: ['managed'] })).json();
    const hidden = await call('POST', `/api/admin/posts/${post.id}/hide`, users.admin.token);
    expect(hidden.json()).toMatchObject({ id: post.id, status: 'hidden' });
    expect((await call('GET', '/api/community/posts?tag=managed')).json().items).toEqual([]);
    await call('POST', `/api/admin/posts/${post.id}/restore`, users.admin.token);
    expect((await call('GET', '/api/community/posts?tag=managed')).json().items).toHaveLength(1);
    expect((await call('DELETE', `/api/admin/posts/${post.id}`, users.alice.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/posts/${post.id}`, users.admin.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/community/posts/${post.id}`, users.admin.token)).statusCode).toBe(404);
  });

  it('documents every community call, popular order included', async () => {
    const doc = (await call('GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; description?: string }[] }>>;
    };
    for (const path of [
      '/api/community/posts',
      '/api/community/posts/{id}',
      '/api/community/posts/{id}/like',
      '/api/community/posts/{id}/report',
      '/api/community/tags/hot',
      '/api/user/posts',
      '/api/user/likes',
      '/api/user/stats',
      '/api/user/reports',
      '/api/admin/reports',
      '/api/admin/reports/{id}/approve',
      '/api/admin/reports/{id}/reject',
      '/api/admin/community-stats',
      '/api/admin/posts',
      '/api/admin/posts/{id}/hide',
      '/api/admin/posts/{id}/restore',
      '/api/admin/posts/{id}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const sort = doc.paths['/api/community/posts']!.get!.parameters!.find((p) => p.name === 'sort');
    expect(sort?.description).toContain('log10(max(likes, 1))');
  });
});
