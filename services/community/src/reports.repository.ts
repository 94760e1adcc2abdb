import type { Cursor } from '@pictura/common/cursor';
import type { Database } from '@pictura/common/database';
import { afterTime } from '@pictura/common/keyset';
import { isForeignKeyViolation, isUniqueViolation } from '@pictura/common/pg-errors';
import { and, desc, eq } from 'drizzle-orm';
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

export interface ReportsRepository {
  /** 'duplicate' when the user already has an open report on the post, 'gone' when the post is. */
  create(report: NewReport): Promise<ReportRow | 'duplicate' | 'gone'>;
  /** The reporter's own reports, newest first, with the post as it is now. */
  byReporter(reporterId: number, after: Cursor | undefined, limit: number): Promise<ReportWithPost[]>;
  /** The moderators' queue: reports of one status, newest first. */
  queue(status: ReportStatus, after: Cursor | undefined, limit: number): Promise<ReportWithPost[]>;
  findById(id: string): Promise<ReportWithPost | undefined>;
  deleteAllByReporter(reporterId: number): Promise<number>;
}

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
  };
}
