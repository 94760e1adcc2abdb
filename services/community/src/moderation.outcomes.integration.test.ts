// What moderation decides, and what the people involved learn of it: reports grouped by post, dismissed
// reports reopened, bulk decisions one item at a time, and the author's reason and appeal after a takedown.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../../../test/support/app-errors.ts';
import { ENGINES } from '../../../test/support/databases.ts';
import { type CommunityFixture, openCommunityFixture } from '../test/community.test-support.ts';
import { auditLog, reports } from './db/schema.ts';

describe.each(ENGINES)('moderation outcomes on %s', (engine) => {
  let f: CommunityFixture;
  let admin: number;
  let alice: number;
  const reporters: number[] = [];
  beforeAll(async () => {
    f = await openCommunityFixture(engine);
    admin = await f.user('root');
    alice = await f.user('alice');
    for (let i = 0; i < 3; i++) reporters.push(await f.user());
  });
  afterAll(() => f?.close());

  const moderation = () => f.community.moderation;
  const report = (reporterId: number, postId: string, reason = 'spam') =>
    f.community.posts.report({ reporterId, reporterName: `user ${reporterId}`, postId, reason, details: '' });
  const asAuthor = (postId: string) => f.community.posts.get(postId, { userId: alice, address: '' });
  const auditOf = (targetId: string) =>
    f.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
  /** Every open report is decided, so each test starts from an empty queue. */
  const clearQueue = async () => {
    const groups = await moderation().reportGroups(admin, 'count', undefined, 100);
    if (groups.groups.length === 0) return;
    await moderation().bulkResolve(
      admin,
      'reject',
      groups.groups.map((g) => g.postId),
    );
  };

  it('groups open reports by post with the count, the reasons and the latest date, paged in SQL', async () => {
    await clearQueue();
    const [once, thrice, twice] = [await f.publish(alice), await f.publish(alice), await f.publish(alice)];
    await report(reporters[0]!, once.id);
    await report(reporters[0]!, thrice.id, 'nudity');
    await report(reporters[1]!, thrice.id, 'nudity');
    await report(reporters[0]!, twice.id);
    await report(reporters[1]!, twice.id, 'violence');
    const latest = await report(reporters[2]!, thrice.id, 'spam');

    const byCount = await moderation().reportGroups(admin, '', undefined, 10);
    expect(byCount.sort).toBe('count');
    expect(byCount.groups.map((g) => [g.postId, g.count])).toEqual([
      [thrice.id, 3],
      [twice.id, 2],
      [once.id, 1],
    ]);
    const top = byCount.groups[0]!;
    expect(top.reasons).toEqual([
      { reason: 'nudity', count: 2 },
      { reason: 'spam', count: 1 },
    ]);
    expect(top.latestAt).toEqual(latest.report.createdAt);
    expect(top.latestReportId).toBe(latest.report.id);
    // The card shows the newest reports in full: who, why and what they said.
    expect(top.latest.map((r) => [r.reporterId, r.reason])).toEqual([
      [reporters[2], 'spam'],
      [reporters[1], 'nudity'],
      [reporters[0], 'nudity'],
    ]);
    expect(byCount.groups[2]!.latest).toHaveLength(1);
    expect(top.post?.title).toBe('A lighthouse');

    const byDate = await moderation().reportGroups(admin, 'latest', undefined, 10);
    expect(byDate.groups.map((g) => g.postId)).toEqual([thrice.id, twice.id, once.id]);

    // Page by page through the gRPC cursor: every group once, in order.
    for (const sort of ['count', 'latest']) {
      const seen: string[] = [];
      let cursor = '';
      do {
        const page = (await f.community.grpc.listReportGroups(
          { callerId: admin, sort, cursor, limit: 1, $typeName: 'community.v1.ListReportGroupsRequest' },
          { signal: new AbortController().signal, requestId: 't' },
        )) as { items: { postId: string }[]; nextCursor: string };
        seen.push(...page.items.map((g) => g.postId));
        cursor = page.nextCursor;
      } while (cursor !== '');
      expect(seen).toEqual([thrice.id, twice.id, once.id]);
    }
    expect((await rejection(moderation().reportGroups(admin, 'likes', undefined, 10))).code).toBe(
      'invalid_argument',
    );
  });

  it('reopens a dismissed report, recorded, but not an open or actioned one, nor one reported again', async () => {
    const post = await f.publish(alice);
    const first = await report(reporters[0]!, post.id);
    await moderation().reject(admin, first.report.id);
    const reopened = await moderation().reopen(admin, first.report.id);
    expect(reopened.report).toMatchObject({ status: 'open', resolvedAt: null, resolvedBy: null });
    expect((await f.community.posts.userReports(reporters[0]!, undefined, 10))[0]?.report.status).toBe(
      'open',
    );
    expect(await rejection(moderation().reopen(admin, first.report.id))).toMatchObject({
      code: 'failed_precondition',
      reason: 'report_not_dismissed',
    });
    expect((await auditOf(first.report.id)).map((e) => [e.action, e.actorId, e.after])).toContainEqual([
      'report.reopen',
      admin,
      { status: 'open', post_id: post.id },
    ]);

    // Dismissed, then reported again by the same user: the new report is the open one.
    await moderation().reject(admin, first.report.id);
    await report(reporters[0]!, post.id);
    expect((await rejection(moderation().reopen(admin, first.report.id))).reason).toBe('report_open_again');
    expect((await rejection(moderation().reopen(admin, 'nope'))).code).toBe('not_found');
    expect((await rejection(moderation().reopen(alice, first.report.id))).code).toBe('permission_denied');
  });

  it('bulk decisions go one post at a time through the single actions, with a result for each', async () => {
    await clearQueue();
    const [a, b, c] = [await f.publish(alice), await f.publish(alice), await f.publish(alice)];
    await report(reporters[0]!, a.id);
    await report(reporters[1]!, a.id);
    await report(reporters[0]!, b.id);
    const rejected = await moderation().bulkResolve(admin, 'reject', [a.id, c.id, 'junk']);
    expect(rejected.map((r) => [r.id, r.ok, r.error])).toEqual([
      [a.id, true, ''],
      [c.id, false, 'no_open_reports'],
      ['junk', false, 'no_open_reports'],
    ]);
    const onA = await f.database.db.select().from(reports).where(eq(reports.postId, a.id));
    expect(onA.map((r) => r.status)).toEqual(['dismissed', 'dismissed']);
    // Each report its own entry in the audit log.
    const entries = await f.database.db
      .select()
      .from(auditLog)
      .where(
        inArray(
          auditLog.targetId,
          onA.map((r) => r.id),
        ),
      );
    expect(entries.map((e) => e.action)).toEqual(['report.reject', 'report.reject']);

    const approved = await moderation().bulkResolve(admin, 'approve', [b.id, b.id]);
    expect(approved).toEqual([{ id: b.id, ok: true, error: '', message: '' }]);
    expect((await f.community.repositories.posts.findById(b.id))?.hiddenAt).not.toBeNull();

    const hidden = await moderation().bulkModerate(admin, 'hide', [a.id, c.id]);
    expect(hidden.every((r) => r.ok)).toBe(true);
    const restored = await moderation().bulkModerate(admin, 'restore', [
      a.id,
      '00000000-0000-4000-8000-000000000000',
    ]);
    expect(restored.map((r) => [r.ok, r.error])).toEqual([
      [true, ''],
      [false, 'post_not_found'],
    ]);
    expect((await auditOf(a.id)).map((e) => e.action).sort()).toEqual(['post.hide', 'post.restore']);

    const tooMany = Array.from({ length: 101 }, (_, i) => `id-${i}`);
    for (const call of [
      () => moderation().bulkModerate(admin, 'hide', tooMany),
      () => moderation().bulkModerate(admin, 'hide', []),
      () => moderation().bulkModerate(admin, 'delete', [a.id]),
      () => moderation().bulkResolve(admin, 'maybe', [a.id]),
    ]) {
      expect((await rejection(call())).code).toBe('invalid_argument');
    }
    expect((await rejection(moderation().bulkModerate(alice, 'hide', [a.id]))).code).toBe(
      'permission_denied',
    );
    expect((await f.community.repositories.posts.findById(a.id))?.hiddenAt).toBeNull();
  });

  it('tells the author why the post was taken down and takes one appeal, which admins decide', async () => {
    const post = await f.publish(alice);
    const spam = await report(reporters[0]!, post.id);
    await report(reporters[1]!, post.id, 'copyright');
    await report(reporters[2]!, post.id, 'copyright');
    // Not taken down yet: nothing to appeal.
    expect(
      (await rejection(f.community.posts.appeal({ authorId: alice, postId: post.id, message: 'x' }))).reason,
    ).toBe('post_not_taken_down');
    expect((await asAuthor(post.id)).takedown).toBeUndefined();
    await moderation().approve(admin, spam.report.id);

    const seen = await asAuthor(post.id);
    expect(seen.takedown).toEqual({
      reasons: [
        { reason: 'copyright', count: 2 },
        { reason: 'spam', count: 1 },
      ],
      appeal: null,
    });
    // Others still find nothing, and cannot appeal it.
    expect(
      (await rejection(f.community.posts.get(post.id, { userId: reporters[0]!, address: '' }))).code,
    ).toBe('not_found');
    expect(
      (
        await rejection(
          f.community.posts.appeal({ authorId: reporters[0]!, postId: post.id, message: 'mine' }),
        )
      ).code,
    ).toBe('not_found');
    for (const message of ['   ', 'x'.repeat(501)]) {
      expect(
        (await rejection(f.community.posts.appeal({ authorId: alice, postId: post.id, message }))).code,
      ).toBe('invalid_argument');
    }

    const appeal = await f.community.posts.appeal({
      authorId: alice,
      postId: post.id,
      message: '  It is my own photo.  ',
    });
    expect(appeal).toMatchObject({ status: 'open', message: 'It is my own photo.' });
    expect(
      await rejection(f.community.posts.appeal({ authorId: alice, postId: post.id, message: 'again' })),
    ).toMatchObject({
      code: 'already_exists',
      message: 'You have already appealed this decision',
    });
    expect((await asAuthor(post.id)).takedown?.appeal?.id).toBe(appeal.id);

    const queue = await moderation().appeals(admin, '', undefined, 10);
    expect(queue.map((a) => [a.appeal.id, a.post?.id, a.reasons[0]?.reason])).toEqual([
      [appeal.id, post.id, 'copyright'],
    ]);
    expect((await rejection(moderation().appeals(alice, '', undefined, 10))).code).toBe('permission_denied');
    expect((await rejection(moderation().decideAppeal(admin, appeal.id, 'delete'))).code).toBe(
      'invalid_argument',
    );

    const restored = await moderation().decideAppeal(admin, appeal.id, 'restore');
    expect(restored.appeal).toMatchObject({ status: 'restored', resolvedBy: admin });
    expect(restored.post?.hiddenAt).toBeNull();
    expect((await f.community.posts.get(post.id, { userId: reporters[0]!, address: '' })).id).toBe(post.id);
    expect((await rejection(moderation().decideAppeal(admin, appeal.id, 'uphold'))).reason).toBe(
      'appeal_handled',
    );
    expect((await auditOf(appeal.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      [
        'appeal.restore',
        { status: 'open', post_id: post.id, post_hidden: true },
        { status: 'restored', post_id: post.id, post_hidden: false },
      ],
    ]);

    // Taken down again (hidden by hand, no report this time): a new takedown, a new appeal, upheld.
    await moderation().hide(admin, post.id);
    expect((await asAuthor(post.id)).takedown).toEqual({ reasons: [], appeal: null });
    const second = await f.community.posts.appeal({ authorId: alice, postId: post.id, message: 'Please' });
    const upheld = await moderation().decideAppeal(admin, second.id, 'uphold');
    expect(upheld.appeal.status).toBe('upheld');
    expect(upheld.post?.hiddenAt).not.toBeNull();
    expect((await asAuthor(post.id)).takedown?.appeal?.status).toBe('upheld');
    expect((await moderation().appeals(admin, 'upheld', undefined, 10)).map((a) => a.appeal.id)).toEqual([
      second.id,
    ]);
  });
});
