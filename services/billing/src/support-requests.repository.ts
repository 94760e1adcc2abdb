import { AppError } from '@pictura/common/app-error';
import type { Database } from '@pictura/common/database';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { createBillingAuditLog } from './audit-log.repository.ts';
import {
  type SupportRequestRow,
  type SupportRequestStatus,
  type schema,
  supportRequests,
} from './db/schema.ts';

export type NewSupportRequest = Omit<
  SupportRequestRow,
  'id' | 'createdAt' | 'status' | 'answeredAt' | 'answeredBy'
> & { createdAt?: Date };

export interface SupportRequestsRepository {
  insert(request: NewSupportRequest): Promise<SupportRequestRow>;
  /** Paid plans first (highest first), then newest; the cursor is opaque. */
  page(
    cursor: string,
    limit: number,
    status?: SupportRequestStatus,
  ): Promise<{ rows: SupportRequestRow[]; next: string }>;
  /**
   * An admin marks the request answered or new, with its audit entry in the same transaction; a repeat
   * changes and records nothing. Undefined when there is no such request.
   */
  setStatus(
    id: number,
    status: SupportRequestStatus,
    adminId: number,
  ): Promise<SupportRequestRow | undefined>;
  /** Account deletion: every request the user sent (their name, address and words); how many. */
  deleteAllOf(userId: number): Promise<number>;
}

interface PageCursor {
  rank: number;
  at: string;
  id: number;
}

const encode = (c: PageCursor) => Buffer.from(JSON.stringify([c.rank, c.at, c.id])).toString('base64url');

function decode(value: string): PageCursor | undefined {
  if (!value) return undefined;
  try {
    const [rank, at, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (
      Number.isInteger(rank) &&
      typeof at === 'string' &&
      !Number.isNaN(Date.parse(at)) &&
      Number.isInteger(id)
    ) {
      return { rank: rank as number, at, id: id as number };
    }
  } catch {}
  throw new AppError('invalid_argument', 'Invalid cursor', 'invalid_cursor');
}

export function createSupportRequestsRepository(db: Database<typeof schema>): SupportRequestsRepository {
  const audit = createBillingAuditLog(db);
  return {
    setStatus(id, status, adminId) {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(supportRequests)
          .where(eq(supportRequests.id, id))
          .for('update');
        if (!current || current.status === status) return current;
        const answered = status === 'answered';
        const [row] = await tx
          .update(supportRequests)
          .set({ status, answeredAt: answered ? new Date() : null, answeredBy: answered ? adminId : null })
          .where(eq(supportRequests.id, id))
          .returning();
        await audit.record(
          {
            actorId: adminId,
            action: answered ? 'support_request.answer' : 'support_request.reopen',
            targetType: 'support_request',
            targetId: String(id),
            before: { status: current.status },
            after: { status },
          },
          tx,
        );
        return row;
      });
    },
    async deleteAllOf(userId) {
      const deleted = await db
        .delete(supportRequests)
        .where(eq(supportRequests.userId, userId))
        .returning({ id: supportRequests.id });
      return deleted.length;
    },
    async insert(request) {
      const [row] = await db.insert(supportRequests).values(request).returning();
      return row!;
    },
    async page(cursor, limit, status) {
      const after = decode(cursor);
      let where: SQL | undefined;
      if (after) {
        const at = new Date(after.at);
        where = or(
          lt(supportRequests.planRank, after.rank),
          and(
            eq(supportRequests.planRank, after.rank),
            or(
              lt(supportRequests.createdAt, at),
              and(eq(supportRequests.createdAt, at), lt(supportRequests.id, after.id)),
            ),
          ),
        );
      }
      const rows = await db
        .select()
        .from(supportRequests)
        .where(and(where, status ? eq(supportRequests.status, status) : undefined))
        .orderBy(desc(supportRequests.planRank), desc(supportRequests.createdAt), desc(supportRequests.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const next =
        rows.length > limit && last
          ? encode({ rank: last.planRank, at: last.createdAt.toISOString(), id: last.id })
          : '';
      return { rows: page, next };
    },
  };
}
