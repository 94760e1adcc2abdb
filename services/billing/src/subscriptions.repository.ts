import type { Database } from '@pictura/common/database';
import { and, eq } from 'drizzle-orm';
import { type schema, subscriptions } from './db/schema.ts';

export interface SubscriptionsRepository {
  activePlanIds(userId: number): Promise<string[]>;
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
  };
}
