// What billing needs from a payment provider. Stripe and the built-in test provider both implement it;
// what they report back arrives as ProviderEvents (provider-events.service.ts).
import type { CheckoutRow, SubscriptionRow } from './db/schema.ts';
import type { PlanChoice } from './plan-choice.ts';
import type { ProviderEvent, ProviderPayment } from './provider-events.service.ts';
import type { SubscriptionState } from './subscriptions.repository.ts';

export type ProviderName = 'stripe' | 'test';

export interface CheckoutSessionInput {
  checkout: CheckoutRow;
  customerId: string;
  choice: PlanChoice;
  /** Where the provider sends the browser after paying (our return route). */
  returnUrl: string;
  cancelUrl: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** A new customer at the provider for this user (stored by the caller: one per user). */
  createCustomer(userId: number): Promise<string>;
  startCheckout(input: CheckoutSessionInput): Promise<{ sessionId: string; url: string }>;
  /** The subscription now ends at its period end (nothing is refunded). */
  cancelAtPeriodEnd(subscription: SubscriptionRow): Promise<SubscriptionState>;
  /** Changes the plan; the provider prorates. The payment is reported when the provider has one. */
  changePlan(
    subscription: SubscriptionRow,
    to: PlanChoice,
  ): Promise<{ state: SubscriptionState; payment?: ProviderPayment }>;
  /**
   * For the browser's return from the provider's checkout: the completion event, when the provider says
   * the checkout is paid (the webhook may not have arrived yet); undefined when it is not paid.
   */
  completionOf(checkout: CheckoutRow): Promise<ProviderEvent | undefined>;
}

export const MONTH_MS = 30 * 24 * 3600_000;
export const YEAR_MS = 365 * 24 * 3600_000;
export const periodMs = (period: PlanChoice['period']) => (period === 'yearly' ? YEAR_MS : MONTH_MS);
