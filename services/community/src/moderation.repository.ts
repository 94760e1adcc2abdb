// Moderators' changes, each in one transaction with its record in moderation_actions (who, what, when).
import type { Database } from '@pictura/common/database';
import { and, eq, sql } from 'drizzle-orm';
import { moderationActions, type PostRow, posts, type ReportRow, reports, type schema } from './db/schema.ts';

/** 'handled' when the report is no longer open. */
export type ResolveResult = ReportRow | 'handled' | undefined;

export interface ModerationRepository {
  /** Hides the reported post and marks this and every other open report on it actioned. */
  approve(adminId: number, reportId: string): Promise<ResolveResult>;
  /** Marks the report dismissed; the post stays as it is. */
  reject(adminId: number, reportId: string): Promise<ResolveResult>;
  hide(adminId: number, postId: string): Promise<PostRow | undefined>;
  restore(adminId: number, postId: string): Promise<PostRow | undefined>;
  remove(adminId: number, postId: string): Promise<PostRow | undefined>;
}

export function createModerationRepository(db: Database<typeof schema>): ModerationRepository {
  type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

  /** The report, locked, so two moderators deciding at once take turns and the second sees it handled. */
  async function openReport(tx: Tx, reportId: string): Promise<ResolveResult> {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
    if (!report) return undefined;
    return report.status === 'open' ? report : 'handled';
  }

  return {
    approve(adminId, reportId) {
      return db.transaction(async (tx) => {
        const report = await openReport(tx, reportId);
        if (typeof report !== 'object') return report;
        await tx
          .update(posts)
          .set({ hiddenAt: sql`coalesce(${posts.hiddenAt}, now())` })
          .where(eq(posts.id, report.postId));
        const resolved = await tx
          .update(reports)
          .set({ status: 'actioned', resolvedAt: sql`now()`, resolvedBy: adminId })
          .where(and(eq(reports.postId, report.postId), eq(reports.status, 'open')))
          .returning();
        await tx
          .insert(moderationActions)
          .values({ adminId, action: 'approve_report', postId: report.postId, reportId });
        return resolved.find((row) => row.id === reportId);
      });
    },
    reject(adminId, reportId) {
      return db.transaction(async (tx) => {
        const report = await openReport(tx, reportId);
        if (typeof report !== 'object') return report;
        const [resolved] = await tx
          .update(reports)
          .set({ status: 'dismissed', resolvedAt: sql`now()`, resolvedBy: adminId })
          .where(eq(reports.id, reportId))
          .returning();
        await tx
          .insert(moderationActions)
          .values({ adminId, action: 'reject_report', postId: report.postId, reportId });
        return resolved;
      });
    },
    hide(adminId, postId) {
      return db.transaction(async (tx) => {
        const [post] = await tx
          .update(posts)
          .set({ hiddenAt: sql`coalesce(${posts.hiddenAt}, now())` })
          .where(eq(posts.id, postId))
          .returning();
        if (post) await tx.insert(moderationActions).values({ adminId, action: 'hide_post', postId });
        return post;
      });
    },
    restore(adminId, postId) {
      return db.transaction(async (tx) => {
        const [post] = await tx.update(posts).set({ hiddenAt: null }).where(eq(posts.id, postId)).returning();
        if (post) await tx.insert(moderationActions).values({ adminId, action: 'restore_post', postId });
        return post;
      });
    },
    remove(adminId, postId) {
      return db.transaction(async (tx) => {
        const [post] = await tx.delete(posts).where(eq(posts.id, postId)).returning();
        if (post) await tx.insert(moderationActions).values({ adminId, action: 'delete_post', postId });
        return post;
      });
    },
  };
}
