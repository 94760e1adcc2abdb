// The built-in test provider, on only in test mode: its checkout page lives in the gateway
// (/payments/test-checkout/<id>), and paying there reports a checkout.session.completed event just as
// Stripe's webhook would, applied by the same code.
import { randomUUID } from 'node:crypto';
import type { CheckoutRow } from './db/schema.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { periodMs } from './payment-provider.ts';
import { planChoiceOf } from './plan-choice.ts';

export function createTestPaymentProvider(deps: { publicUrl: string; clock: () => Date }): PaymentProvider {
  const { clock } = deps;
  return {
    name: 'test',
    createCustomer: async (userId) => `cus_test_${userId}`,
    // On the checkout's own origin (its return address's), where the user started.
    startCheckout: async ({ checkout, returnUrl }) => ({
      sessionId: `cs_test_${checkout.id}`,
      url: new URL(`/payments/test-checkout/${checkout.id}`, returnUrl).toString(),
    }),
    async cancelAtPeriodEnd(subscription) {
      return {
        status: 'active',
        currentPeriodEnd: subscription.currentPeriodEnd,
        cancelAtPeriodEnd: true,
      };
    },
    // Like Stripe when the interval changes: the new period starts now, and the unused part of the old one
    // is credited against the new price.
    async changePlan(subscription, to) {
      const now = clock();
      const from = planChoiceOf(subscription.planId);
      const end = subscription.currentPeriodEnd?.getTime() ?? now.getTime();
      const unused =
        from && end > now.getTime()
          ? Math.round((from.amountCents * (end - now.getTime())) / periodMs(from.period))
          : 0;
      return {
        state: {
          status: 'active',
          currentPeriodEnd: new Date(now.getTime() + periodMs(to.period)),
          cancelAtPeriodEnd: false,
          planId: to.planId,
        },
        payment: {
          ref: `in_test_${randomUUID()}`,
          amountCents: Math.max(0, to.amountCents - Math.min(unused, from?.amountCents ?? 0)),
          currency: 'USD',
        },
      };
    },
    async completionOf(checkout: CheckoutRow) {
      const now = clock();
      const choice = planChoiceOf(checkout.planId);
      return {
        id: `evt_test_${checkout.id}`,
        provider: 'test',
        created: now,
        providerType: 'checkout.session.completed',
        event: {
          type: 'checkout.completed',
          checkoutId: checkout.id,
          customerRef: checkout.customerId,
          subscriptionRef: `sub_test_${checkout.id}`,
          state: {
            status: 'active',
            currentPeriodEnd: new Date(now.getTime() + periodMs(choice?.period ?? 'monthly')),
            cancelAtPeriodEnd: false,
          },
          payment: {
            ref: `in_test_${checkout.id}`,
            amountCents: checkout.amountCents,
            currency: checkout.currency,
          },
        },
      };
    },
  };
}
