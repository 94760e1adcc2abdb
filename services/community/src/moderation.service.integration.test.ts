import { eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../../../test/support/app-errors.ts';
import { ENGINES } from '../../../test/support/databases.ts';
import { type CommunityFixture, openCommunityFixture } from '../test/community.test-support.ts';
import { auditLog, posts } from './db/schema.ts';
import { lastDays } from './moderation.service.ts';

describe.each(ENGINES)('community moderation on %s', (engine) => {
  let f: CommunityFixture;
  let admin: number;
  let alice: number;
  let bob: number;
  let carol: number;
  beforeAll(async () => {
    f = await openCommunityFixture(engine);
    admin = await f.user('root');
    alice = await f.user('alice');
    bob = await f.user('bob');
    carol = await f.user('carol');
  });
  afterAll(() => f?.close());

  const moderation = () => f.community.moderation;
  const report = (reporterId: number, postId: string, reason = 'spam') =>
    f.community.posts.report({ reporterId, reporterName: `user ${reporterId}`, postId, reason, details: '' });
  const listed = async (tag: string) =>
    (await f.community.posts.feed({ sort: 'latest', tag, viewerId: 0, limit: 50 })).items.map((p) => p.id);
  /** The audit log's entries about a post, its reports' and appeals' included; `order` breaks ties in a millisecond. */
  const actionsOn = async (postId: string, order: string[] = []) => {
    const rows = await f.database.db
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.targetId, postId), sql`${auditLog.after}->>'post_id' = ${postId}`));
    const rank = (action: string) => order.indexOf(action);
    return rows.sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || rank(a.action) - rank(b.action),
    );
  };

  it('approving hides the post, actions every open report on it and tells the reporters', async () => {
    const post = await f.publish(alice, { tags: ['approve'] });
    const byBob = await report(bob, post.id);
    const byCarol = await report(carol, post.id, 'nudity');
    expect((await moderation().reports(admin, 'open', undefined, 50)).map((r) => r.report.id)).toEqual(
      expect.arrayContaining([byBob.report.id, byCarol.report.id]),
    );
    const approved = await moderation().approve(admin, byBob.report.id);
    expect(approved.report).toMatchObject({ status: 'actioned', resolvedBy: admin });
    expect(approved.post?.hiddenAt).not.toBeNull();
    expect(await listed('approve')).toEqual([]);
    // Hidden for everyone else; its author (told so on the page) and admins still see it.
    for (const viewer of [0, bob]) {
      expect((await rejection(f.community.posts.get(post.id, { userId: viewer, address: '' }))).code).toBe(
        'not_found',
      );
    }
    expect((await f.community.posts.get(post.id, { userId: alice, address: '' })).hiddenAt).not.toBeNull();
    expect((await f.community.posts.get(post.id, { userId: admin, address: '' })).id).toBe(post.id);
    // The reporters see what became of their reports.
    for (const reporter of [bob, carol]) {
      const mine = await f.community.posts.userReports(reporter, undefined, 10);
      expect(mine.find((r) => r.report.postId === post.id)?.report.status).toBe('actioned');
    }
    expect((await moderation().reports(admin, 'actioned', undefined, 50)).map((r) => r.report.id)).toEqual(
      expect.arrayContaining([byBob.report.id, byCarol.report.id]),
    );
    expect(await actionsOn(post.id)).toMatchObject([
      { actorId: admin, action: 'report.approve', targetType: 'report', targetId: byBob.report.id },
    ]);
    expect((await actionsOn(post.id))[0]!.createdAt).toBeInstanceOf(Date);
    // Handled once: a second decision is refused.
    expect(await rejection(moderation().reject(admin, byCarol.report.id))).toMatchObject({
      code: 'failed_precondition',
      message: 'This report has already been handled',
    });
  });

  it('rejecting dismisses the report and leaves the post; the reporter may report again', async () => {
    const post = await f.publish(alice, { tags: ['reject'] });
    const byBob = await report(bob, post.id);
    const rejected = await moderation().reject(admin, byBob.report.id);
    expect(rejected.report).toMatchObject({ status: 'dismissed', resolvedBy: admin });
    expect(await listed('reject')).toEqual([post.id]);
    expect((await f.community.posts.userReports(bob, undefined, 10))[0]?.report.status).toBe('dismissed');
    expect((await report(bob, post.id)).report.status).toBe('open');
    expect(await actionsOn(post.id)).toMatchObject([{ action: 'report.reject', targetId: byBob.report.id }]);
    expect((await rejection(moderation().approve(admin, '00000000-0000-4000-8000-000000000000'))).code).toBe(
      'not_found',
    );
  });

  it('hides, restores and deletes any post, recording each action', async () => {
    const post = await f.publish(alice, { tags: ['manage'] });
    expect((await moderation().hide(admin, post.id)).hiddenAt).not.toBeNull();
    expect(await listed('manage')).toEqual([]);
    const hidden = await moderation().posts(admin, { status: 'hidden', query: '' }, undefined, 100);
    expect(hidden.map((p) => p.id)).toContain(post.id);
    const visible = await moderation().posts(admin, { status: 'visible', query: '' }, undefined, 100);
    expect(visible.map((p) => p.id)).not.toContain(post.id);
    expect((await moderation().restore(admin, post.id)).hiddenAt).toBeNull();
    expect(await listed('manage')).toEqual([post.id]);
    await moderation().remove(admin, post.id);
    expect(await f.community.repositories.posts.findById(post.id)).toBeUndefined();
    expect(await f.history.store.read(post.imageKey)).not.toBeNull(); // the history item still holds it
    const recorded = ['post.hide', 'post.restore', 'post.delete'];
    expect((await actionsOn(post.id, recorded)).map((a) => [a.actorId, a.action])).toEqual(
      recorded.map((action) => [admin, action]),
    );
    expect((await rejection(moderation().remove(admin, post.id))).code).toBe('not_found');
  });

  it('searches posts by title and prompt', async () => {
    const post = await f.publish(alice, {
      historyId: await f.historyItem(alice, { prompt: 'an unusual_zebra 100%' }),
      title: 'Stripes',
    });
    for (const query of ['UNUSUAL_zebra', '100%', 'stripes']) {
      const found = await moderation().posts(admin, { status: '', query }, undefined, 100);
      expect(found.map((p) => p.id)).toEqual([post.id]);
    }
  });

  it('refuses everyone but admins, whatever the gateway let through', async () => {
    const post = await f.publish(alice);
    const byBob = await report(bob, post.id);
    const calls = (caller: number) => [
      () => moderation().reports(caller, 'open', undefined, 10),
      () => moderation().approve(caller, byBob.report.id),
      () => moderation().reject(caller, byBob.report.id),
      () => moderation().posts(caller, { status: '', query: '' }, undefined, 10),
      () => moderation().hide(caller, post.id),
      () => moderation().restore(caller, post.id),
      () => moderation().remove(caller, post.id),
      () => moderation().stats(caller, 30),
      () => moderation().setAuthorBanned(caller, alice, true),
    ];
    for (const call of calls(bob)) expect((await rejection(call())).code).toBe('permission_denied');
    for (const call of calls(0)) expect((await rejection(call())).code).toBe('unauthenticated');
    // A user made admin may; a banned admin may not.
    await f.auth.client.setAdmin({ callerId: admin, userId: carol, isAdmin: true });
    expect(await moderation().stats(carol, 1)).toBeTruthy();
    await f.auth.client.setBanned({ callerId: admin, userId: carol, banned: true });
    expect((await rejection(moderation().stats(carol, 1))).code).toBe('permission_denied');
    expect((await f.community.repositories.posts.findById(post.id))?.hiddenAt).toBeNull();
  });

  it('counts posts, likes and reports per UTC day, and the top tags of the window', async () => {
    const before = await moderation().stats(admin, 7);
    const a = await f.publish(bob, { tags: ['stat-a', 'stat-b'] });
    const b = await f.publish(bob, { tags: ['stat-a'] });
    const old = await f.publish(bob, { tags: ['stat-old'] });
    await f.database.db
      .update(posts)
      .set({ createdAt: new Date(Date.now() - 10 * 24 * 3600_000) })
      .where(eq(posts.id, old.id));
    await f.community.posts.setLike(alice, a.id, true);
    await report(alice, b.id);
    const after = await moderation().stats(admin, 7);
    expect(after.postsPerDay.map((d) => d.day)).toEqual(lastDays(7));
    const today = (series: { count: number }[]) => series.at(-1)!.count;
    expect(today(after.postsPerDay) - today(before.postsPerDay)).toBe(2);
    expect(today(after.likesPerDay) - today(before.likesPerDay)).toBe(1);
    expect(today(after.reportsPerDay) - today(before.reportsPerDay)).toBe(1);
    expect(after.totalPosts - before.totalPosts).toBe(3);
    expect(after.totalLikes - before.totalLikes).toBe(1);
    expect(after.openReports - before.openReports).toBe(1);
    expect(after.topTags).toContainEqual({ tag: 'stat-a', count: 2 });
    expect(after.topTags.map((t) => t.tag)).not.toContain('stat-old');
    expect((await moderation().stats(admin, 0)).postsPerDay).toHaveLength(30);
    expect((await rejection(moderation().stats(admin, 366))).code).toBe('invalid_argument');
  });

  it('records every moderation in the audit log with its before and after, in the same transaction', async () => {
    const post = await f.publish(alice, { tags: ['audited'], title: 'Audited post' });
    const byBob = await report(bob, post.id);
    await moderation().reject(admin, byBob.report.id);
    await moderation().hide(admin, post.id);
    await moderation().restore(admin, post.id);
    await moderation().remove(admin, post.id);
    const rows = await f.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.targetId, [post.id, byBob.report.id]));
    // Four actions may share a millisecond: in the order they were made, by name.
    const order = ['report.reject', 'post.hide', 'post.restore', 'post.delete'];
    rows.sort((a, b) => order.indexOf(a.action) - order.indexOf(b.action));
    expect(rows.map((r) => [r.actorId, r.action, r.before, r.after])).toEqual([
      [
        admin,
        'report.reject',
        { status: 'open', post_id: post.id },
        { status: 'dismissed', post_id: post.id },
      ],
      [
        admin,
        'post.hide',
        { title: 'Audited post', author_id: alice, hidden: false },
        expect.objectContaining({ hidden: true }),
      ],
      [
        admin,
        'post.restore',
        expect.objectContaining({ hidden: true }),
        expect.objectContaining({ hidden: false }),
      ],
      [admin, 'post.delete', expect.objectContaining({ title: 'Audited post', hidden: false }), null],
    ]);
  });

  it('lists the UTC days of a window, oldest first', () => {
    expect(lastDays(3, new Date('2030-01-01T23:30:00-05:00'))).toEqual([
      '2029-12-31',
      '2030-01-01',
      '2030-01-02',
    ]);
  });
});
