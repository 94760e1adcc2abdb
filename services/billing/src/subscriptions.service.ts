// A user's subscriptions and payments: what they are now, what they allow, and the changes a user makes from
// account settings (cancel at period end, upgrade). Every call takes the owner's id.
import { AppError } from '@pictura/common/app-error';
import { decodeCursor, pageLimit } from '@pictura/common/cursor';
import type { PlanEntitlements } from '@pictura/common/plan-catalog';
import { testModeRequired } from './checkout.service.ts';
import type { SubscriptionRow } from './db/schema.ts';
import type { Ledger } from './ledger.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { choosePlan, planChoiceOf } from './plan-choice.ts';
import { GRANT_PROVIDER } from './plan-grants.service.ts';
import { entitlementsFor, planRank } from './plans.ts';

/** Stripe retries a renewal for a while; a paid period plus this grace keeps the plan meanwhile. */
const RENEWAL_GRACE_MS = 3 * 24 * 3600_000;

export type EffectiveStatus = 'active' | 'past_due' | 'canceled' | 'expired';

/**
 * Status as the user sees it now: a subscription cancelled at period end (or a test subscription or an
 * administrator's grant, which no one renews) is active until its period ends and expired after, computed
 * at read time so no sweep is needed.
 */
export function effectiveStatus(row: SubscriptionRow, now: Date): EffectiveStatus {
  if (row.status !== 'active') return row.status === 'past_due' ? 'past_due' : 'canceled';
  if (!row.currentPeriodEnd) return 'active';
  const unrenewed = row.cancelAtPeriodEnd || row.provider === 'test' || row.provider === GRANT_PROVIDER;
  const grace = unrenewed ? 0 : RENEWAL_GRACE_MS;
  return now.getTime() < row.currentPeriodEnd.getTime() + grace ? 'active' : 'expired';
}

export function createSubscriptionsService(deps: {
  ledger: Ledger;
  providers: Partial<Record<string, PaymentProvider>>;
  testMode: boolean;
  clock: () => Date;
}) {
  const { ledger, clock } = deps;

  async function owned(userId: number, id: number): Promise<SubscriptionRow> {
    const row = userId ? await ledger.subscriptions.findOwned(userId, id) : undefined;
    if (!row) throw new AppError('not_found', 'Subscription not found', 'subscription_not_found');
    if (effectiveStatus(row, clock()) !== 'active') {
      throw new AppError('failed_precondition', 'This subscription is not active', 'subscription_not_active');
    }
    return row;
  }

  function providerOf(row: SubscriptionRow): PaymentProvider {
    const provider = deps.providers[row.provider];
    if (!provider)
      throw new AppError('unavailable', 'Operation failed, please try again later', 'provider_unavailable');
    return provider;
  }

  const view = (row: SubscriptionRow) => ({ row, status: effectiveStatus(row, clock()) });

  return {
    async entitlements(userId: number): Promise<PlanEntitlements> {
      const rows = userId ? await ledger.subscriptions.activeOf(userId) : [];
      const now = clock();
      return entitlementsFor(
        rows.filter((row) => effectiveStatus(row, now) === 'active').map((row) => row.planId),
      );
    },

    async list(userId: number, cursor: string, limit: number) {
      const page = await ledger.subscriptions.pageOf(userId, decodeCursor(cursor), pageLimit(limit, 100, 20));
      return { items: page.rows.map(view), next: page.next };
    },

    async payments(userId: number, cursor: string, limit: number) {
      return ledger.payments.pageOf(userId, decodeCursor(cursor), pageLimit(limit, 100, 20));
    },

    /** Runs to the end of the paid period, then expires; nothing is refunded (sales are final). */
    async cancel(userId: number, id: number) {
      const row = await owned(userId, id);
      if (row.cancelAtPeriodEnd) return view(row);
      const state = await providerOf(row).cancelAtPeriodEnd(row);
      return view(await ledger.subscriptions.applyState(row.id, state));
    },

    /** Upward only: premium → ultimate, monthly → yearly (or both); the provider prorates. */
    async upgrade(userId: number, id: number, planId: string) {
      const row = await owned(userId, id);
      if (row.provider === GRANT_PROVIDER) {
        throw new AppError(
          'failed_precondition',
          'This plan was granted by an administrator; buy a plan from the pricing page instead',
          'granted_plan',
        );
      }
      const from = planChoiceOf(row.planId);
      const to = choosePlan(planId);
      const higherPlan =
        from &&
        planRank(to.plan) > planRank(from.plan) &&
        !(from.period === 'yearly' && to.period === 'monthly');
      const longerPeriod =
        from && to.plan === from.plan && from.period === 'monthly' && to.period === 'yearly';
      if (!higherPlan && !longerPeriod) {
        throw new AppError(
          'invalid_argument',
          'Only upgrades are possible: premium to ultimate, monthly to yearly',
          'not_an_upgrade',
        );
      }
      const { state, payment } = await providerOf(row).changePlan(row, to);
      return ledger.transaction(async (tx) => {
        if (payment) {
          await tx.payments.record({
            userId,
            subscriptionId: row.id,
            checkoutId: null,
            orderId: `ord_${payment.ref}`,
            planId: to.planId,
            amountCents: payment.amountCents,
            currency: payment.currency,
            status: 'paid',
            provider: row.provider,
            providerRef: payment.ref,
          });
        }
        return view(await tx.subscriptions.applyState(row.id, { ...state, planId: to.planId }));
      });
    },

    /** Test mode only: clears every subscription, checkout and payment record of the user. */
    async resetTestUser(userId: number) {
      if (!deps.testMode) throw testModeRequired();
      if (userId === 0) throw new AppError('unauthenticated', 'Please login first', 'unauthenticated');
      return ledger.transaction(async (tx) => {
        const cleared = await tx.subscriptions.removeAllOf(userId);
        await tx.payments.removeAllOf(userId);
        await tx.checkouts.removeAllOf(userId);
        return cleared;
      });
    },

    markAccountDeleted: (userId: number) => ledger.subscriptions.markAccountDeleted(userId),

    /** A row with its status as the user sees it now. */
    view,
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
