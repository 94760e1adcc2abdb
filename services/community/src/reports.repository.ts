import { AppError } from '@pictura/common/app-error';
import type { Cursor } from '@pictura/common/cursor';
import type { Database } from '@pictura/common/database';
import { afterTime, isUuid } from '@pictura/common/keyset';
import { isForeignKeyViolation, isUniqueViolation } from '@pictura/common/pg-errors';
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import {
  type PostRow,
  posts,
  type ReportReason,
  type ReportRow,
  type ReportStatus,
  reports,
  type schema,
} from './db/schema.ts';

export interface NewReport {
  postId: string;
  reporterId: number;
  reporterName: string;
  reason: ReportReason;
  details: string;
}

export type ReportWithPost = { report: ReportRow; post: PostRow | null };

export interface ReasonCount {
  reason: string;
  count: number;
}

/** The open reports on one post, as one card of the moderators' queue. */
export interface ReportGroup {
  postId: string;
  post: PostRow | null;
  count: number;
  reasons: ReasonCount[];
  latestAt: Date;
  latestReportId: string;
  /** The newest open reports, at most LATEST_PER_GROUP, newest first. */
  latest: ReportRow[];
}

/** How many of a group's reports its card shows in full (reporter and details). */
export const LATEST_PER_GROUP = 3;

/** count: most reported first; latest: most recently reported first. */
export type GroupSort = 'count' | 'latest';

/** A group's place in its order, as the cursor carries it: `<count>:<latest>` or `<latest>`, and the post id. */
export function groupCursorKey(sort: GroupSort, group: Pick<ReportGroup, 'count' | 'latestAt'>): string {
  const latest = group.latestAt.toISOString();
  return sort === 'count' ? `${group.count}:${latest}` : latest;
}

export interface ReportsRepository {
  /** 'duplicate' when the user already has an open report on the post, 'gone' when the post is. */
  create(report: NewReport): Promise<ReportRow | 'duplicate' | 'gone'>;
  /** The reporter's own reports, newest first, with the post as it is now. */
  byReporter(reporterId: number, after: Cursor | undefined, limit: number): Promise<ReportWithPost[]>;
  /** The moderators' queue: reports of one status, newest first. */
  queue(status: ReportStatus, after: Cursor | undefined, limit: number): Promise<ReportWithPost[]>;
  findById(id: string): Promise<ReportWithPost | undefined>;
  deleteAllByReporter(reporterId: number): Promise<number>;
  /** Open reports grouped by post, one page in the given order; the grouping and paging happen in SQL. */
  groups(sort: GroupSort, after: Cursor | undefined, limit: number): Promise<ReportGroup[]>;
  /** The ids of the post's open reports, newest first. */
  openOnPost(postId: string): Promise<string[]>;
  /**
   * Why each post is down: the categories of the reports approved since its current takedown began
   * (resolved at or after hidden_at), most frequent first. Posts not hidden, or hidden with no report, have none.
   */
  takedownReasons(postIds: string[]): Promise<Map<string, ReasonCount[]>>;
}

const invalidCursor = () => new AppError('invalid_argument', 'Invalid cursor', 'invalid_cursor');

/** Parses the client-supplied cursor key before it reaches SQL. */
function groupAfter(
  sort: GroupSort,
  after: Cursor | undefined,
): { count: number; latest: string } | undefined {
  if (!after) return undefined;
  const [count, latest] = sort === 'count' ? after.key.split(/:(.*)/s) : ['0', after.key];
  const n = Number(count);
  if (!Number.isInteger(n) || n < 0 || !latest || Number.isNaN(Date.parse(latest)) || !isUuid(after.id)) {
    throw invalidCursor();
  }
  return { count: n, latest };
}

const byCount = (rows: ReasonCount[]) =>
  rows.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));

export function createReportsRepository(db: Database<typeof schema>): ReportsRepository {
  const withPosts = () =>
    db.select({ report: reports, post: posts }).from(reports).leftJoin(posts, eq(posts.id, reports.postId));
  return {
    async create(report) {
      try {
        const [row] = await db.insert(reports).values(report).returning();
        return row!;
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        if (isForeignKeyViolation(error)) return 'gone';
        throw error;
      }
    },
    byReporter(reporterId, after, limit) {
      return withPosts()
        .where(and(eq(reports.reporterId, reporterId), afterTime(reports.createdAt, reports.id, after)))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(limit);
    },
    queue(status, after, limit) {
      return withPosts()
        .where(and(eq(reports.status, status), afterTime(reports.createdAt, reports.id, after)))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(limit);
    },
    async findById(id) {
      const [row] = await withPosts().where(eq(reports.id, id)).limit(1);
      return row;
    },
    async deleteAllByReporter(reporterId) {
      const gone = await db
        .delete(reports)
        .where(eq(reports.reporterId, reporterId))
        .returning({ id: reports.id });
      return gone.length;
    },
    async groups(sort, after, limit) {
      const count = sql<number>`count(*)::int`;
      const latest = sql<Date>`max(${reports.createdAt})`.mapWith(reports.createdAt);
      const start = groupAfter(sort, after);
      let having: SQL | undefined;
      if (start && sort === 'count') {
        having = sql`(count(*), max(${reports.createdAt}), ${reports.postId}) < (${start.count}::int, ${start.latest}::timestamptz, ${after!.id}::uuid)`;
      } else if (start) {
        having = sql`(max(${reports.createdAt}), ${reports.postId}) < (${start.latest}::timestamptz, ${after!.id}::uuid)`;
      }
      const order =
        sort === 'count'
          ? [desc(count), desc(latest), desc(reports.postId)]
          : [desc(latest), desc(reports.postId)];
      const rows = await db
        .select({
          postId: reports.postId,
          count,
          latestAt: latest,
          latestReportId: sql<string>`(array_agg(${reports.id} order by ${reports.createdAt} desc, ${reports.id} desc))[1]`,
        })
        .from(reports)
        .where(eq(reports.status, 'open'))
        .groupBy(reports.postId)
        .having(having)
        .orderBy(...order)
        .limit(limit);
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.postId);
      const ranked = db
        .select({
          id: reports.id,
          rank: sql<number>`row_number() over (partition by ${reports.postId} order by ${reports.createdAt} desc, ${reports.id} desc)`.as(
            'rank',
          ),
        })
        .from(reports)
        .where(and(eq(reports.status, 'open'), inArray(reports.postId, ids)))
        .as('ranked');
      const [postRows, reasonRows, latestRows] = await Promise.all([
        db.select().from(posts).where(inArray(posts.id, ids)),
        db
          .select({ postId: reports.postId, reason: reports.reason, count })
          .from(reports)
          .where(and(eq(reports.status, 'open'), inArray(reports.postId, ids)))
          .groupBy(reports.postId, reports.reason),
        db
          .select({ report: reports })
          .from(reports)
          .innerJoin(ranked, eq(ranked.id, reports.id))
          .where(lte(ranked.rank, LATEST_PER_GROUP))
          .orderBy(desc(reports.createdAt), desc(reports.id)),
      ]);
      const postOf = new Map(postRows.map((post) => [post.id, post]));
      return rows.map((row) => ({
        ...row,
        post: postOf.get(row.postId) ?? null,
        latest: latestRows.flatMap(({ report }) => (report.postId === row.postId ? [report] : [])),
        reasons: byCount(
          reasonRows
            .filter((reason) => reason.postId === row.postId)
            .map(({ reason, count }) => ({ reason, count })),
        ),
      }));
    },
    async openOnPost(postId) {
      const rows = await db
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.postId, postId), eq(reports.status, 'open')))
        .orderBy(desc(reports.createdAt), desc(reports.id));
      return rows.map((row) => row.id);
    },
    async takedownReasons(postIds) {
      const found = new Map<string, ReasonCount[]>();
      if (postIds.length === 0) return found;
      const rows = await db
        .select({ postId: reports.postId, reason: reports.reason, count: sql<number>`count(*)::int` })
        .from(reports)
        .innerJoin(posts, eq(posts.id, reports.postId))
        .where(
          and(
            inArray(reports.postId, postIds),
            eq(reports.status, 'actioned'),
            gte(reports.resolvedAt, posts.hiddenAt),
          ),
        )
        .groupBy(reports.postId, reports.reason);
      for (const { postId, reason, count } of rows) {
        found.set(postId, [...(found.get(postId) ?? []), { reason, count }]);
      }
      for (const reasons of found.values()) byCount(reasons);
      return found;
    },
  };
}
