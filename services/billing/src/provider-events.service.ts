// The one code path every payment provider's news goes through: a verified Stripe webhook and the built-in
// test provider's "Pay" both become a ProviderEvent applied here. Each event id is applied once, in one
// transaction with its effects, so a redelivery changes nothing and a crash loses nothing (the provider
// redelivers, and the event was not stored). Events about a subscription older than the newest one applied
// change nothing, and a canceled (deleted) subscription never comes back.
import type { Logger } from '@pictura/common/logger';
import type { Ledger, LedgerRepositories } from './ledger.repository.ts';
import type { SubscriptionState } from './subscriptions.repository.ts';

export interface ProviderPayment {
  /** Unique per payment at the provider (an invoice id, or an invoice id and attempt for a failure). */
  ref: string;
  amountCents: number;
  currency: string;
}

export type BillingEvent =
  | {
      type: 'checkout.completed';
      checkoutId: string;
      customerRef: string;
      subscriptionRef: string;
      state: SubscriptionState;
      payment: ProviderPayment;
    }
  | { type: 'invoice.paid'; subscriptionRef: string; payment: ProviderPayment; periodEnd: Date | null }
  | { type: 'invoice.failed'; subscriptionRef: string; payment: ProviderPayment }
  | { type: 'subscription.updated'; subscriptionRef: string; state: SubscriptionState }
  | { type: 'subscription.deleted'; subscriptionRef: string }
  /** Stored (so it is not processed twice) but with nothing to do. */
  | { type: 'ignored'; reason: string };

export interface ProviderEvent {
  id: string;
  provider: 'stripe' | 'test';
  /** When the provider created the event. */
  created: Date;
  /** The provider's own event type, for the record. */
  providerType: string;
  event: BillingEvent;
}

export interface ProviderEventsService {
  /** True when applied now; false for a replay of an event applied before. */
  apply(event: ProviderEvent): Promise<boolean>;
}

const isOlder = (created: Date, stateAt: Date | null) => stateAt !== null && created < stateAt;

export function createProviderEventsService(deps: { ledger: Ledger; logger: Logger }): ProviderEventsService {
  const { logger } = deps;

  async function applyInside(ledger: LedgerRepositories, e: ProviderEvent): Promise<void> {
    const { event } = e;
    switch (event.type) {
      case 'checkout.completed': {
        const checkout = await ledger.checkouts.findById(event.checkoutId);
        if (!checkout) {
          logger.warn({ eventId: e.id }, 'completed checkout is not ours');
          return;
        }
        // The webhook and the browser's return can both report one checkout: the first one completes it.
        // A checkout without an account (test mode, no_auth) completes but activates nothing for anyone.
        const isGuest = checkout.userId === 0;
        const completed = await ledger.checkouts.complete(checkout.id, {
          customerId: isGuest ? '' : event.customerRef,
          subscriptionRef: isGuest ? '' : event.subscriptionRef,
          at: e.created,
        });
        if (!completed || isGuest) return;
        const subscription = await ledger.subscriptions.insert({
          ...event.state,
          userId: checkout.userId,
          planId: checkout.planId,
          provider: e.provider,
          providerSubscriptionId: event.subscriptionRef,
          checkoutId: checkout.id,
          stateAt: e.created,
        });
        await ledger.payments.record({
          userId: checkout.userId,
          subscriptionId: subscription.id,
          checkoutId: checkout.id,
          orderId: checkout.orderId,
          planId: checkout.planId,
          amountCents: event.payment.amountCents,
          currency: event.payment.currency,
          status: 'paid',
          provider: e.provider,
          providerRef: event.payment.ref,
        });
        return;
      }
      case 'invoice.paid': {
        const subscription = await ledger.subscriptions.byProviderRef(event.subscriptionRef);
        if (!subscription) return;
        await ledger.payments.record({
          userId: subscription.userId,
          subscriptionId: subscription.id,
          checkoutId: null,
          orderId: `ord_${event.payment.ref}`,
          planId: subscription.planId,
          amountCents: event.payment.amountCents,
          currency: event.payment.currency,
          status: 'paid',
          provider: e.provider,
          providerRef: event.payment.ref,
        });
        if (subscription.status === 'canceled') return;
        // A renewal only ever moves the paid period forward, whatever order invoices arrive in.
        const end = subscription.currentPeriodEnd;
        const periodEnd = event.periodEnd && (!end || event.periodEnd > end) ? event.periodEnd : end;
        const newer = !isOlder(e.created, subscription.providerStateAt);
        await ledger.subscriptions.applyState(
          subscription.id,
          {
            status: newer ? 'active' : (subscription.status as 'active' | 'past_due'),
            currentPeriodEnd: periodEnd,
            cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          },
          newer ? e.created : undefined,
        );
        return;
      }
      case 'invoice.failed': {
        const subscription = await ledger.subscriptions.byProviderRef(event.subscriptionRef);
        if (!subscription) return;
        await ledger.payments.record({
          userId: subscription.userId,
          subscriptionId: subscription.id,
          checkoutId: null,
          orderId: `ord_${event.payment.ref}`,
          planId: subscription.planId,
          amountCents: event.payment.amountCents,
          currency: event.payment.currency,
          status: 'failed',
          provider: e.provider,
          providerRef: event.payment.ref,
        });
        if (subscription.status !== 'active' || isOlder(e.created, subscription.providerStateAt)) return;
        await ledger.subscriptions.applyState(
          subscription.id,
          {
            status: 'past_due',
            currentPeriodEnd: subscription.currentPeriodEnd,
            cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          },
          e.created,
        );
        return;
      }
      case 'subscription.updated': {
        const subscription = await ledger.subscriptions.byProviderRef(event.subscriptionRef);
        if (!subscription || subscription.status === 'canceled') return;
        if (isOlder(e.created, subscription.providerStateAt)) return;
        await ledger.subscriptions.applyState(subscription.id, event.state, e.created);
        return;
      }
      case 'subscription.deleted': {
        const subscription = await ledger.subscriptions.byProviderRef(event.subscriptionRef);
        if (!subscription || subscription.status === 'canceled') return;
        await ledger.subscriptions.applyState(
          subscription.id,
          {
            status: 'canceled',
            currentPeriodEnd: subscription.currentPeriodEnd,
            cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          },
          isOlder(e.created, subscription.providerStateAt) ? undefined : e.created,
        );
        return;
      }
      case 'ignored':
        return;
    }
  }

  return {
    apply: (e) =>
      deps.ledger.transaction(async (ledger) => {
        const fresh = await ledger.payments.claimEvent({
          id: e.id,
          provider: e.provider,
          type: e.providerType,
          createdAt: e.created,
        });
        if (!fresh) return false;
        await applyInside(ledger, e);
        return true;
      }),
  };
}
