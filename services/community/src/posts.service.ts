// The gallery as users see it: feeds, a post's page, publishing from history, likes, reports, and each
// user's own posts, likes and reports. Callers are identified by id; 0 is a guest.
import { randomUUID } from 'node:crypto';
import type { AdminCheck } from '@pictura/common/admin-check';
import { AppError } from '@pictura/common/app-error';
import type { Cursor } from '@pictura/common/cursor';
import type { HistoryItem } from '@pictura/common/gen/history/v1/history_pb';
import { isUuid } from '@pictura/common/keyset';
import type { ObjectStore } from '@pictura/common/object-store';
import { sceneOfMessage } from '@pictura/common/scene-message';
import type { AppealsRepository } from './appeals.repository.ts';
import type { AppealRow, PostRow } from './db/schema.ts';
import type { LikesRepository } from './likes.repository.ts';
import { checkPublishing, checkReport, normaliseTag, normaliseTags, similarOptions } from './post-rules.ts';
import { type FeedSort, isListed, type PostsRepository } from './posts.repository.ts';
import type { ReasonCount, ReportsRepository, ReportWithPost } from './reports.repository.ts';
import type { StatsRepository, TagCount } from './stats.repository.ts';
import type { ViewsRepository } from './views.repository.ts';

/**
 * A post as one caller sees it. A taken-down post shown to its author (or an admin) says why: the categories
 * of the reports that took it down, and the author's appeal of that takedown if there is one.
 */
export type PostView = PostRow & {
  likedByMe: boolean;
  takedown?: { reasons: ReasonCount[]; appeal: AppealRow | null };
};

/** An appeal is a short text: 1 to this many characters. */
export const APPEAL_MAX = 500;

/** The one call community makes to history: an item of its owner (another user's item is not_found). */
export interface HistorySource {
  getItem(request: { userId: number; id: string }): Promise<HistoryItem>;
}

/** The holder name of a post's image in the object store. */
export const imageHolder = (postId: string) => `community:${postId}`;

export interface PostsServiceDeps {
  posts: PostsRepository;
  likes: LikesRepository;
  views: ViewsRepository;
  reports: ReportsRepository;
  appeals: AppealsRepository;
  stats: StatsRepository;
  history: HistorySource;
  images: Pick<ObjectStore, 'retain' | 'release'>;
  /** The max-tags system setting (the operator may change it while we run). */
  maxTags: () => Promise<number>;
  admin: AdminCheck;
  /** Hot tags are asked for on every gallery visit and change slowly: the answer is reused this long. */
  hotTagsCacheMs?: number;
}

export interface PublishInput {
  authorId: number;
  authorName: string;
  authorAvatar: string;
  historyId: string;
  imageIndex: number;
  title: string;
  description: string;
  tags: string[];
  agree: boolean;
}

const HOT_TAGS_DAYS = 7;

const notFound = () => new AppError('not_found', 'Post not found', 'post_not_found');

function requireUser(userId: number): void {
  if (userId === 0) throw new AppError('unauthenticated', 'Please login first');
}

export function createPostsService(deps: PostsServiceDeps) {
  const { posts, likes, reports } = deps;
  let hot: { at: number; limit: number; tags: Promise<TagCount[]> } | undefined;

  async function withLikes(userId: number, rows: PostRow[]): Promise<PostView[]> {
    const liked = await likes.likedAmong(
      userId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, likedByMe: liked.has(row.id) }));
  }

  /** A post the caller may see: listed, or any post for an admin. */
  async function visiblePost(id: string, viewerId: number): Promise<PostRow> {
    const post = isUuid(id) ? await posts.findById(id) : undefined;
    if (!post) throw notFound();
    if (isListed(post)) return post;
    if (viewerId === 0) throw notFound();
    // The author still sees a post the moderators took down (the page says so); others, admins aside, do not.
    if (post.authorId === viewerId) return post;
    await deps.admin.requireAdmin(viewerId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'permission_denied') throw notFound();
      throw error;
    });
    return post;
  }

  /** Liking and reporting are for posts everyone can see. */
  async function listedPost(id: string): Promise<PostRow> {
    const post = isUuid(id) ? await posts.findById(id) : undefined;
    if (!post || !isListed(post)) throw notFound();
    return post;
  }

  return {
    async feed(request: { sort: string; tag: string; viewerId: number; after?: Cursor; limit: number }) {
      if (request.sort !== '' && request.sort !== 'latest' && request.sort !== 'popular') {
        throw new AppError('invalid_argument', 'Sort must be latest or popular', 'invalid_option');
      }
      const sort: FeedSort = request.sort === 'popular' ? 'popular' : 'latest';
      const rows = await posts.feed(sort, normaliseTag(request.tag), request.after, request.limit);
      return { sort, items: await withLikes(request.viewerId, rows) };
    },

    /** One post's page; counts the view (one per viewer per day) unless told not to. */
    async get(
      id: string,
      viewer: { userId: number; address: string },
      { countView = true } = {},
    ): Promise<PostView> {
      const post = await visiblePost(id, viewer.userId);
      const views = countView ? await deps.views.count(post.id, viewer) : undefined;
      const [view] = await withLikes(viewer.userId, [{ ...post, views: views ?? post.views }]);
      if (post.hiddenAt === null) return view!;
      const [reasons, appeal] = await Promise.all([
        reports.takedownReasons([post.id]),
        deps.appeals.forTakedown(post.id, post.hiddenAt),
      ]);
      return { ...view!, takedown: { reasons: reasons.get(post.id) ?? [], appeal: appeal ?? null } };
    },

    /** The author asks the moderators to look again at their post's takedown: once per takedown. */
    async appeal(input: { authorId: number; postId: string; message: string }): Promise<AppealRow> {
      requireUser(input.authorId);
      const message = input.message.trim();
      if (message === '') {
        throw new AppError(
          'invalid_argument',
          'Please say why the post should be restored',
          'appeal_message_required',
        );
      }
      if ([...message].length > APPEAL_MAX) {
        throw new AppError(
          'invalid_argument',
          `The appeal must be at most ${APPEAL_MAX} characters`,
          'appeal_too_long',
        );
      }
      const post = isUuid(input.postId) ? await posts.findById(input.postId) : undefined;
      // Someone else's post does not exist for the caller, whatever its state.
      if (!post || post.authorId !== input.authorId) throw notFound();
      if (post.hiddenAt === null) {
        throw new AppError(
          'failed_precondition',
          'Only a post taken down by the moderators can be appealed',
          'post_not_taken_down',
        );
      }
      const created = await deps.appeals.create({
        postId: post.id,
        authorId: input.authorId,
        message,
        takenDownAt: post.hiddenAt,
      });
      if (created === 'gone') throw notFound();
      if (created === 'duplicate') {
        throw new AppError('already_exists', 'You have already appealed this decision', 'already_appealed');
      }
      return created;
    },

    async publish(input: PublishInput): Promise<PostView> {
      requireUser(input.authorId);
      const text = checkPublishing(input);
      const tags = normaliseTags(input.tags, await deps.maxTags());
      if (input.historyId === '') {
        throw new AppError('invalid_argument', 'Choose an image from your history', 'history_id_required');
      }
      const item = await deps.history
        .getItem({ userId: input.authorId, id: input.historyId })
        .catch((error: unknown) => {
          if (
            error instanceof AppError &&
            (error.code === 'not_found' || error.code === 'invalid_argument')
          ) {
            throw new AppError('not_found', 'History item not found', 'history_item_not_found');
          }
          throw error;
        });
      if (item.private) {
        throw new AppError(
          'permission_denied',
          'Private generations cannot be published',
          'private_generation',
        );
      }
      const image = item.images[input.imageIndex];
      if (!image)
        throw new AppError('invalid_argument', 'That image is not in the history item', 'no_such_image');
      const id = randomUUID();
      // Held before the post exists, so the image outlives its history item from the first moment it is public.
      await deps.images.retain(image.key, imageHolder(id));
      try {
        const row = await posts.insert({
          id,
          authorId: input.authorId,
          authorName: input.authorName,
          authorAvatar: input.authorAvatar,
          sourceItemId: item.id,
          ...text,
          prompt: item.prompt,
          negativePrompt: item.negativePrompt,
          model: item.model,
          options: similarOptions(item.optionsJson),
          tags,
          imageKey: image.key,
          imageWidth: image.width,
          imageHeight: image.height,
          imageFlagged: image.flagged,
          scene: sceneOfMessage(image.scene),
        });
        return { ...row, likedByMe: false };
      } catch (error) {
        await deps.images.release(image.key, imageHolder(id)).catch(() => false);
        throw error;
      }
    },

    /** The author deletes their own post; another user's post does not exist for them. */
    async deleteOwn(callerId: number, id: string): Promise<void> {
      requireUser(callerId);
      const row = isUuid(id) ? await posts.deleteOwn(callerId, id) : undefined;
      if (!row) throw notFound();
      await deps.images.release(row.imageKey, imageHolder(row.id));
    },

    async setLike(userId: number, postId: string, liked: boolean) {
      requireUser(userId);
      const post = await listedPost(postId);
      const count = await likes.set(userId, post.id, liked);
      if (count === undefined) throw notFound();
      return { postId: post.id, liked, likes: count };
    },

    async report(input: {
      reporterId: number;
      reporterName: string;
      postId: string;
      reason: string;
      details: string;
    }): Promise<ReportWithPost> {
      requireUser(input.reporterId);
      const checked = checkReport(input);
      const post = await listedPost(input.postId);
      const created = await reports.create({
        postId: post.id,
        reporterId: input.reporterId,
        reporterName: input.reporterName,
        ...checked,
      });
      if (created === 'gone') throw notFound();
      if (created === 'duplicate') {
        throw new AppError('already_exists', 'You have already reported this post', 'already_reported');
      }
      return { report: created, post };
    },

    hotTags(limit: number): Promise<TagCount[]> {
      const now = Date.now();
      if (hot && hot.limit === limit && now - hot.at < (deps.hotTagsCacheMs ?? 0)) return hot.tags;
      const tags = deps.stats.topTags(new Date(now - HOT_TAGS_DAYS * 24 * 3600_000), limit, true);
      hot = { at: now, limit, tags };
      tags.catch(() => {
        hot = undefined;
      });
      return tags;
    },

    async userPosts(userId: number, after: Cursor | undefined, limit: number): Promise<PostView[]> {
      requireUser(userId);
      return withLikes(userId, await posts.byAuthor(userId, after, limit));
    },

    async userLikes(userId: number, after: Cursor | undefined, limit: number) {
      requireUser(userId);
      const rows = await likes.likedPosts(userId, after, limit);
      return rows.map(({ post, likedAt }) => ({ post: { ...post, likedByMe: true }, likedAt }));
    },

    userStats(userId: number) {
      requireUser(userId);
      return deps.stats.userStats(userId);
    },

    userReports(userId: number, after: Cursor | undefined, limit: number): Promise<ReportWithPost[]> {
      requireUser(userId);
      return reports.byReporter(userId, after, limit);
    },

    /**
     * A deleted account: its likes (off each post's count), views and reports go, then its posts. Image
     * holds are released before the posts are deleted, so a retry after a failure finds them again.
     */
    async deleteUserData(userId: number): Promise<number> {
      if (userId === 0) throw new AppError('invalid_argument', 'Guests have no posts');
      await likes.deleteAllByUser(userId);
      await deps.views.deleteAllByUser(userId);
      await reports.deleteAllByReporter(userId);
      for (const post of await posts.allByAuthor(userId)) {
        await deps.images.release(post.imageKey, imageHolder(post.id));
      }
      return posts.deleteAllByAuthor(userId);
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
