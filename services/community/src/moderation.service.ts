// Moderation for admins: the report queue, content management, community statistics and bans. The
// gateway checks the caller is an admin; this checks again with auth, which owns roles.
import type { AdminCheck } from '@pictura/common/admin-check';
import { AppError } from '@pictura/common/app-error';
import type { Cursor } from '@pictura/common/cursor';
import { isUuid } from '@pictura/common/keyset';
import type { ObjectStore } from '@pictura/common/object-store';
import { REPORT_STATUSES, type ReportStatus } from './db/schema.ts';
import type { ModerationRepository, ResolveResult } from './moderation.repository.ts';
import type { PostsRepository } from './posts.repository.ts';
import { imageHolder } from './posts.service.ts';
import type { ReportsRepository, ReportWithPost } from './reports.repository.ts';
import type { DayCount, StatsRepository } from './stats.repository.ts';

export interface ModerationServiceDeps {
  admin: AdminCheck;
  posts: PostsRepository;
  reports: ReportsRepository;
  moderation: ModerationRepository;
  stats: StatsRepository;
  images: Pick<ObjectStore, 'release'>;
}

const TOP_TAGS = 10;
const DAY_MS = 24 * 3600_000;

const postNotFound = () => new AppError('not_found', 'Post not found', 'post_not_found');

/** The UTC days from `days - 1` days ago to today, oldest first. */
export function lastDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

export function createModerationService(deps: ModerationServiceDeps) {
  const { admin, moderation } = deps;

  /** Finds the report again with its post, for the answer. */
  async function resolved(result: ResolveResult, reportId: string): Promise<ReportWithPost> {
    if (result === undefined) throw new AppError('not_found', 'Report not found', 'report_not_found');
    if (result === 'handled') {
      throw new AppError('failed_precondition', 'This report has already been handled', 'report_handled');
    }
    const found = await deps.reports.findById(reportId);
    return found ?? { report: result, post: null };
  }

  return {
    async reports(callerId: number, status: string, after: Cursor | undefined, limit: number) {
      await admin.requireAdmin(callerId);
      const wanted = status === '' ? 'open' : status;
      if (!(REPORT_STATUSES as readonly string[]).includes(wanted)) {
        throw new AppError(
          'invalid_argument',
          'Status must be open, actioned or dismissed',
          'invalid_option',
        );
      }
      return deps.reports.queue(wanted as ReportStatus, after, limit);
    },

    async approve(callerId: number, reportId: string): Promise<ReportWithPost> {
      await admin.requireAdmin(callerId);
      const result = isUuid(reportId) ? await moderation.approve(callerId, reportId) : undefined;
      return resolved(result, reportId);
    },

    async reject(callerId: number, reportId: string): Promise<ReportWithPost> {
      await admin.requireAdmin(callerId);
      const result = isUuid(reportId) ? await moderation.reject(callerId, reportId) : undefined;
      return resolved(result, reportId);
    },

    async posts(
      callerId: number,
      filter: { status: string; query: string },
      after: Cursor | undefined,
      limit: number,
    ) {
      await admin.requireAdmin(callerId);
      if (filter.status !== '' && filter.status !== 'visible' && filter.status !== 'hidden') {
        throw new AppError('invalid_argument', 'Status must be visible or hidden', 'invalid_option');
      }
      return deps.posts.forAdmin(
        { status: filter.status, query: filter.query.trim().slice(0, 100) },
        after,
        limit,
      );
    },

    async hide(callerId: number, postId: string) {
      await admin.requireAdmin(callerId);
      const post = isUuid(postId) ? await moderation.hide(callerId, postId) : undefined;
      if (!post) throw postNotFound();
      return post;
    },

    async restore(callerId: number, postId: string) {
      await admin.requireAdmin(callerId);
      const post = isUuid(postId) ? await moderation.restore(callerId, postId) : undefined;
      if (!post) throw postNotFound();
      return post;
    },

    async remove(callerId: number, postId: string): Promise<void> {
      await admin.requireAdmin(callerId);
      const post = isUuid(postId) ? await moderation.remove(callerId, postId) : undefined;
      if (!post) throw postNotFound();
      await deps.images.release(post.imageKey, imageHolder(post.id));
    },

    async stats(callerId: number, requestedDays: number) {
      await admin.requireAdmin(callerId);
      const days = requestedDays === 0 ? 30 : requestedDays;
      if (days < 1 || days > 365) {
        throw new AppError('invalid_argument', 'Days must be between 1 and 365', 'invalid_option');
      }
      const window = lastDays(days);
      const first = window[0]!;
      const series = async (table: 'posts' | 'likes' | 'reports'): Promise<DayCount[]> => {
        const counts = await deps.stats.perDay(table, first);
        return window.map((day) => ({ day, count: counts.get(day) ?? 0 }));
      };
      const [totals, postsPerDay, likesPerDay, reportsPerDay, topTags] = await Promise.all([
        deps.stats.totals(),
        series('posts'),
        series('likes'),
        series('reports'),
        deps.stats.topTags(new Date(`${first}T00:00:00Z`), TOP_TAGS, false),
      ]);
      return { ...totals, postsPerDay, likesPerDay, reportsPerDay, topTags };
    },

    /** Auth banned or unbanned the user: their posts leave or rejoin everyone's view. */
    async setAuthorBanned(callerId: number, userId: number, banned: boolean): Promise<number> {
      await admin.requireAdmin(callerId);
      if (userId === 0) throw new AppError('invalid_argument', 'A user id is required');
      return deps.posts.setAuthorBanned(userId, banned);
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
