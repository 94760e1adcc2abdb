import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.ts';
import type { PaymentReturn } from '../../api/payments.ts';
import { paymentOutcome, planOf, type SubscriptionInputs, subscriptionOutcome } from './payment-model.ts';

const returned: PaymentReturn = {
  checkout_id: 'chk_1',
  order_id: 'ord_1',
  customer_id: 'cus_1',
  subscription_id: '7',
  product_id: 'premium_monthly',
  request_id: 'r1',
  signature: 'ab',
};

describe('payment success outcome', () => {
  it('says what is missing before asking the server', () => {
    expect(paymentOutcome(null, { status: 'pending' })).toEqual({
      kind: 'error',
      key: 'payment.missingParameters',
    });
  });

  it('processes, then shows the order, subscription and plan of a valid return', () => {
    expect(paymentOutcome(returned, { status: 'pending' })).toEqual({ kind: 'processing' });
    expect(paymentOutcome(returned, { status: 'done', result: { valid: true } })).toEqual({
      kind: 'success',
      orderId: 'ord_1',
      subscriptionId: '7',
      paid: { plan: 'premium', period: 'monthly' },
    });
  });

  it('refuses a bad signature and reports failures in the words of spec 8', () => {
    expect(
      paymentOutcome(returned, {
        status: 'done',
        result: { valid: false, message: 'Payment verification failed, invalid signature' },
      }),
    ).toEqual({ kind: 'error', key: 'payment.invalidSignature' });
    expect(
      paymentOutcome(returned, {
        status: 'failed',
        error: new ApiError(400, 'missing_payment_parameters', 'Missing required payment parameters'),
      }),
    ).toEqual({ kind: 'error', key: 'payment.missingParameters' });
    expect(paymentOutcome(returned, { status: 'failed', error: new TypeError('fetch failed') })).toEqual({
      kind: 'error',
      key: 'payment.unknownError',
    });
    expect(
      paymentOutcome(returned, { status: 'failed', error: new ApiError(503, 'unavailable', '') }),
    ).toEqual({ kind: 'error', key: 'payment.unknownError' });
  });
});

describe('subscription success outcome', () => {
  const base: SubscriptionInputs = {
    authChecking: false,
    signedIn: true,
    verification: 'none',
    subscriptions: { status: 'success', items: [] },
    planHint: null,
  };
  const active = {
    id: 3,
    plan_id: 'ultimate_yearly',
    status: 'active',
    current_period_end: '2030-01-02T00:00:00Z',
  };

  it('loads while the session, the verification or the subscriptions are pending', () => {
    expect(subscriptionOutcome({ ...base, authChecking: true })).toEqual({ kind: 'loading' });
    expect(subscriptionOutcome({ ...base, verification: 'pending' })).toEqual({ kind: 'loading' });
    expect(subscriptionOutcome({ ...base, subscriptions: { status: 'pending' } })).toEqual({
      kind: 'loading',
    });
  });

  it("shows the signed-in user's active plan with its period end", () => {
    expect(
      subscriptionOutcome({
        ...base,
        subscriptions: {
          status: 'success',
          items: [{ id: 1, plan_id: 'premium_monthly', status: 'canceled' }, active],
        },
      }),
    ).toEqual({
      kind: 'success',
      paid: { plan: 'ultimate', period: 'yearly' },
      periodEnd: '2030-01-02T00:00:00Z',
      cancelAtPeriodEnd: false,
    });
  });

  it('maps the old labels starter, pro and business to the current plans', () => {
    expect(planOf('starter')).toEqual({ plan: 'premium', period: null });
    expect(planOf('pro_monthly')).toEqual({ plan: 'ultimate', period: 'monthly' });
    expect(planOf('business')).toEqual({ plan: 'enterprise', period: null });
    expect(
      subscriptionOutcome({ ...base, signedIn: false, verification: 'valid', planHint: 'pro_yearly' }),
    ).toMatchObject({ kind: 'success', paid: { plan: 'ultimate', period: 'yearly' } });
  });

  it('fails with the texts of spec 8', () => {
    expect(subscriptionOutcome({ ...base, verification: 'invalid' })).toEqual({
      kind: 'failure',
      key: 'subscription.verifyFailed',
    });
    expect(subscriptionOutcome({ ...base, verification: 'failed' })).toEqual({
      kind: 'failure',
      key: 'subscription.verifyFailed',
    });
    expect(subscriptionOutcome({ ...base, signedIn: false })).toEqual({
      kind: 'failure',
      key: 'subscription.loginRequired',
    });
    expect(subscriptionOutcome({ ...base, subscriptions: { status: 'error' } })).toEqual({
      kind: 'failure',
      key: 'subscription.loadFailed',
    });
    // Signed in, nothing active and nothing verified: the payment cannot be confirmed.
    expect(subscriptionOutcome({ ...base, planHint: 'premium' })).toEqual({
      kind: 'failure',
      key: 'subscription.verifyFailed',
    });
  });

  it('trusts a verified return while the provider confirmation is still on its way', () => {
    expect(subscriptionOutcome({ ...base, verification: 'valid', planHint: 'premium_monthly' })).toEqual({
      kind: 'success',
      paid: { plan: 'premium', period: 'monthly' },
      periodEnd: null,
      cancelAtPeriodEnd: false,
    });
  });
});
