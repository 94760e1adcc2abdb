import { decodeCursor, encodeCursor } from '@pictura/common/cursor';
import type { ImageScene } from '@pictura/common/scene';
import { sceneOfMessage } from '@pictura/common/scene-message';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../../../test/support/app-errors.ts';
import { ENGINES } from '../../../test/support/databases.ts';
import { type CommunityFixture, openCommunityFixture } from '../test/community.test-support.ts';
import { likes, posts } from './db/schema.ts';

describe.each(ENGINES)('community posts on %s', (engine) => {
  let f: CommunityFixture;
  let admin: number;
  let alice: number;
  let bob: number;
  beforeAll(async () => {
    f = await openCommunityFixture(engine);
    admin = await f.user('root');
    alice = await f.user('alice');
    bob = await f.user('bob');
  });
  afterAll(() => f?.close());

  const service = () => f.community.posts;
  const feed = (sort = 'latest', tag = '', viewerId = 0, cursor = '', limit = 100) =>
    f.community.grpc.listPosts(
      { sort, tag, viewerId, cursor, limit, $typeName: 'community.v1.ListPostsRequest' },
      { signal: new AbortController().signal, requestId: 't' },
    ) as Promise<{ items: { id: string; likes: number; likedByMe: boolean }[]; nextCursor: string }>;

  describe('publishing', () => {
    it('publishes one of my history items with its prompt, options, image and what the model drew', async () => {
      const scene: ImageScene = {
        subjects: [
          { name: 'fox', emoji: '🦊', count: 1, colour: 'red', position: 'left' },
          { name: 'tree', count: 2 },
        ],
        relations: [{ subject: 0, relation: 'beside', object: 1 }],
        setting: ['snow', 'night'],
        style: ['watercolor'],
        unplaced_words: ['quietly'],
      };
      const historyId = await f.historyItem(alice, { prompt: 'a red fox in snow', flagged: true, scene });
      const post = await f.publish(alice, {
        historyId,
        title: '  Fox ',
        description: 'Winter',
        tags: ['Animals', ' winter ', '#animals'],
      });
      expect(post).toMatchObject({
        authorId: alice,
        authorName: `author ${alice}`,
        title: 'Fox',
        description: 'Winter',
        prompt: 'a red fox in snow',
        negativePrompt: 'blurry',
        model: 'pictura-abstract',
        options: { aspect_ratio: 'square', style: 'watercolor', seed: 42 },
        tags: ['animals', 'winter'],
        imageWidth: 512,
        imageHeight: 512,
        imageFlagged: true,
        scene,
        likes: 0,
        views: 0,
        hiddenAt: null,
      });
      // History kept it with the image, community with the post, and the post's page is answered with it.
      const page = await f.community.grpc.getPost(
        {
          id: post.id,
          viewerId: 0,
          skipView: true,
          viewerAddress: '',
          $typeName: 'community.v1.GetPostRequest',
        },
        { signal: new AbortController().signal, requestId: 't' },
      );
      expect(sceneOfMessage(page.scene as never)).toEqual(scene);
      // A model that says nothing leaves none.
      expect((await f.publish(alice)).scene).toBeNull();
    });

    it('refuses guests, a missing agreement, long texts and too many tags with the spec’s messages', async () => {
      expect(await rejection(f.publish(0, { historyId: 'x' }))).toMatchObject({
        code: 'unauthenticated',
        message: 'Please login first',
      });
      expect(await rejection(f.publish(alice, { agree: false }))).toMatchObject({
        code: 'invalid_argument',
        message: 'Please read and agree to the publishing agreement',
      });
      expect((await rejection(f.publish(alice, { title: 't'.repeat(51) }))).message).toBe(
        'Title must be at most 50 characters',
      );
      expect((await rejection(f.publish(alice, { description: 'd'.repeat(201) }))).message).toBe(
        'Description must be at most 200 characters',
      );
      const six = ['a', 'b', 'c', 'd', 'e', 'f'];
      expect((await rejection(f.publish(alice, { tags: six }))).message).toBe('You can add at most 5 tags');
      expect((await f.publish(alice, { tags: six.slice(0, 5) })).tags).toHaveLength(5);
    });

    it('applies the max-tags setting as the operator changes it', async () => {
      const setMaxTags = (maxTagsPerPost: number) => f.community.settings.update(admin, { maxTagsPerPost });
      await setMaxTags(2);
      try {
        expect((await rejection(f.publish(alice, { tags: ['a', 'b', 'c'] }))).reason).toBe('too_many_tags');
        await setMaxTags(8);
        expect((await f.publish(alice, { tags: ['a', 'b', 'c', 'd', 'e', 'f'] })).tags).toHaveLength(6);
      } finally {
        await setMaxTags(5);
      }
    });

    it('refuses another user’s item as not found and a private generation', async () => {
      const bobs = await f.historyItem(bob);
      expect(await rejection(f.publish(alice, { historyId: bobs }))).toMatchObject({
        code: 'not_found',
        message: 'History item not found',
      });
      expect((await rejection(f.publish(alice, { historyId: 'not-a-uuid' }))).code).toBe('not_found');
      const secret = await f.historyItem(alice, { private: true });
      expect(await rejection(f.publish(alice, { historyId: secret }))).toMatchObject({
        code: 'permission_denied',
        reason: 'private_generation',
      });
      expect((await rejection(f.publish(alice, { imageIndex: 3 }))).reason).toBe('no_such_image');
    });

    it('keeps the image while the post lives, after its history item is deleted, and lets go with the post', async () => {
      const historyId = await f.historyItem(alice);
      const post = await f.publish(alice, { historyId });
      await f.history.history.deleteOne(alice, historyId);
      expect(await f.history.store.read(post.imageKey)).not.toBeNull();
      await service().deleteOwn(alice, post.id);
      expect(await f.history.store.read(post.imageKey)).toBeNull();
    });
  });

  describe('reading', () => {
    it('counts one view per signed-in viewer per day, and per guest address per day, never storing addresses', async () => {
      const post = await f.publish(alice);
      const day1 = new Date('2031-03-01T10:00:00Z');
      const day2 = new Date('2031-03-02T00:00:01Z');
      const views = f.community.repositories.views;
      expect(await views.count(post.id, { userId: bob, address: '10.0.0.1' }, day1)).toBe(1);
      expect(await views.count(post.id, { userId: bob, address: '10.0.0.2' }, day1)).toBe(1);
      expect(await views.count(post.id, { userId: 0, address: '10.0.0.1' }, day1)).toBe(2);
      expect(await views.count(post.id, { userId: 0, address: '10.0.0.1' }, day1)).toBe(2);
      expect(await views.count(post.id, { userId: 0, address: '10.0.0.9' }, day1)).toBe(3);
      expect(await views.count(post.id, { userId: bob, address: '' }, day2)).toBe(4);
      expect(await views.count(post.id, { userId: 0, address: '10.0.0.1' }, day2)).toBe(5);
      const stored = await f.database.db.execute(sql`select viewer from community.post_views`);
      expect(JSON.stringify((stored as unknown as { rows: unknown[] }).rows)).not.toContain('10.0.0');
      // The page itself counts too.
      const seen = await service().get(post.id, { userId: admin, address: '127.0.0.1' });
      expect(seen.views).toBe(6);
    });

    it('counts no view when only asked whether the post is there (the page address check)', async () => {
      const post = await f.publish(alice);
      const viewer = { userId: bob, address: '10.0.0.1' };
      expect((await service().get(post.id, viewer, { countView: false })).views).toBe(0);
      expect((await service().get(post.id, viewer)).views).toBe(1);
      expect(await rejection(service().get('nope', viewer, { countView: false }))).toMatchObject({
        code: 'not_found',
      });
    });

    it('shows the flag of a flagged image instead of hiding it', async () => {
      const post = await f.publish(alice, { historyId: await f.historyItem(alice, { flagged: true }) });
      expect((await service().get(post.id, { userId: 0, address: 'a' })).imageFlagged).toBe(true);
      expect((await feed()).items.find((item) => item.id === post.id)).toMatchObject({
        image: { flagged: true },
      });
    });

    it('answers not found for unknown and malformed ids', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        expect(await rejection(service().get(id, { userId: 0, address: '' }))).toMatchObject({
          code: 'not_found',
          message: 'Post not found',
        });
      }
    });

    it('refuses a tampered cursor and an unknown sort', async () => {
      expect((await rejection(feed('latest', '', 0, encodeCursor({ key: 'x', id: 'y' })))).reason).toBe(
        'invalid_cursor',
      );
      expect((await rejection(feed('oldest'))).code).toBe('invalid_argument');
    });
  });

  describe('likes', () => {
    it('needs sign-in, counts one like per user, and unliking takes it back', async () => {
      const post = await f.publish(alice);
      expect(await rejection(service().setLike(0, post.id, true))).toMatchObject({
        code: 'unauthenticated',
        message: 'Please login first',
      });
      expect(await service().setLike(bob, post.id, true)).toEqual({ postId: post.id, liked: true, likes: 1 });
      expect((await service().setLike(bob, post.id, true)).likes).toBe(1);
      expect((await service().get(post.id, { userId: bob, address: '' })).likedByMe).toBe(true);
      expect((await service().get(post.id, { userId: alice, address: '' })).likedByMe).toBe(false);
      expect((await service().setLike(bob, post.id, false)).likes).toBe(0);
      expect((await service().setLike(bob, post.id, false)).likes).toBe(0);
    });

    it('keeps the count exact under 50 concurrent likes and a storm of likes and unlikes', async () => {
      const post = await f.publish(alice);
      const users = Array.from({ length: 50 }, (_, i) => 10_000 + i);
      await Promise.all(users.map((user) => service().setLike(user, post.id, true)));
      const stored = async () => (await f.community.repositories.posts.findById(post.id))!.likes;
      expect(await stored()).toBe(50);
      // Every user flips several times at once, in both directions.
      await Promise.all(
        users.flatMap((user, i) => [
          service().setLike(user, post.id, false),
          service().setLike(user, post.id, i % 2 === 0),
          service().setLike(user, post.id, true),
          service().setLike(user, post.id, i % 3 === 0),
        ]),
      );
      const [rows] = await f.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(likes)
        .where(eq(likes.postId, post.id));
      expect(await stored()).toBe(rows!.count);
    });
  });

  describe('reports', () => {
    it('takes one open report per user per post, needs sign-in and details for other', async () => {
      const post = await f.publish(alice);
      expect(
        (
          await rejection(
            service().report({
              reporterId: 0,
              reporterName: '',
              postId: post.id,
              reason: 'spam',
              details: '',
            }),
          )
        ).message,
      ).toBe('Please login first');
      const first = await service().report({
        reporterId: bob,
        reporterName: 'bob',
        postId: post.id,
        reason: 'spam',
        details: '',
      });
      expect(first.report).toMatchObject({ status: 'open', reason: 'spam', reporterId: bob });
      expect(
        await rejection(
          service().report({
            reporterId: bob,
            reporterName: 'bob',
            postId: post.id,
            reason: 'nudity',
            details: '',
          }),
        ),
      ).toMatchObject({ code: 'already_exists', message: 'You have already reported this post' });
      expect(
        (
          await rejection(
            service().report({
              reporterId: admin,
              reporterName: '',
              postId: post.id,
              reason: 'other',
              details: '',
            }),
          )
        ).message,
      ).toBe('Please describe the problem');
      const other = await service().report({
        reporterId: admin,
        reporterName: '',
        postId: post.id,
        reason: 'other',
        details: 'mine',
      });
      expect(other.report.details).toBe('mine');
    });
  });

  describe('feeds', () => {
    it('pages latest and popular without repeats or skips while new posts arrive', async () => {
      for (const sort of ['latest', 'popular']) {
        const tag = `paging-${sort}`;
        for (let i = 0; i < 25; i++) await f.publish(bob, { tags: [tag], title: `old ${i}` });
        const before = (await feed(sort, tag)).items.map((item) => item.id);
        expect(before).toHaveLength(25);
        const seen: string[] = [];
        let cursor = '';
        do {
          const page = await feed(sort, tag, 0, cursor, 7);
          seen.push(...page.items.map((item) => item.id));
          cursor = page.nextCursor;
          // New posts arrive between pages; they belong above what was already read.
          await f.publish(bob, { tags: [tag], title: 'newcomer' });
        } while (cursor);
        expect(seen).toEqual(before);
      }
    });

    it('orders popular by likes with time decay', async () => {
      const tag = 'decay';
      const now = Date.now();
      const at = async (hoursAgo: number, likeCount: number, title: string) => {
        const post = await f.publish(alice, { tags: [tag], title });
        await f.database.db
          .update(posts)
          .set({ createdAt: new Date(now - hoursAgo * 3600_000), likes: likeCount })
          .where(eq(posts.id, post.id));
        return post.id;
      };
      // log10(100) = 2 is worth 25 hours: 100 likes 10 h ago beat 1 like now, but not 100 likes 30 h ago.
      const older = await at(30, 100, 'older');
      const liked = await at(10, 100, 'liked');
      const fresh = await at(0, 1, 'fresh');
      expect((await feed('popular', tag)).items.map((item) => item.id)).toEqual([liked, fresh, older]);
      expect((await feed('latest', tag)).items.map((item) => item.id)).toEqual([fresh, liked, older]);
      // Likes move a post up at once: the score follows the count.
      const twin = await at(0, 1, 'twin');
      await f.database.db
        .update(posts)
        .set({ createdAt: new Date(now) })
        .where(eq(posts.id, fresh));
      await service().setLike(bob, twin, true);
      await service().setLike(admin, twin, true);
      const order = (await feed('popular', tag)).items.map((item) => item.id);
      expect(order.indexOf(twin)).toBeLessThan(order.indexOf(fresh));
    });

    it('filters by a tag given in any case and lists hot tags of the last 7 days', async () => {
      await f.publish(alice, { tags: ['hot-one', 'hot-two'] });
      await f.publish(bob, { tags: ['hot-one'] });
      const stale = await f.publish(bob, { tags: ['stale-tag', 'stale-tag2'] });
      await f.database.db
        .update(posts)
        .set({ createdAt: new Date(Date.now() - 8 * 24 * 3600_000) })
        .where(eq(posts.id, stale.id));
      expect((await feed('latest', 'HOT-One')).items).toHaveLength(2);
      const hot = await service().hotTags(100);
      expect(hot).toContainEqual({ tag: 'hot-one', count: 2 });
      expect(hot).toContainEqual({ tag: 'hot-two', count: 1 });
      expect(hot.map((t) => t.tag)).not.toContain('stale-tag');
      expect(hot.findIndex((t) => t.tag === 'hot-one')).toBeLessThan(
        hot.findIndex((t) => t.tag === 'hot-two'),
      );
    });

    it('sets liked_by_me for the viewer only', async () => {
      const post = await f.publish(alice, { tags: ['mine'] });
      await service().setLike(bob, post.id, true);
      expect((await feed('latest', 'mine', bob)).items[0]).toMatchObject({
        id: post.id,
        likedByMe: true,
        likes: 1,
      });
      expect((await feed('latest', 'mine', alice)).items[0]!.likedByMe).toBe(false);
      expect((await feed('latest', 'mine', 0)).items[0]!.likedByMe).toBe(false);
    });
  });

  describe('ownership', () => {
    it('lets only the author delete a post; for anyone else it does not exist', async () => {
      const post = await f.publish(alice);
      expect(await rejection(service().deleteOwn(bob, post.id))).toMatchObject({ code: 'not_found' });
      expect(await rejection(service().deleteOwn(admin, post.id))).toMatchObject({ code: 'not_found' });
      expect((await rejection(service().deleteOwn(0, post.id))).code).toBe('unauthenticated');
      await service().deleteOwn(alice, post.id);
      expect((await rejection(service().get(post.id, { userId: alice, address: '' }))).code).toBe(
        'not_found',
      );
    });

    it('shows a post the moderators took down to its author alone, marked hidden', async () => {
      const post = await f.publish(alice, { tags: ['taken-down'] });
      await f.community.moderation.hide(admin, post.id);
      expect((await feed('latest', 'taken-down')).items).toHaveLength(0);
      expect((await service().get(post.id, { userId: alice, address: '' })).hiddenAt).not.toBeNull();
      expect((await rejection(service().get(post.id, { userId: bob, address: '' }))).code).toBe('not_found');
      expect((await rejection(service().get(post.id, { userId: 0, address: '' }))).code).toBe('not_found');
      // Nobody, the author included, can like it while it is down.
      expect((await rejection(service().setLike(alice, post.id, true))).code).toBe('not_found');
    });

    it('hides a banned author’s posts from everyone but admins, and brings them back on unban', async () => {
      const carol = await f.user();
      const post = await f.publish(carol, { tags: ['banned-author'] });
      expect(await f.community.moderation.setAuthorBanned(admin, carol, true)).toBe(1);
      expect((await feed('latest', 'banned-author')).items).toHaveLength(0);
      expect((await rejection(service().get(post.id, { userId: bob, address: '' }))).code).toBe('not_found');
      expect((await rejection(service().get(post.id, { userId: 0, address: '' }))).code).toBe('not_found');
      expect((await rejection(service().setLike(bob, post.id, true))).code).toBe('not_found');
      expect((await service().get(post.id, { userId: admin, address: '' })).authorBanned).toBe(true);
      expect((await rejection(f.community.moderation.setAuthorBanned(bob, carol, false))).code).toBe(
        'permission_denied',
      );
      await f.community.moderation.setAuthorBanned(admin, carol, false);
      expect((await feed('latest', 'banned-author')).items).toHaveLength(1);
    });
  });

  describe('my posts', () => {
    it('lists my posts (hidden ones marked), my likes and my stats', async () => {
      const dave = await f.user();
      const erin = await f.user();
      const first = await f.publish(dave, { title: 'first' });
      const second = await f.publish(dave, { title: 'second' });
      await service().setLike(erin, first.id, true);
      await service().setLike(erin, second.id, true);
      await service().setLike(dave, second.id, true);
      await f.community.moderation.hide(admin, first.id);
      const mine = await service().userPosts(dave, undefined, 10);
      expect(mine.map((p) => [p.title, p.hiddenAt === null])).toEqual([
        ['second', true],
        ['first', false],
      ]);
      // Likes of posts since hidden drop out of the list; the newest like comes first.
      expect((await service().userLikes(erin, undefined, 10)).map((row) => row.post.id)).toEqual([second.id]);
      expect(await service().userStats(dave)).toEqual({
        totalPosts: 2,
        totalLikesGiven: 1,
        likesReceived: 3,
      });
      expect(await service().userStats(erin)).toEqual({
        totalPosts: 0,
        totalLikesGiven: 2,
        likesReceived: 0,
      });
      expect((await rejection(Promise.resolve().then(() => service().userStats(0)))).code).toBe(
        'unauthenticated',
      );
    });

    it('pages my likes by when I liked', async () => {
      const fan = await f.user();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const post = await f.publish(alice);
        await service().setLike(fan, post.id, true);
        ids.unshift(post.id);
      }
      const first = await service().userLikes(fan, undefined, 3);
      const last = first[2]!;
      const rest = await service().userLikes(
        fan,
        decodeCursor(encodeCursor({ key: last.likedAt.toISOString(), id: last.post.id })),
        3,
      );
      expect([...first, ...rest].map((row) => row.post.id)).toEqual(ids);
    });
  });
});
