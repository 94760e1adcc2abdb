// Maps CommunityService RPCs onto the posts and moderation services.
import type { AuditLogLister } from '@pictura/common/audit-log';
import { decodeCursor, encodeCursor, pageLimit } from '@pictura/common/cursor';
import type { CommunityService } from '@pictura/common/gen/community/v1/community_pb';
import type { ServiceImpl } from '@pictura/common/grpc-types';
import { sceneMessage } from '@pictura/common/scene-message';
import type { AppealRow, PostRow, ReportRow } from './db/schema.ts';
import type { AppealWithTakedown, ModerationService } from './moderation.service.ts';
import type { PostsService, PostView } from './posts.service.ts';
import { groupCursorKey, type ReportGroup, type ReportWithPost } from './reports.repository.ts';
import type { SettingsService } from './settings.service.ts';

const HOT_TAGS_DEFAULT = 20;

function toAppealMessage(appeal: AppealRow) {
  return {
    id: appeal.id,
    postId: appeal.postId,
    authorId: appeal.authorId,
    message: appeal.message,
    status: appeal.status,
    createdAt: appeal.createdAt.toISOString(),
    resolvedAt: appeal.resolvedAt?.toISOString() ?? '',
    resolvedBy: appeal.resolvedBy ?? 0,
  };
}

export function toPostMessage(post: PostRow & Partial<Pick<PostView, 'likedByMe' | 'takedown'>>) {
  const appeal = post.takedown?.appeal;
  return {
    takedownReasons: post.takedown?.reasons ?? [],
    ...(appeal ? { appeal: toAppealMessage(appeal) } : {}),
    id: post.id,
    authorId: post.authorId,
    authorName: post.authorName,
    authorAvatar: post.authorAvatar,
    title: post.title,
    description: post.description,
    prompt: post.prompt,
    negativePrompt: post.negativePrompt,
    model: post.model,
    optionsJson: JSON.stringify(post.options),
    tags: post.tags,
    image: {
      key: post.imageKey,
      width: post.imageWidth,
      height: post.imageHeight,
      flagged: post.imageFlagged,
    },
    scene: sceneMessage(post.scene),
    likes: post.likes,
    views: post.views,
    likedByMe: post.likedByMe ?? false,
    createdAt: post.createdAt.toISOString(),
    status: post.hiddenAt === null ? 'visible' : 'hidden',
    authorBanned: post.authorBanned,
    hiddenAt: post.hiddenAt?.toISOString() ?? '',
  };
}

function toReportMessage({ report, post }: { report: ReportRow; post: PostRow | null }) {
  return {
    id: report.id,
    postId: report.postId,
    reporterId: report.reporterId,
    reporterName: report.reporterName,
    reason: report.reason,
    details: report.details,
    status: report.status,
    reportedAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? '',
    resolvedBy: report.resolvedBy ?? 0,
    ...(post ? { post: toPostMessage(post) } : {}),
  };
}

function toAppealWithPost({ appeal, post, reasons }: AppealWithTakedown) {
  return {
    ...toAppealMessage(appeal),
    ...(post ? { post: toPostMessage({ ...post, takedown: { reasons, appeal: null } }) } : {}),
  };
}

function toGroupMessage(group: ReportGroup) {
  return {
    postId: group.postId,
    ...(group.post ? { post: toPostMessage(group.post) } : {}),
    count: group.count,
    reasons: group.reasons,
    latestAt: group.latestAt.toISOString(),
    latestReportId: group.latestReportId,
    latest: group.latest.map((report) => toReportMessage({ report, post: null })),
  };
}

/** Fetches one more than the page to know whether another page follows; the cursor is the last item's keys. */
function paged<T>(rows: T[], limit: number, keyOf: (row: T) => { key: string; id: string }) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : '' };
}

const byCreated = (row: PostRow) => ({ key: row.createdAt.toISOString(), id: row.id });
const reportKey = ({ report }: ReportWithPost) => ({ key: report.createdAt.toISOString(), id: report.id });

export function communityGrpc(deps: {
  posts: PostsService;
  moderation: ModerationService;
  /** ListAuditLog: admins' actions on posts and reports. */
  auditLog: AuditLogLister;
  settings: SettingsService;
}): ServiceImpl<typeof CommunityService> {
  const { posts, moderation } = deps;
  const postsPage = (rows: PostView[] | PostRow[], limit: number, keyOf = byCreated) => {
    const { page, nextCursor } = paged<PostRow>(rows, limit, keyOf);
    return { items: page.map(toPostMessage), nextCursor };
  };
  const reportsPage = (rows: ReportWithPost[], limit: number) => {
    const { page, nextCursor } = paged(rows, limit, reportKey);
    return { items: page.map(toReportMessage), nextCursor };
  };

  return {
    async listPosts(request) {
      const limit = pageLimit(request.limit);
      const { sort, items } = await posts.feed({
        sort: request.sort,
        tag: request.tag,
        viewerId: request.viewerId,
        after: decodeCursor(request.cursor),
        limit: limit + 1,
      });
      const keyOf =
        sort === 'popular' ? (row: PostRow) => ({ key: String(row.hotScore), id: row.id }) : byCreated;
      return postsPage(items, limit, keyOf);
    },
    getPost: async ({ id, viewerId, viewerAddress, skipView }) =>
      toPostMessage(
        await posts.get(id, { userId: viewerId, address: viewerAddress }, { countView: !skipView }),
      ),
    createPost: async (request) =>
      toPostMessage(
        await posts.publish({
          authorId: request.authorId,
          authorName: request.authorName,
          authorAvatar: request.authorAvatar,
          historyId: request.historyId,
          imageIndex: request.imageIndex,
          title: request.title,
          description: request.description,
          tags: request.tags,
          agree: request.agree,
        }),
      ),
    async deletePost({ callerId, id }) {
      await posts.deleteOwn(callerId, id);
      return {};
    },
    setLike: ({ userId, postId, liked }) => posts.setLike(userId, postId, liked),
    reportPost: async (request) => toReportMessage(await posts.report(request)),
    appealPost: async ({ authorId, postId, message }) =>
      toAppealMessage(await posts.appeal({ authorId, postId, message })),
    hotTags: async ({ limit }) => ({ tags: await posts.hotTags(pageLimit(limit, 50, HOT_TAGS_DEFAULT)) }),

    async listUserPosts({ userId, cursor, limit }) {
      const size = pageLimit(limit);
      return postsPage(await posts.userPosts(userId, decodeCursor(cursor), size + 1), size);
    },
    async listUserLikes({ userId, cursor, limit }) {
      const size = pageLimit(limit);
      const rows = await posts.userLikes(userId, decodeCursor(cursor), size + 1);
      const { page, nextCursor } = paged(rows, size, (row) => ({
        key: row.likedAt.toISOString(),
        id: row.post.id,
      }));
      return { items: page.map((row) => toPostMessage(row.post)), nextCursor };
    },
    getUserStats: ({ userId }) => posts.userStats(userId),
    async listUserReports({ userId, cursor, limit }) {
      const size = pageLimit(limit);
      return reportsPage(await posts.userReports(userId, decodeCursor(cursor), size + 1), size);
    },

    async listReports({ callerId, status, cursor, limit }) {
      const size = pageLimit(limit);
      return reportsPage(await moderation.reports(callerId, status, decodeCursor(cursor), size + 1), size);
    },
    approveReport: async ({ callerId, reportId }) =>
      toReportMessage(await moderation.approve(callerId, reportId)),
    rejectReport: async ({ callerId, reportId }) =>
      toReportMessage(await moderation.reject(callerId, reportId)),
    reopenReport: async ({ callerId, reportId }) =>
      toReportMessage(await moderation.reopen(callerId, reportId)),
    async listReportGroups({ callerId, sort, cursor, limit }) {
      const size = pageLimit(limit);
      const { sort: order, groups } = await moderation.reportGroups(
        callerId,
        sort,
        decodeCursor(cursor),
        size + 1,
      );
      const { page, nextCursor } = paged(groups, size, (group) => ({
        key: groupCursorKey(order, group),
        id: group.postId,
      }));
      return { items: page.map(toGroupMessage), nextCursor };
    },
    bulkResolveReports: async ({ callerId, decision, postIds }) => ({
      results: await moderation.bulkResolve(callerId, decision, postIds),
    }),
    bulkModeratePosts: async ({ callerId, action, postIds }) => ({
      results: await moderation.bulkModerate(callerId, action, postIds),
    }),
    async listAppeals({ callerId, status, cursor, limit }) {
      const size = pageLimit(limit);
      const rows = await moderation.appeals(callerId, status, decodeCursor(cursor), size + 1);
      const { page, nextCursor } = paged(rows, size, ({ appeal }) => ({
        key: appeal.createdAt.toISOString(),
        id: appeal.id,
      }));
      return { items: page.map(toAppealWithPost), nextCursor };
    },
    resolveAppeal: async ({ callerId, appealId, decision }) =>
      toAppealWithPost(await moderation.decideAppeal(callerId, appealId, decision)),
    getStats: ({ callerId, days }) => moderation.stats(callerId, days),
    async listAdminPosts({ callerId, status, q, cursor, limit }) {
      const size = pageLimit(limit);
      const rows = await moderation.posts(callerId, { status, query: q }, decodeCursor(cursor), size + 1);
      return postsPage(rows, size);
    },
    hidePost: async ({ callerId, postId }) => toPostMessage(await moderation.hide(callerId, postId)),
    restorePost: async ({ callerId, postId }) => toPostMessage(await moderation.restore(callerId, postId)),
    async removePost({ callerId, postId }) {
      await moderation.remove(callerId, postId);
      return {};
    },
    setAuthorBanned: async ({ callerId, userId, banned }) => ({
      posts: await moderation.setAuthorBanned(callerId, userId, banned),
    }),
    deleteUserData: async ({ userId }) => ({ deletedPosts: await posts.deleteUserData(userId) }),
    listAuditLog: (request) => deps.auditLog(request),
    getSettings: async () => deps.settings.get(),
    updateSettings: async ({ callerId, maxTagsPerPost, validateOnly }) =>
      deps.settings.update(callerId, { maxTagsPerPost }, validateOnly),
  };
}
