import { type Cursor, encodeCursor } from '@pictura/common/cursor';
import type { Database } from '@pictura/common/database';
import { olderThan } from '@pictura/common/keyset';
import { and, desc, eq } from 'drizzle-orm';
import { type PaymentRow, payments, providerEvents, type schema } from './db/schema.ts';

export type NewPayment = Omit<PaymentRow, 'id' | 'createdAt'> & { createdAt?: Date };

export interface PaymentsRepository {
  /** Records a payment once per provider reference; false when it was recorded before. */
  record(payment: NewPayment): Promise<boolean>;
  pageOf(
    userId: number,
    after: Cursor | undefined,
    limit: number,
  ): Promise<{ rows: PaymentRow[]; next: string }>;
  removeAllOf(userId: number): Promise<void>;
  /** Stores a provider event id once; false when it was stored before (a replay). */
  claimEvent(event: { id: string; provider: string; type: string; createdAt: Date }): Promise<boolean>;
}

export function createPaymentsRepository(db: Database<typeof schema>): PaymentsRepository {
  return {
    async record(payment) {
      const rows = await db
        .insert(payments)
        .values(payment)
        .onConflictDoNothing({ target: payments.providerRef })
        .returning({ id: payments.id });
      return rows.length > 0;
    },
    async pageOf(userId, after, limit) {
      const rows = await db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), olderThan(payments.createdAt, payments.id, after)))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const next =
        rows.length > limit && last
          ? encodeCursor({ key: last.createdAt.toISOString(), id: String(last.id) })
          : '';
      return { rows: page, next };
    },
    async removeAllOf(userId) {
      await db.delete(payments).where(eq(payments.userId, userId));
    },
    async claimEvent(event) {
      const rows = await db
        .insert(providerEvents)
        .values(event)
        .onConflictDoNothing({ target: providerEvents.id })
        .returning({ id: providerEvents.id });
      return rows.length > 0;
    },
  };
}
