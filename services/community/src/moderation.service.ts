// Moderation for admins: the report queue, content management, community statistics and bans. The
// gateway checks the caller is an admin; this checks again with auth, which owns roles.
import type { AdminCheck } from '@pictura/common/admin-check';
import { AppError } from '@pictura/common/app-error';
import type { Cursor } from '@pictura/common/cursor';
import { isUuid } from '@pictura/common/keyset';
import type { ObjectStore } from '@pictura/common/object-store';
import type { AppealsRepository, AppealWithPost } from './appeals.repository.ts';
import { APPEAL_STATUSES, type AppealStatus, REPORT_STATUSES, type ReportStatus } from './db/schema.ts';
import type { AppealDecision, ModerationRepository, ResolveResult } from './moderation.repository.ts';
import type { PostsRepository } from './posts.repository.ts';
import { imageHolder } from './posts.service.ts';
import type {
  GroupSort,
  ReasonCount,
  ReportGroup,
  ReportsRepository,
  ReportWithPost,
} from './reports.repository.ts';
import type { DayCount, StatsRepository } from './stats.repository.ts';

export interface ModerationServiceDeps {
  admin: AdminCheck;
  posts: PostsRepository;
  reports: ReportsRepository;
  appeals: AppealsRepository;
  moderation: ModerationRepository;
  stats: StatsRepository;
  images: Pick<ObjectStore, 'release'>;
}

const TOP_TAGS = 10;
const DAY_MS = 24 * 3600_000;

const postNotFound = () => new AppError('not_found', 'Post not found', 'post_not_found');

/** A bulk action takes 1 to this many ids in one request. */
export const BULK_MAX = 100;

/** One id's outcome in a bulk action: done, or the error a single call would have answered. */
export interface BulkResult {
  id: string;
  ok: boolean;
  error: string;
  message: string;
}

function checkBulk(ids: string[]): string[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || unique.length > BULK_MAX) {
    throw new AppError('invalid_argument', `Choose between 1 and ${BULK_MAX} items`, 'bulk_size');
  }
  return unique;
}

/** Runs the single-item action per id, in turn, so each is checked and recorded as if done alone. */
async function eachOf(ids: string[], act: (id: string) => Promise<unknown>): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    try {
      await act(id);
      results.push({ id, ok: true, error: '', message: '' });
    } catch (error) {
      if (!(error instanceof AppError) || error.code === 'permission_denied') throw error;
      results.push({ id, ok: false, error: error.reason ?? error.code, message: error.message });
    }
  }
  return results;
}

export type AppealWithTakedown = AppealWithPost & { reasons: ReasonCount[] };

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

    /** A dismissed report back in the queue. */
    async reopen(callerId: number, reportId: string): Promise<ReportWithPost> {
      await admin.requireAdmin(callerId);
      const result = isUuid(reportId) ? await moderation.reopen(callerId, reportId) : undefined;
      if (result === undefined) throw new AppError('not_found', 'Report not found', 'report_not_found');
      if (result === 'not_dismissed') {
        throw new AppError(
          'failed_precondition',
          'Only a dismissed report can be reopened',
          'report_not_dismissed',
        );
      }
      if (result === 'duplicate') {
        throw new AppError(
          'already_exists',
          'The reporter has reported this post again: that report is open',
          'report_open_again',
        );
      }
      return (await deps.reports.findById(reportId)) ?? { report: result, post: null };
    },

    /** The open reports, one group per post. */
    async reportGroups(
      callerId: number,
      sort: string,
      after: Cursor | undefined,
      limit: number,
    ): Promise<{ sort: GroupSort; groups: ReportGroup[] }> {
      await admin.requireAdmin(callerId);
      if (sort !== '' && sort !== 'count' && sort !== 'latest') {
        throw new AppError('invalid_argument', 'Sort must be count or latest', 'invalid_option');
      }
      const order: GroupSort = sort === 'latest' ? 'latest' : 'count';
      return { sort: order, groups: await deps.reports.groups(order, after, limit) };
    },

    /**
     * approve: the post's newest open report is approved (which actions every open report on it);
     * reject: each open report on the post is dismissed, one by one. Per post, through the single-item
     * methods, so each decision is checked and recorded as if made alone.
     */
    async bulkResolve(callerId: number, decision: string, postIds: string[]): Promise<BulkResult[]> {
      await admin.requireAdmin(callerId);
      if (decision !== 'approve' && decision !== 'reject') {
        throw new AppError('invalid_argument', 'Decision must be approve or reject', 'invalid_option');
      }
      return eachOf(checkBulk(postIds), async (postId) => {
        const open = isUuid(postId) ? await deps.reports.openOnPost(postId) : [];
        if (open.length === 0) {
          throw new AppError('failed_precondition', 'This post has no open reports', 'no_open_reports');
        }
        if (decision === 'approve') await this.approve(callerId, open[0]!);
        else for (const reportId of open) await this.reject(callerId, reportId);
      });
    },

    async bulkModerate(callerId: number, action: string, postIds: string[]): Promise<BulkResult[]> {
      await admin.requireAdmin(callerId);
      if (action !== 'hide' && action !== 'restore') {
        throw new AppError('invalid_argument', 'Action must be hide or restore', 'invalid_option');
      }
      return eachOf(checkBulk(postIds), (postId) =>
        action === 'hide' ? this.hide(callerId, postId) : this.restore(callerId, postId),
      );
    },

    async appeals(
      callerId: number,
      status: string,
      after: Cursor | undefined,
      limit: number,
    ): Promise<AppealWithTakedown[]> {
      await admin.requireAdmin(callerId);
      const wanted = status === '' ? 'open' : status;
      if (!(APPEAL_STATUSES as readonly string[]).includes(wanted)) {
        throw new AppError('invalid_argument', 'Status must be open, restored or upheld', 'invalid_option');
      }
      const rows = await deps.appeals.queue(wanted as AppealStatus, after, limit);
      const reasons = await deps.reports.takedownReasons(rows.flatMap(({ post }) => (post ? [post.id] : [])));
      return rows.map((row) => ({ ...row, reasons: reasons.get(row.appeal.postId) ?? [] }));
    },

    async decideAppeal(callerId: number, appealId: string, decision: string): Promise<AppealWithTakedown> {
      await admin.requireAdmin(callerId);
      if (decision !== 'restore' && decision !== 'uphold') {
        throw new AppError('invalid_argument', 'Decision must be restore or uphold', 'invalid_option');
      }
      const result = isUuid(appealId)
        ? await moderation.decideAppeal(callerId, appealId, decision as AppealDecision)
        : undefined;
      if (result === undefined) throw new AppError('not_found', 'Appeal not found', 'appeal_not_found');
      if (result === 'handled') {
        throw new AppError('failed_precondition', 'This appeal has already been decided', 'appeal_handled');
      }
      const found = (await deps.appeals.findById(appealId)) ?? { appeal: result, post: null };
      return { ...found, reasons: [] };
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
