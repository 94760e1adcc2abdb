import { type Cursor, encodeCursor } from '@pictura/common/cursor';
import type { Database } from '@pictura/common/database';
import { olderThan } from '@pictura/common/keyset';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type SubscriptionRow, type schema, subscriptions } from './db/schema.ts';

/** What a provider says about a subscription now. */
export interface SubscriptionState {
  status: 'active' | 'past_due' | 'canceled';
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Set when the plan changed (an upgrade). */
  planId?: string;
}

export interface NewSubscription extends SubscriptionState {
  userId: number;
  planId: string;
  provider: string;
  providerSubscriptionId: string;
  checkoutId: string | null;
  stateAt: Date;
  /** A grant's administrator and note. */
  grantedBy?: number;
  grantNote?: string;
}

export interface SubscriptionsRepository {
  /** The user's subscriptions stored as active (expiry by period end is decided by the caller). */
  activeOf(userId: number): Promise<SubscriptionRow[]>;
  pageOf(
    userId: number,
    after: Cursor | undefined,
    limit: number,
  ): Promise<{ rows: SubscriptionRow[]; next: string }>;
  findOwned(userId: number, id: number): Promise<SubscriptionRow | undefined>;
  byProviderRef(providerSubscriptionId: string): Promise<SubscriptionRow | undefined>;
  /** Inserts once per provider subscription; returns the stored row either way. */
  insert(subscription: NewSubscription): Promise<SubscriptionRow>;
  /** Writes a provider's state; `stateAt` (the event's time) is kept when given, so older events lose. */
  applyState(id: number, state: SubscriptionState, stateAt?: Date): Promise<SubscriptionRow>;
  /**
   * Marks the user's subscriptions as belonging to a deleted account and ends any still active.
   * Never deletes: payment records are kept as the law requires. Returns how many were newly marked.
   */
  markAccountDeleted(userId: number): Promise<number>;
  /** Test mode only (the caller checks): removes every subscription record of the user. */
  removeAllOf(userId: number): Promise<number>;
}

export function createSubscriptionsRepository(db: Database<typeof schema>): SubscriptionsRepository {
  return {
    activeOf: (userId) =>
      db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active'))),
    async pageOf(userId, after, limit) {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(
          and(eq(subscriptions.userId, userId), olderThan(subscriptions.createdAt, subscriptions.id, after)),
        )
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const next =
        rows.length > limit && last
          ? encodeCursor({ key: last.createdAt.toISOString(), id: String(last.id) })
          : '';
      return { rows: page, next };
    },
    async findOwned(userId, id) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
      return row;
    },
    async byProviderRef(ref) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, ref));
      return row;
    },
    async insert(s) {
      await db
        .insert(subscriptions)
        .values({
          userId: s.userId,
          planId: s.planId,
          status: s.status,
          currentPeriodEnd: s.currentPeriodEnd,
          cancelAtPeriodEnd: s.cancelAtPeriodEnd,
          provider: s.provider,
          providerSubscriptionId: s.providerSubscriptionId,
          providerStateAt: s.stateAt,
          checkoutId: s.checkoutId,
          grantedBy: s.grantedBy ?? null,
          grantNote: s.grantNote ?? null,
        })
        .onConflictDoNothing({ target: subscriptions.providerSubscriptionId });
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, s.providerSubscriptionId));
      return row!;
    },
    async applyState(id, state, stateAt) {
      const [row] = await db
        .update(subscriptions)
        .set({
          status: state.status,
          currentPeriodEnd: state.currentPeriodEnd,
          cancelAtPeriodEnd: state.cancelAtPeriodEnd,
          ...(state.planId ? { planId: state.planId } : {}),
          ...(stateAt ? { providerStateAt: stateAt } : {}),
        })
        .where(eq(subscriptions.id, id))
        .returning();
      return row!;
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
    async removeAllOf(userId) {
      const removed = await db
        .delete(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .returning({ id: subscriptions.id });
      return removed.length;
    },
  };
}
