import type { Database } from '@pictura/common/database';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type schema, subscriptions } from './db/schema.ts';

export interface SubscriptionsRepository {
  activePlanIds(userId: number): Promise<string[]>;
  /**
   * Marks the user's subscriptions as belonging to a deleted account and ends any still active.
   * Never deletes: payment records are kept as the law requires. Returns how many were newly marked.
   */
  markAccountDeleted(userId: number): Promise<number>;
}

export function createSubscriptionsRepository(db: Database<typeof schema>): SubscriptionsRepository {
  return {
    async activePlanIds(userId) {
      const rows = await db
        .select({ planId: subscriptions.planId })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
      return rows.map((row) => row.planId);
    },
    async markAccountDeleted(userId) {
      const marked = await db
        .update(subscriptions)
        .set({
          accountDeletedAt: new Date(),
          status: sql`CASE WHEN ${subscriptions.status} = 'active' THEN 'canceled' ELSE ${subscriptions.status} END`,
        })
        .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.accountDeletedAt)))
        .returning({ id: subscriptions.id });
      return marked.length;
    },
  };
}
