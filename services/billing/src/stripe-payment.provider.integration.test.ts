// The Stripe path with the real `stripe` SDK against a local server speaking Stripe's API, and webhook events
// signed with the SDK's own test header helper: forged, replayed and out-of-order events change nothing.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/support/databases.ts';
import { type StripeStandIn, startStripeStandIn } from '../../../test/support/stripe-stand-in.ts';
import { openTestBilling } from '../test/billing.fixture.ts';
import { payments, providerEvents } from './db/schema.ts';
import { createStripeClient, createStripePaymentProvider } from './stripe-payment.provider.ts';

const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = 'whsec_standin';

describe.each(ENGINES)('Stripe checkout and webhooks on %s', (engine) => {
  let standIn: StripeStandIn;
  let billing: Awaited<ReturnType<typeof openTestBilling>>;
  const signer = new Stripe(SECRET_KEY);
  let sent = 0;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    const stripe = createStripePaymentProvider({
      stripe: createStripeClient({ secretKey: SECRET_KEY, apiBase: standIn.url }),
      webhookSecret: WEBHOOK_SECRET,
    });
    billing = await openTestBilling(engine, { testMode: false, stripe });
  });
  afterAll(async () => {
    await billing?.database.close();
    await standIn?.close();
  });

  /** Delivers an event as Stripe would: JSON body, Stripe-Signature header made by the SDK's helper. */
  async function deliver(type: string, object: unknown, created: number, id = `evt_${type}_${++sent}`) {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created,
      data: { object },
      api_version: '2026-10-28.endive',
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const result = await billing.grpc.handleStripeWebhook(
      {
        payload: new TextEncoder().encode(payload),
        signature,
        $typeName: 'billing.v1.HandleStripeWebhookRequest',
      },
      billing.ctx,
    );
    return { id, payload, ...(result as { applied: boolean }) };
  }

  const plan = async (userId: number) => (await billing.subscriptions.entitlements(userId)).plan;
  const subscriptionOf = async (userId: number) =>
    (await billing.subscriptions.list(userId, '', 10)).items[0]!;

  async function startCheckout(userId: number, requestId: string, productId = 'premium_monthly') {
    return billing.checkout.create({
      userId,
      productId,
      billingPeriod: '',
      successUrl: '/de/payment/success',
      requestId,
      testMode: false,
      noAuth: false,
    });
  }

  it('creates one customer per user and one session per request_id, priced from the plan catalog', async () => {
    const [a, b] = await Promise.all([startCheckout(40, 'same'), startCheckout(40, 'same')]);
    expect(a).toEqual(b);
    expect(a.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(standIn.sessions.size).toBe(1);
    expect(standIn.customers.size).toBe(1);
    const created = standIn.requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')!;
    expect(created.idempotencyKey).toBe(`pictura-checkout-${a.checkoutId}`);
    expect(created.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: a.checkoutId,
      customer: [...standIn.customers.keys()][0],
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '1200',
            product: 'pictura_premium',
            recurring: { interval: 'month' },
          },
        },
      ],
      success_url: `http://localhost:8080/payments/return/${a.checkoutId}`,
      cancel_url: 'http://localhost:8080/de/payment/cancel',
    });
    // A second checkout of the same user reuses the customer.
    await startCheckout(40, 'another', 'ultimate_yearly');
    expect(standIn.customers.size).toBe(1);
  });

  it('activates the plan on a signed checkout.session.completed, once, and refuses forgeries', async () => {
    const { checkoutId } = await startCheckout(41, 'buy');
    const sessionId = [...standIn.sessions.values()].find((s) => s.client_reference_id === checkoutId)!
      .id as string;
    const { session } = standIn.paySession(sessionId);

    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      created: 1,
      data: { object: session },
    });
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    await expect(
      billing.grpc.handleStripeWebhook(
        {
          payload: new TextEncoder().encode(payload),
          signature: forged,
          $typeName: 'billing.v1.HandleStripeWebhookRequest',
        },
        billing.ctx,
      ),
    ).rejects.toMatchObject({ code: 'invalid_argument' });
    expect(await plan(41)).toBe('free');

    const first = await deliver('checkout.session.completed', session, Math.floor(Date.now() / 1000));
    expect(first.applied).toBe(true);
    expect(await plan(41)).toBe('premium');
    // A redelivery of the same event id is stored once and changes nothing.
    const signature = signer.webhooks.generateTestHeaderString({
      payload: first.payload,
      secret: WEBHOOK_SECRET,
    });
    const replay = (await billing.grpc.handleStripeWebhook(
      {
        payload: new TextEncoder().encode(first.payload),
        signature,
        $typeName: 'billing.v1.HandleStripeWebhookRequest',
      },
      billing.ctx,
    )) as { applied: boolean };
    expect(replay.applied).toBe(false);
    const paid = (await billing.subscriptions.payments(41, '', 10)).rows;
    expect(paid.map((p) => [p.amountCents, p.currency, p.status])).toEqual([[1200, 'USD', 'paid']]);
    // The browser's return finds it complete and signs the return parameters.
    const back = new URL(await billing.checkout.finishStripe(checkoutId));
    expect(back.pathname).toBe('/de/payment/success');
    const { signature: returned, ...fields } = Object.fromEntries(back.searchParams);
    expect(billing.checkout.verifyReturn(fields, returned!).valid).toBe(true);
    expect(fields.customer_id).toMatch(/^cus_/);
  });

  it('completes from the browser return before the webhook, and the later webhook adds nothing', async () => {
    const { checkoutId } = await startCheckout(42, 'return-first');
    const sessionId = [...standIn.sessions.values()].find((s) => s.client_reference_id === checkoutId)!
      .id as string;
    // Not paid yet: back to the cancel page, nothing active.
    expect(new URL(await billing.checkout.finishStripe(checkoutId)).pathname).toBe('/de/payment/cancel');
    const { session } = standIn.paySession(sessionId);
    expect(new URL(await billing.checkout.finishStripe(checkoutId)).searchParams.get('signature')).toMatch(
      /^[0-9a-f]{64}$/,
    );
    expect(await plan(42)).toBe('premium');
    expect(
      (await deliver('checkout.session.completed', session, Math.floor(Date.now() / 1000))).applied,
    ).toBe(true);
    expect((await billing.subscriptions.list(42, '', 10)).items).toHaveLength(1);
    expect((await billing.subscriptions.payments(42, '', 10)).rows).toHaveLength(1);
  });

  it('renews on invoice.paid, fails on invoice.payment_failed, and ignores events older than the state', async () => {
    const { checkoutId } = await startCheckout(43, 'renew');
    const sessionId = [...standIn.sessions.values()].find((s) => s.client_reference_id === checkoutId)!
      .id as string;
    const t0 = Math.floor(Date.now() / 1000);
    const { session, subscription } = standIn.paySession(sessionId, t0);
    await deliver('checkout.session.completed', session, t0);
    const firstEnd = (await subscriptionOf(43)).row.currentPeriodEnd!.getTime();

    const invoice = (id: string, end: number, extra: object = {}) => ({
      id,
      object: 'invoice',
      amount_paid: 1200,
      amount_due: 1200,
      attempt_count: 1,
      currency: 'usd',
      billing_reason: 'subscription_cycle',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      lines: { object: 'list', data: [{ period: { start: end - 30 * 86400, end } }] },
      ...extra,
    });
    const renewedEnd = firstEnd / 1000 + 30 * 86400;
    await deliver('invoice.payment_failed', invoice('in_renewal', renewedEnd), t0 + 10);
    expect((await subscriptionOf(43)).status).toBe('past_due');
    expect(await plan(43)).toBe('free');
    await deliver('invoice.paid', invoice('in_renewal', renewedEnd), t0 + 20);
    expect(await subscriptionOf(43)).toMatchObject({
      status: 'active',
      row: { currentPeriodEnd: new Date(renewedEnd * 1000) },
    });
    expect(await plan(43)).toBe('premium');
    const recorded = (await billing.subscriptions.payments(43, '', 10)).rows.map((p) => p.status).sort();
    expect(recorded).toEqual(['failed', 'paid', 'paid']);

    // Newer state first, then an older update: the older one changes nothing.
    const sub = (changes: object) => ({ ...subscription, ...changes });
    await deliver('customer.subscription.updated', sub({ cancel_at_period_end: true }), t0 + 40);
    await deliver('customer.subscription.updated', sub({ cancel_at_period_end: false }), t0 + 30);
    expect((await subscriptionOf(43)).row.cancelAtPeriodEnd).toBe(true);
    // Deleted is final: a later-arriving update from before it does not bring the subscription back.
    await deliver('customer.subscription.deleted', sub({ status: 'canceled' }), t0 + 60);
    await deliver('customer.subscription.updated', sub({ status: 'active' }), t0 + 50);
    expect((await subscriptionOf(43)).status).toBe('canceled');
    expect(await plan(43)).toBe('free');
    // Events billing does not act on are stored and acknowledged.
    expect((await deliver('customer.created', { id: 'cus_x', object: 'customer' }, t0)).applied).toBe(true);
    const stored = await billing.database.db.select().from(providerEvents);
    expect(new Set(stored.map((e) => e.id)).size).toBe(stored.length);
    expect((await billing.database.db.select().from(payments)).length).toBeGreaterThan(0);
  });

  it('cancels at period end and upgrades through Stripe with proration', async () => {
    const { checkoutId } = await startCheckout(44, 'change');
    const sessionId = [...standIn.sessions.values()].find((s) => s.client_reference_id === checkoutId)!
      .id as string;
    const { session } = standIn.paySession(sessionId);
    await deliver('checkout.session.completed', session, Math.floor(Date.now() / 1000));
    const { row } = await subscriptionOf(44);

    const upgraded = await billing.subscriptions.upgrade(44, row.id, 'ultimate_yearly');
    expect(upgraded.row.planId).toBe('ultimate_yearly');
    const update = standIn.requests
      .filter((r) => r.path === `/v1/subscriptions/${row.providerSubscriptionId}` && r.method === 'POST')
      .at(-1)!;
    expect(update.body).toMatchObject({
      proration_behavior: 'always_invoice',
      items: [
        {
          price_data: { unit_amount: '20000', product: 'pictura_ultimate', recurring: { interval: 'year' } },
        },
      ],
      metadata: { plan_id: 'ultimate_yearly' },
    });
    expect(await plan(44)).toBe('ultimate');

    const cancelled = await billing.subscriptions.cancel(44, row.id);
    expect(cancelled).toMatchObject({ status: 'active', row: { cancelAtPeriodEnd: true } });
    expect(standIn.subscriptions.get(row.providerSubscriptionId!)?.cancel_at_period_end).toBe(true);
  });
});
