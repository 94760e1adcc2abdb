// The payments routes: plans, checkout, verification, subscriptions, payments, the Stripe webhook, and sales
// and support requests. The stack runs in test mode (no Stripe key), so checkouts use the test provider.

import { randomUUID } from 'node:crypto';
import { TEST_CARD_DISPLAY } from '@pictura/common/test-card';
import type { MatrixContext, Rows } from './matrix.ts';

const checkout = () => ({
  product_id: 'premium_monthly',
  test_mode: true,
  success_url: '/en/payment/success',
  request_id: randomUUID(),
  no_auth: false,
});

/** An active Premium subscription of "user", bought through the test checkout page. */
const userSubscriptionId = (ctx: MatrixContext) =>
  ctx.once('userSubscription', async () => {
    const started = await ctx.send(
      'POST',
      '/api/payments/create-checkout',
      ctx.identities.user.credential,
      checkout(),
    );
    if (started.status !== 200) throw new Error(`could not start the user's checkout: ${started.status}`);
    const paid = await fetch(started.body.checkout_url as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'pay', card_number: TEST_CARD_DISPLAY }),
      redirect: 'manual',
    });
    if (paid.status !== 303) throw new Error(`could not pay the user's checkout: ${paid.status}`);
    const listed = await ctx.send('GET', '/api/v1/payments/subscriptions', ctx.identities.user.credential);
    return (listed.body.items as { id: number }[])[0]!.id;
  });

//                                           guest user other banned admin apiKey
export const paymentsRows: Rows = {
  'GET /api/plans': { expect: [200, 200, 200, 401, 200, 200], call: () => ({ path: '/api/plans' }) },
  'POST /api/payments/create-checkout': {
    expect: [401, 200, 200, 401, 200, 200],
    why: "a guest gets the spec's 'Please login to continue' (no_auth is false here)",
    call: () => ({ path: '/api/payments/create-checkout', body: checkout() }),
  },
  'POST /v1/payments/create-session': {
    expect: [401, 200, 200, 401, 200, 200],
    call: () => ({
      path: '/v1/payments/create-session',
      body: {
        amount: 1200,
        currency: 'USD',
        payment_method: 'stripe',
        plan_id: 'premium_monthly',
        subscription: true,
        meta_data: { plan_type: 'premium', billing: 'monthly' },
      },
    }),
  },
  'POST /api/payments/verify-signature': {
    expect: [400, 400, 400, 401, 400, 400],
    why: 'open to all (the success page may be reached signed out); no parameters: the spec’s missing-parameters 400',
    call: () => ({ path: '/api/payments/verify-signature', body: {} }),
  },
  'GET /api/v1/payments/subscriptions': {
    expect: [401, 200, 200, 401, 200, 200],
    why: 'each caller sees only their own',
    call: () => ({ path: '/api/v1/payments/subscriptions' }),
  },
  'GET /api/v1/payments/payments': {
    expect: [401, 200, 200, 401, 200, 200],
    call: () => ({ path: '/api/v1/payments/payments' }),
  },
  'POST /api/v1/payments/subscriptions/{id}/cancel': {
    expect: [401, 200, 404, 401, 404, 404],
    why: "someone else's subscription does not exist for the caller, admins included",
    call: async (ctx) => ({ path: `/api/v1/payments/subscriptions/${await userSubscriptionId(ctx)}/cancel` }),
  },
  'POST /api/v1/payments/subscriptions/{id}/upgrade': {
    expect: [401, 200, 404, 401, 404, 404],
    call: async (ctx) => ({
      path: `/api/v1/payments/subscriptions/${await userSubscriptionId(ctx)}/upgrade`,
      body: { plan_id: 'ultimate_yearly' },
    }),
  },
  // After the subscription rows: it clears the caller's own records.
  'POST /api/payments/reset-test-user': {
    expect: [401, 200, 200, 401, 200, 200],
    why: 'test mode is on in this stack; each caller resets only themselves',
    call: () => ({ path: '/api/payments/reset-test-user', body: { test_mode: true, force_reset: true } }),
  },
  'POST /api/payments/webhooks/stripe': {
    expect: [400, 400, 400, 401, 400, 400],
    why: 'Stripe signs its calls: without a Stripe-Signature header nobody gets in',
    call: () => ({ path: '/api/payments/webhooks/stripe', body: { id: 'evt_1', type: 'invoice.paid' } }),
  },
  'POST /api/support/requests': {
    expect: [201, 201, 201, 401, 201, 201],
    why: 'guests may contact sales; support requests need sign-in',
    call: () => ({
      path: '/api/support/requests',
      body: {
        kind: 'sales',
        name: 'Matrix',
        email: 'matrix@example.com',
        message: 'Enterprise pricing, please',
      },
    }),
  },
  'GET /api/admin/support-requests': {
    expect: [401, 403, 403, 401, 200, 403],
    why: "admins only, and with a session: an admin's API key is not the admin console",
    call: () => ({ path: '/api/admin/support-requests' }),
  },
  'PUT /api/admin/support-requests/{id}/status': {
    expect: [401, 403, 403, 401, 404, 403],
    why: 'admins only, and with a session (billing checks the caller again); the admin passes the guard and hears there is no such request',
    call: () => ({ path: '/api/admin/support-requests/999999/status', body: { status: 'answered' } }),
  },
};
