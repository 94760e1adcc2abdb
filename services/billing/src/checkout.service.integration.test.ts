// Checkout rules on both engines: idempotent request_id (also under concurrency), no open redirect, test mode
// only where it must be, signed return parameters, and the guest test checkout that activates nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/support/databases.ts';
import { openTestBilling, TEST_PUBLIC_URL } from '../test/billing.fixture.ts';
import type { CheckoutRequest } from './checkout.service.ts';
import { checkouts } from './db/schema.ts';

const request = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  userId: 30,
  productId: 'premium',
  billingPeriod: 'monthly',
  successUrl: '/fr/payment/success',
  requestId: 'req-1',
  testMode: true,
  noAuth: false,
  ...over,
});

describe.each(ENGINES)('checkouts on %s', (engine) => {
  let billing: Awaited<ReturnType<typeof openTestBilling>>;
  let live: Awaited<ReturnType<typeof openTestBilling>>;
  beforeAll(async () => {
    billing = await openTestBilling(engine);
    live = await openTestBilling(engine, { testMode: false });
  });
  afterAll(async () => {
    await billing.database.close();
    await live.database.close();
  });

  it('gives two concurrent calls with one request_id the same checkout', async () => {
    const [a, b] = await Promise.all([
      billing.checkout.create(request({ requestId: 'same' })),
      billing.checkout.create(request({ requestId: 'same' })),
    ]);
    expect(a).toEqual(b);
    expect(a.checkoutUrl).toBe(`${TEST_PUBLIC_URL}/payments/test-checkout/${a.checkoutId}`);
    const rows = await billing.database.db.select().from(checkouts);
    expect(rows.filter((row) => row.requestId === 'same')).toHaveLength(1);
    // Another user's identical request_id is their own checkout.
    const other = await billing.checkout.create(request({ userId: 31, requestId: 'same' }));
    expect(other.checkoutId).not.toBe(a.checkoutId);
    await expect(
      billing.checkout.create(request({ requestId: 'same', productId: 'ultimate_yearly' })),
    ).rejects.toMatchObject({ code: 'invalid_argument', reason: 'request_id_reused' });
  });

  it('reads plans, periods and old labels, and refuses the rest', async () => {
    const page = async (over: Partial<CheckoutRequest>) =>
      billing.checkout.testCheckoutPage((await billing.checkout.create(request(over))).checkoutId);
    expect(await page({ requestId: 'p1', productId: 'ultimate_yearly' })).toMatchObject({
      planId: 'ultimate_yearly',
      planName: 'Ultimate',
      amountCents: 20000,
      currency: 'USD',
      cancelUrl: '/fr/payment/cancel',
    });
    expect(await page({ requestId: 'p2', productId: 'pro', billingPeriod: 'yearly' })).toMatchObject({
      planId: 'ultimate_yearly',
    });
    expect(await page({ requestId: 'p3', productId: 'starter', billingPeriod: '' })).toMatchObject({
      planId: 'premium_monthly',
      amountCents: 1200,
    });
    for (const productId of ['enterprise', 'business', 'gold', 'premium_weekly', 'constructor']) {
      await expect(
        billing.checkout.create(request({ requestId: `x-${productId}`, productId })),
      ).rejects.toMatchObject({
        code: 'invalid_argument',
      });
    }
    await expect(
      billing.checkout.create(request({ requestId: 'amount', expectedAmountCents: 999 })),
    ).rejects.toMatchObject({ reason: 'amount_mismatch' });
    await expect(
      billing.checkout.create(request({ requestId: 'eur', currency: 'EUR' })),
    ).rejects.toMatchObject({ reason: 'unsupported_currency' });
  });

  it('accepts only success pages on the site itself', async () => {
    const ok = await billing.checkout.create(
      request({ requestId: 'abs', successUrl: `${TEST_PUBLIC_URL}/ja/payment/success?x=1` }),
    );
    expect(ok.checkoutUrl).toContain('/payments/test-checkout/');
    for (const successUrl of [
      'https://evil.example/payment/success',
      '//evil.example/payment/success',
      'javascript:alert(1)',
      'http://localhost:8081/en/payment/success',
      '',
    ]) {
      await expect(
        billing.checkout.create(request({ requestId: `bad-${successUrl.length}`, successUrl })),
      ).rejects.toMatchObject({ code: 'invalid_argument', reason: 'invalid_success_url' });
    }
  });

  it('returns to the origin the gateway vouched for, and keeps the success page on it', async () => {
    const lan = 'http://192.168.1.20:8080';
    const { checkoutId, checkoutUrl } = await billing.checkout.create(
      request({ userId: 33, requestId: 'lan', returnOrigin: lan }),
    );
    expect(checkoutUrl).toBe(`${lan}/payments/test-checkout/${checkoutId}`);
    expect((await billing.checkout.testCheckoutPage(checkoutId)).cancelUrl).toBe('/fr/payment/cancel');
    const back = new URL(await billing.checkout.completeTest(checkoutId));
    expect(`${back.origin}${back.pathname}`).toBe(`${lan}/fr/payment/success`);
    // A success page on another origin than the checkout's is still an open redirect.
    await expect(
      billing.checkout.create(
        request({
          requestId: 'lan-bad',
          returnOrigin: lan,
          successUrl: `${TEST_PUBLIC_URL}/en/payment/success`,
        }),
      ),
    ).rejects.toMatchObject({ reason: 'invalid_success_url' });
    for (const returnOrigin of ['javascript:alert(1)', 'http://lan.example/path', 'not a url']) {
      await expect(
        billing.checkout.create(request({ requestId: 'lan-origin', returnOrigin })),
      ).rejects.toMatchObject({ code: 'invalid_argument', reason: 'invalid_return_origin' });
    }
  });

  it('signs the return parameters and refuses tampered or missing ones', async () => {
    const { checkoutId } = await billing.checkout.create(request({ userId: 32, requestId: 'sign' }));
    const back = new URL(await billing.checkout.completeTest(checkoutId));
    const params = Object.fromEntries(back.searchParams);
    expect(Object.keys(params).sort()).toEqual(
      [
        'checkout_id',
        'customer_id',
        'order_id',
        'product_id',
        'request_id',
        'signature',
        'subscription_id',
      ].sort(),
    );
    expect(params).toMatchObject({
      checkout_id: checkoutId,
      product_id: 'premium_monthly',
      request_id: 'sign',
    });
    const { signature, ...fields } = params;
    expect(billing.checkout.verifyReturn(fields, signature!)).toEqual({ valid: true, message: '' });
    expect(billing.checkout.verifyReturn({ ...fields, product_id: 'ultimate_yearly' }, signature!)).toEqual({
      valid: false,
      message: 'Payment verification failed, invalid signature',
    });
    expect(billing.checkout.verifyReturn(fields, 'ab'.repeat(32)).valid).toBe(false);
    expect(billing.checkout.verifyReturn(fields, 'not hex').valid).toBe(false);
    expect(() => billing.checkout.verifyReturn({ ...fields, order_id: '' }, signature!)).toThrow(
      'Missing required payment parameters',
    );
    // Paying twice changes nothing: the same return, one subscription.
    expect(await billing.checkout.completeTest(checkoutId)).toBe(back.toString());
    expect((await billing.subscriptions.list(32, '', 10)).items).toHaveLength(1);
  });

  it('lets a guest start a test checkout only with no_auth in test mode, and it activates nothing', async () => {
    await expect(billing.checkout.create(request({ userId: 0, requestId: 'g0' }))).rejects.toMatchObject({
      code: 'unauthenticated',
      message: 'Please login to continue',
    });
    const guest = await billing.checkout.create(request({ userId: 0, requestId: 'g1', noAuth: true }));
    const back = new URL(await billing.checkout.completeTest(guest.checkoutId));
    expect(back.searchParams.get('subscription_id')).toBe('');
    expect(back.searchParams.get('customer_id')).toBe('');
    const { signature, ...fields } = Object.fromEntries(back.searchParams);
    expect(billing.checkout.verifyReturn(fields, signature!).valid).toBe(true);
    expect((await billing.subscriptions.entitlements(0)).plan).toBe('free');
    expect((await billing.subscriptions.list(0, '', 10)).items).toEqual([]);
  });

  it('keeps test mode to test mode', async () => {
    const message = 'This action is only available in test mode';
    await expect(live.checkout.create(request())).rejects.toMatchObject({
      code: 'permission_denied',
      message,
    });
    await expect(live.subscriptions.resetTestUser(30)).rejects.toMatchObject({
      code: 'permission_denied',
      message,
    });
    await expect(live.checkout.create(request({ userId: 0, noAuth: true }))).rejects.toMatchObject({
      code: 'permission_denied',
    });
    // Without Stripe configured a live checkout cannot be made; the spec's message says so.
    await expect(live.checkout.create(request({ testMode: false }))).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Failed to create checkout session',
    });
    // A test checkout made in test mode is not payable once test mode is off.
    const { checkoutId } = await billing.checkout.create(request({ requestId: 'tm' }));
    await expect(live.checkout.completeTest(checkoutId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(billing.checkout.completeTest('chk_nonexistent-checkout-id')).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
