// Moderators' changes, each in one transaction with its audit_log entry (who, what, before and after, when).
import type { AuditRecord } from '@pictura/common/audit-log';
import type { Database } from '@pictura/common/database';
import { isUniqueViolation } from '@pictura/common/pg-errors';
import { and, eq, sql } from 'drizzle-orm';
import { createCommunityAuditLog } from './audit-log.repository.ts';
import {
  type AppealRow,
  appeals,
  type PostRow,
  posts,
  type ReportRow,
  reports,
  type schema,
} from './db/schema.ts';

/** 'handled' when the report is no longer open. */
export type ResolveResult = ReportRow | 'handled' | undefined;
/** 'not_dismissed' when the report is open or actioned; 'duplicate' when its reporter has reported the post again. */
export type ReopenResult = ReportRow | 'not_dismissed' | 'duplicate' | undefined;
/** 'handled' when the appeal was decided already. */
export type AppealDecisionResult = AppealRow | 'handled' | undefined;
export type AppealDecision = 'restore' | 'uphold';

export interface ModerationRepository {
  /** Hides the reported post and marks this and every other open report on it actioned. */
  approve(adminId: number, reportId: string): Promise<ResolveResult>;
  /** Marks the report dismissed; the post stays as it is. */
  reject(adminId: number, reportId: string): Promise<ResolveResult>;
  hide(adminId: number, postId: string): Promise<PostRow | undefined>;
  restore(adminId: number, postId: string): Promise<PostRow | undefined>;
  remove(adminId: number, postId: string): Promise<PostRow | undefined>;
  /** A dismissed report goes back to the queue, open again. */
  reopen(adminId: number, reportId: string): Promise<ReopenResult>;
  /** restore puts the post back (if this takedown still holds it down); uphold keeps it down. */
  decideAppeal(adminId: number, appealId: string, decision: AppealDecision): Promise<AppealDecisionResult>;
}

export function createModerationRepository(db: Database<typeof schema>): ModerationRepository {
  type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];
  // The admin audit log (before/after, for the admin console), written in each action's transaction;
  // bulk actions go through these single-item methods, so every item gets its own entry.
  const audit = createCommunityAuditLog(db);
  const record = (tx: Tx, entry: AuditRecord) => audit.record(entry, tx);
  const postState = async (tx: Tx, postId: string) => {
    const [row] = await tx
      .select({ hiddenAt: posts.hiddenAt })
      .from(posts)
      .where(eq(posts.id, postId))
      .for('update');
    return row ? { hidden: row.hiddenAt !== null } : undefined;
  };

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
        const post = await postState(tx, report.postId);
        await tx
          .update(posts)
          .set({ hiddenAt: sql`coalesce(${posts.hiddenAt}, now())` })
          .where(eq(posts.id, report.postId));
        const resolved = await tx
          .update(reports)
          .set({ status: 'actioned', resolvedAt: sql`now()`, resolvedBy: adminId })
          .where(and(eq(reports.postId, report.postId), eq(reports.status, 'open')))
          .returning();
        await record(tx, {
          actorId: adminId,
          action: 'report.approve',
          targetType: 'report',
          targetId: reportId,
          before: { status: 'open', post_id: report.postId, post_hidden: post?.hidden ?? null },
          after: { status: 'actioned', post_id: report.postId, post_hidden: true },
        });
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
        await record(tx, {
          actorId: adminId,
          action: 'report.reject',
          targetType: 'report',
          targetId: reportId,
          before: { status: 'open', post_id: report.postId },
          after: { status: 'dismissed', post_id: report.postId },
        });
        return resolved;
      });
    },
    hide(adminId, postId) {
      return db.transaction(async (tx) => {
        const before = await postState(tx, postId);
        const [post] = await tx
          .update(posts)
          .set({ hiddenAt: sql`coalesce(${posts.hiddenAt}, now())` })
          .where(eq(posts.id, postId))
          .returning();
        if (post) {
          await record(tx, postEntry(adminId, 'post.hide', post, before, { hidden: true }));
        }
        return post;
      });
    },
    restore(adminId, postId) {
      return db.transaction(async (tx) => {
        const before = await postState(tx, postId);
        const [post] = await tx.update(posts).set({ hiddenAt: null }).where(eq(posts.id, postId)).returning();
        if (post) {
          await record(tx, postEntry(adminId, 'post.restore', post, before, { hidden: false }));
        }
        return post;
      });
    },
    async reopen(adminId, reportId) {
      try {
        return await db.transaction(async (tx): Promise<ReopenResult> => {
          const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
          if (!report) return undefined;
          if (report.status !== 'dismissed') return 'not_dismissed';
          const [again] = await tx
            .select({ id: reports.id })
            .from(reports)
            .where(
              and(
                eq(reports.postId, report.postId),
                eq(reports.reporterId, report.reporterId),
                eq(reports.status, 'open'),
              ),
            )
            .limit(1);
          if (again) return 'duplicate';
          const [reopened] = await tx
            .update(reports)
            .set({ status: 'open', resolvedAt: null, resolvedBy: null })
            .where(eq(reports.id, reportId))
            .returning();
          await record(tx, {
            actorId: adminId,
            action: 'report.reopen',
            targetType: 'report',
            targetId: reportId,
            before: { status: 'dismissed', post_id: report.postId, resolved_by: report.resolvedBy },
            after: { status: 'open', post_id: report.postId },
          });
          return reopened;
        });
      } catch (error) {
        // The reporter reported the post again at this very moment: their new report is the open one.
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },
    decideAppeal(adminId, appealId, decision) {
      return db.transaction(async (tx) => {
        const [appeal] = await tx.select().from(appeals).where(eq(appeals.id, appealId)).for('update');
        if (!appeal) return undefined;
        if (appeal.status !== 'open') return 'handled';
        const post = await postState(tx, appeal.postId);
        if (decision === 'restore') {
          // Only the takedown appealed against: a later one (after a restore) is a new decision.
          await tx
            .update(posts)
            .set({ hiddenAt: null })
            .where(and(eq(posts.id, appeal.postId), eq(posts.hiddenAt, appeal.takenDownAt)));
        }
        const status = decision === 'restore' ? 'restored' : 'upheld';
        const [decided] = await tx
          .update(appeals)
          .set({ status, resolvedAt: sql`now()`, resolvedBy: adminId })
          .where(eq(appeals.id, appealId))
          .returning();
        const after = await postState(tx, appeal.postId);
        await record(tx, {
          actorId: adminId,
          action: `appeal.${decision}`,
          targetType: 'appeal',
          targetId: appealId,
          before: { status: 'open', post_id: appeal.postId, post_hidden: post?.hidden ?? null },
          after: { status, post_id: appeal.postId, post_hidden: after?.hidden ?? null },
        });
        return decided;
      });
    },
    remove(adminId, postId) {
      return db.transaction(async (tx) => {
        const [post] = await tx.delete(posts).where(eq(posts.id, postId)).returning();
        if (post) {
          await record(tx, postEntry(adminId, 'post.delete', post, { hidden: post.hiddenAt !== null }, null));
        }
        return post;
      });
    },
  };
}

/** A post's entry: its title and author name it in the log after it is gone. */
function postEntry(
  adminId: number,
  action: string,
  post: PostRow,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | null,
): AuditRecord {
  const named = { title: post.title, author_id: post.authorId };
  return {
    actorId: adminId,
    action,
    targetType: 'post',
    targetId: post.id,
    before: before ? { ...named, ...before } : null,
    after: after ? { ...named, ...after } : null,
  };
}
