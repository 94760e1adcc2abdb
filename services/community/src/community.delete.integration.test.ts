import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/support/databases.ts';
import { type CommunityFixture, openCommunityFixture } from '../test/community.test-support.ts';
import { postViews, reports } from './db/schema.ts';

describe.each(ENGINES)('community account deletion on %s', (engine) => {
  let f: CommunityFixture;
  const ctx = { signal: new AbortController().signal, requestId: 'test' };

  beforeAll(async () => {
    f = await openCommunityFixture(engine);
    await f.user('root');
  });
  afterAll(() => f?.close());

  const remove = (userId: number) =>
    f.community.grpc.deleteUserData({ userId, $typeName: 'community.v1.DeleteUserDataRequest' }, ctx);

  it('removes the user’s posts, likes, views and reports, and lets go of their images; idempotently', async () => {
    const leaving = await f.user();
    const staying = await f.user();
    const theirs = await f.publish(leaving);
    await f.publish(leaving);
    const kept = await f.publish(staying);
    // The leaving user's own history item is gone already (history deletes its part separately).
    await f.history.history.deleteUserData(leaving);
    await f.community.posts.setLike(leaving, kept.id, true);
    await f.community.posts.setLike(staying, kept.id, true);
    await f.community.posts.get(kept.id, { userId: leaving, address: '' });
    await f.community.posts.report({
      reporterId: leaving,
      reporterName: '',
      postId: kept.id,
      reason: 'spam',
      details: '',
    });

    expect(await remove(leaving)).toEqual({ deletedPosts: 2 });
    const post = await f.community.repositories.posts.findById(kept.id);
    expect(post?.likes).toBe(1);
    expect(await f.community.repositories.posts.findById(theirs.id)).toBeUndefined();
    expect(await f.history.store.read(theirs.imageKey)).toBeNull();
    expect(await f.history.store.read(kept.imageKey)).not.toBeNull();
    const count = async (table: typeof postViews | typeof reports, where: ReturnType<typeof eq>) =>
      (await f.database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]!.n;
    expect(await count(postViews, eq(postViews.viewer, `u:${leaving}`))).toBe(0);
    expect(await count(reports, eq(reports.reporterId, leaving))).toBe(0);
    expect(await f.community.posts.userStats(staying)).toEqual({
      totalPosts: 1,
      totalLikesGiven: 1,
      likesReceived: 1,
    });

    expect(await remove(leaving)).toEqual({ deletedPosts: 0 });
    await expect(remove(0)).rejects.toMatchObject({ code: 'invalid_argument' });
  });
});
