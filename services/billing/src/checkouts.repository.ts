import type { Database } from '@pictura/common/database';
import { and, eq, isNull } from 'drizzle-orm';
import { type CheckoutRow, checkouts, customers, type schema } from './db/schema.ts';

export type NewCheckout = Pick<
  CheckoutRow,
  | 'id'
  | 'userId'
  | 'requestId'
  | 'planId'
  | 'amountCents'
  | 'currency'
  | 'provider'
  | 'successUrl'
  | 'orderId'
>;

export interface CheckoutsRepository {
  /**
   * Stores a new checkout, or answers the one this user already started with this request_id. The unique
   * (user_id, request_id) index decides between two concurrent calls, so both get the same checkout.
   */
  insertOrGet(checkout: NewCheckout): Promise<{ row: CheckoutRow; created: boolean }>;
  findById(id: string): Promise<CheckoutRow | undefined>;
  /** Records the provider's session once; a second writer gets the first one's. */
  setSession(
    id: string,
    session: { sessionId: string; url: string; customerId: string },
  ): Promise<CheckoutRow>;
  /** open → completed, once; false when it was not open any more. */
  complete(id: string, refs: { customerId: string; subscriptionRef: string; at: Date }): Promise<boolean>;
  removeAllOf(userId: number): Promise<void>;
  customerOf(userId: number, provider: string): Promise<string | undefined>;
  /** Keeps the first customer stored for a user and provider; returns the one kept. */
  saveCustomer(userId: number, provider: string, customerId: string): Promise<string>;
}

export function createCheckoutsRepository(db: Database<typeof schema>): CheckoutsRepository {
  const repository: CheckoutsRepository = {
    async insertOrGet(checkout) {
      const [inserted] = await db.insert(checkouts).values(checkout).onConflictDoNothing().returning();
      if (inserted) return { row: inserted, created: true };
      const [existing] = await db
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.userId, checkout.userId), eq(checkouts.requestId, checkout.requestId)));
      // A conflict on the random id or order id instead would be a broken random source: fail loudly.
      if (!existing) throw new Error('checkout insert conflicted without an existing request');
      return { row: existing, created: false };
    },
    async findById(id) {
      const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id));
      return row;
    },
    async setSession(id, session) {
      await db
        .update(checkouts)
        .set({
          providerSessionId: session.sessionId,
          checkoutUrl: session.url,
          customerId: session.customerId,
        })
        .where(and(eq(checkouts.id, id), isNull(checkouts.checkoutUrl)));
      return (await repository.findById(id))!;
    },
    async complete(id, refs) {
      const done = await db
        .update(checkouts)
        .set({
          status: 'completed',
          customerId: refs.customerId,
          subscriptionRef: refs.subscriptionRef,
          completedAt: refs.at,
        })
        .where(and(eq(checkouts.id, id), eq(checkouts.status, 'open')))
        .returning({ id: checkouts.id });
      return done.length > 0;
    },
    async removeAllOf(userId) {
      await db.delete(checkouts).where(eq(checkouts.userId, userId));
    },
    async customerOf(userId, provider) {
      const [row] = await db
        .select({ id: customers.providerCustomerId })
        .from(customers)
        .where(and(eq(customers.userId, userId), eq(customers.provider, provider)));
      return row?.id;
    },
    async saveCustomer(userId, provider, customerId) {
      await db
        .insert(customers)
        .values({ userId, provider, providerCustomerId: customerId })
        .onConflictDoNothing();
      return (await repository.customerOf(userId, provider))!;
    },
  };
  return repository;
}
