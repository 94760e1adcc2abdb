// What the payment and subscription result pages show, decided from the verified return parameters, the
// session and the user's subscriptions (spec 4: payment processing → success or error; subscription
// verification loading → success or failure; spec 8 for the texts).
import { ApiError } from '../../api/http.ts';
import type { BillingPeriod, PaymentReturn, SubscriptionRecord, VerifyResult } from '../../api/payments.ts';
import { billingPeriodOf, planTypeOf } from '../pricing/pricing-model.ts';

export interface PaidPlan {
  /** free, premium, ultimate or enterprise (old labels already mapped). */
  plan: string;
  period: BillingPeriod | null;
}

export const planOf = (planId: string): PaidPlan => ({
  plan: planTypeOf(planId),
  period: billingPeriodOf(planId),
});

export type PaymentErrorKey =
  | 'payment.missingParameters'
  | 'payment.invalidSignature'
  | 'payment.unknownError';

export type PaymentOutcome =
  | { kind: 'processing' }
  | { kind: 'error'; key: PaymentErrorKey }
  | {
      kind: 'success';
      orderId: string;
      /** Empty for a checkout made without an account. */
      subscriptionId: string;
      paid: PaidPlan;
    };

/**
 * The payment success page: missing parameters never reach the server; a verification answer decides
 * between success and 'invalid signature'; any failure to get an answer is the unknown error.
 */
export function paymentOutcome(
  parameters: PaymentReturn | null,
  verification:
    | { status: 'pending' }
    | { status: 'done'; result: VerifyResult }
    | { status: 'failed'; error: unknown },
): PaymentOutcome {
  if (!parameters) return { kind: 'error', key: 'payment.missingParameters' };
  if (verification.status === 'pending') return { kind: 'processing' };
  if (verification.status === 'failed') {
    const missing =
      verification.error instanceof ApiError &&
      verification.error.status === 400 &&
      verification.error.code === 'missing_payment_parameters';
    return { kind: 'error', key: missing ? 'payment.missingParameters' : 'payment.unknownError' };
  }
  if (!verification.result.valid) return { kind: 'error', key: 'payment.invalidSignature' };
  return {
    kind: 'success',
    orderId: parameters.order_id,
    subscriptionId: parameters.subscription_id,
    paid: planOf(parameters.product_id),
  };
}

export type SubscriptionFailureKey =
  | 'subscription.verifyFailed'
  | 'subscription.loginRequired'
  | 'subscription.loadFailed';

export type SubscriptionOutcome =
  | { kind: 'loading' }
  | { kind: 'failure'; key: SubscriptionFailureKey }
  | { kind: 'success'; paid: PaidPlan; periodEnd: string | null; cancelAtPeriodEnd: boolean };

export interface SubscriptionInputs {
  /** Still checking the stored session at startup. */
  authChecking: boolean;
  signedIn: boolean;
  /** 'none' when the address carries no signed return parameters. */
  verification: 'none' | 'pending' | 'valid' | 'invalid' | 'failed';
  subscriptions:
    | { status: 'pending' }
    | { status: 'error' }
    | { status: 'success'; items: SubscriptionRecord[] };
  /** The plan the address names (?plan=pro, or the return's product_id), old labels included. */
  planHint: string | null;
}

/**
 * The subscription success page. Signed return parameters, when present, must verify; a signed-in user's
 * active subscription is the plan shown; a guest can only be shown a verified return.
 */
export function subscriptionOutcome(input: SubscriptionInputs): SubscriptionOutcome {
  if (input.authChecking || input.verification === 'pending') return { kind: 'loading' };
  if (input.verification === 'invalid' || input.verification === 'failed') {
    return { kind: 'failure', key: 'subscription.verifyFailed' };
  }
  const verified = input.verification === 'valid';
  const hinted = input.planHint ? planOf(input.planHint) : null;
  if (!input.signedIn) {
    if (verified && hinted)
      return { kind: 'success', paid: hinted, periodEnd: null, cancelAtPeriodEnd: false };
    return { kind: 'failure', key: 'subscription.loginRequired' };
  }
  if (input.subscriptions.status === 'pending') return { kind: 'loading' };
  if (input.subscriptions.status === 'error') return { kind: 'failure', key: 'subscription.loadFailed' };
  const active = input.subscriptions.items.find((item) => item.status === 'active');
  if (active) {
    return {
      kind: 'success',
      paid: planOf(active.plan_id),
      periodEnd: active.current_period_end ?? null,
      cancelAtPeriodEnd: active.cancel_at_period_end === true,
    };
  }
  // Verified, but the provider's confirmation has not reached billing yet: the payment itself is proven.
  if (verified && hinted) return { kind: 'success', paid: hinted, periodEnd: null, cancelAtPeriodEnd: false };
  return { kind: 'failure', key: 'subscription.verifyFailed' };
}
