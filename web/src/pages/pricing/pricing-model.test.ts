import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.ts';
import type { CheckoutRequest } from '../../api/payments.ts';
import { STATIC_PLANS } from './plan-catalog.ts';
import {
  billingPeriodOf,
  catalogueSaving,
  checkoutErrorText,
  formatPrice,
  newRequestId,
  paymentReturnFrom,
  perMonthCents,
  planActionFor,
  planTypeOf,
  priceCents,
  requestCheckout,
  resetErrorText,
  salesFormProblem,
  yearlySavingCents,
  yearlySavingPercent,
} from './pricing-model.ts';

const plan = (id: string) => STATIC_PLANS.plans.find((p) => p.id === id)!;

describe('pricing model', () => {
  it('carries the prices of spec 9 in the static catalog', () => {
    expect(STATIC_PLANS.plans.map((p) => p.id)).toEqual(['free', 'premium', 'ultimate', 'enterprise']);
    expect(priceCents(plan('premium'), 'monthly')).toBe(1200);
    expect(priceCents(plan('premium'), 'yearly')).toBe(10000);
    expect(priceCents(plan('ultimate'), 'monthly')).toBe(2400);
    expect(priceCents(plan('ultimate'), 'yearly')).toBe(20000);
    expect(priceCents(plan('enterprise'), 'monthly')).toBeNull();
    // The server's figure, computed from these prices the same way (billing's plan-catalog.ts).
    expect(STATIC_PLANS.yearly_saving_percent).toBe(catalogueSaving(STATIC_PLANS.plans).least);
  });

  it('formats whole amounts without decimals and others with two, in the page language', () => {
    expect(formatPrice(1200, 'USD', 'en')).toBe('$12');
    expect(formatPrice(833, 'USD', 'en')).toBe('$8.33');
    expect(formatPrice(10000, 'USD', 'de')).toBe('100\u00a0$');
    // Arabic: isolated as left-to-right, so the currency stays beside the digits in a right-to-left line.
    expect(formatPrice(2400, 'USD', 'ar')).toMatch(/^\u2066.*24.*\u2069$/);
  });

  it('spreads the yearly price over twelve months and tells the yearly saving', () => {
    expect(perMonthCents(10000)).toBe(833);
    expect(perMonthCents(20000)).toBe(1667);
    expect(yearlySavingCents(plan('premium'))).toBe(4400);
    expect(yearlySavingCents(plan('ultimate'))).toBe(8800);
    expect(yearlySavingCents(plan('free'))).toBe(0);
  });

  it('computes one saving figure from the prices for the toggle, the cards and the FAQ', () => {
    // $44 of 12 × $12 = 30.6 %, said as 30 (never overstated); Ultimate the same.
    expect(yearlySavingPercent(plan('premium'))).toBe(30);
    expect(yearlySavingPercent(plan('ultimate'))).toBe(30);
    expect(yearlySavingPercent(plan('free'))).toBe(0);
    expect(catalogueSaving(STATIC_PLANS.plans)).toEqual({ least: 30, most: 30 });
    // Plans that save differently: the toggle says "up to" the most, the FAQ "at least" the least.
    const cheaper = {
      ...plan('ultimate'),
      prices: [
        { billing_period: 'monthly', plan_id: 'ultimate_monthly', amount_cents: 2400 },
        { billing_period: 'yearly', plan_id: 'ultimate_yearly', amount_cents: 14400 },
      ],
    };
    expect(yearlySavingPercent(cheaper)).toBe(50);
    expect(catalogueSaving([plan('free'), plan('premium'), cheaper])).toEqual({ least: 30, most: 50 });
    expect(catalogueSaving([plan('free'), plan('enterprise')])).toEqual({ least: 0, most: 0 });
  });

  it('reads plan ids, mapping the old labels', () => {
    expect(planTypeOf('premium_monthly')).toBe('premium');
    expect(planTypeOf('pro_yearly')).toBe('ultimate');
    expect(planTypeOf('starter')).toBe('premium');
    expect(planTypeOf('business_monthly')).toBe('enterprise');
    expect(billingPeriodOf('ultimate_yearly')).toBe('yearly');
    expect(billingPeriodOf('ultimate')).toBeNull();
  });

  it('turns checkout failures into the texts of spec 8', () => {
    expect(checkoutErrorText(new TypeError('fetch failed'))).toEqual({
      key: 'errors.checkoutFailed',
    });
    expect(checkoutErrorText(new ApiError(401, 'unauthenticated', 'Please login to continue'))).toEqual({
      key: 'errors.loginRequired',
    });
    expect(checkoutErrorText(new ApiError(403, 'forbidden', 'nope'))).toEqual({
      key: 'errors.paymentRejected',
    });
    expect(checkoutErrorText(new ApiError(400, 'unknown_plan', 'Unknown plan'))).toEqual({
      key: 'errors.paymentFailed',
      values: { status: 400, detail: 'Unknown plan' },
    });
    expect(checkoutErrorText(new ApiError(502, 'http_error', ''))).toEqual({
      key: 'errors.checkoutFailed',
    });
  });

  it('needs every required return parameter', () => {
    const full = new URLSearchParams({
      checkout_id: 'chk_1',
      order_id: 'ord_1',
      customer_id: 'cus_1',
      subscription_id: '7',
      product_id: 'premium_monthly',
      request_id: 'r1',
      signature: 'ab',
    });
    expect(paymentReturnFrom(full)).toEqual(Object.fromEntries(full));
    const guest = new URLSearchParams(full);
    guest.delete('customer_id');
    guest.set('subscription_id', '');
    expect(paymentReturnFrom(guest)).toMatchObject({ customer_id: '', subscription_id: '' });
    for (const name of ['checkout_id', 'order_id', 'product_id', 'request_id', 'signature']) {
      const missing = new URLSearchParams(full);
      missing.delete(name);
      expect(paymentReturnFrom(missing), name).toBeNull();
    }
  });

  it('makes a fresh request id per checkout, also where randomUUID is missing (plain http)', () => {
    expect(newRequestId({ getRandomValues: (a) => a, randomUUID: () => 'a-b-c-d-e' })).toBe('a-b-c-d-e');
    const ids = new Set(
      Array.from({ length: 20 }, () =>
        newRequestId({ getRandomValues: (array) => crypto.getRandomValues(array) }),
      ),
    );
    expect(ids.size).toBe(20);
    for (const id of ids) expect(id).toMatch(/^req-[0-9a-f]{32}$/);
  });

  describe('checkout with the test-mode retry of spec 7', () => {
    const request: CheckoutRequest = {
      product_id: 'premium',
      test_mode: true,
      billing_period: 'monthly',
      success_url: '/en/payment/success',
      request_id: 'r1',
      no_auth: false,
    };
    const unauthorized = new ApiError(401, 'login_required', 'Please login to continue');

    it('retries once without authentication on a 401 in test mode', async () => {
      const calls: [CheckoutRequest, string][] = [];
      const url = await requestCheckout(request, async (body, attempt) => {
        calls.push([body, attempt]);
        if (attempt === 'signed-in') throw unauthorized;
        return '/payments/test-checkout/chk_x';
      });
      expect(url).toBe('/payments/test-checkout/chk_x');
      expect(calls).toEqual([
        [request, 'signed-in'],
        [{ ...request, no_auth: true }, 'anonymous'],
      ]);
    });

    it('does not retry outside test mode, nor on other errors, nor twice', async () => {
      let calls = 0;
      const failing = async () => {
        calls++;
        throw unauthorized;
      };
      await expect(requestCheckout({ ...request, test_mode: false }, failing)).rejects.toBe(unauthorized);
      expect(calls).toBe(1);
      calls = 0;
      await expect(requestCheckout(request, failing)).rejects.toBe(unauthorized);
      expect(calls).toBe(2);
      const rejected = new ApiError(403, 'forbidden', 'no');
      calls = 0;
      await expect(
        requestCheckout(request, async () => {
          calls++;
          throw rejected;
        }),
      ).rejects.toBe(rejected);
      expect(calls).toBe(1);
    });
  });

  it("lets guests and free users buy, marks a subscriber's plan and sends other changes to settings", () => {
    const guest = { signedIn: false, currentPlan: 'free' };
    const free = { signedIn: true, currentPlan: 'free' };
    const premiumUser = { signedIn: true, currentPlan: 'premium' };
    const actions = (viewer: typeof guest) => STATIC_PLANS.plans.map((p) => planActionFor(p, viewer));
    expect(actions(guest)).toEqual(['start-free', 'checkout', 'checkout', 'contact-sales']);
    expect(actions(free)).toEqual(['current', 'checkout', 'checkout', 'contact-sales']);
    expect(actions(premiumUser)).toEqual(['manage', 'current', 'manage', 'contact-sales']);
    expect(actions({ signedIn: true, currentPlan: 'enterprise' })).toEqual([
      'manage',
      'manage',
      'manage',
      'contact-sales',
    ]);
  });

  it('explains a failed test reset: log in first, else the server detail', () => {
    expect(resetErrorText(new ApiError(401, 'unauthenticated', 'Please login first'))).toEqual({
      key: 'testMode.loginFirst',
    });
    expect(
      resetErrorText(new ApiError(403, 'test_mode_required', 'This action is only available in test mode')),
    ).toEqual({ text: 'This action is only available in test mode' });
    expect(resetErrorText(new ApiError(502, 'http_error', ''))).toEqual({ key: 'errors.operationFailed' });
    expect(resetErrorText(new TypeError('fetch failed'))).toEqual({ key: 'errors.operationFailed' });
  });

  it('checks the contact-sales form field by field', () => {
    const form = { name: 'Ada', email: 'ada@example.com', company: '', message: 'We need 1M images' };
    expect(salesFormProblem(form)).toBeNull();
    expect(salesFormProblem({ ...form, name: '  ' })).toEqual({ field: 'name', key: 'sales.nameRequired' });
    expect(salesFormProblem({ ...form, email: 'ada@' })).toEqual({
      field: 'email',
      key: 'sales.emailInvalid',
    });
    expect(salesFormProblem({ ...form, message: '' })).toEqual({
      field: 'message',
      key: 'sales.messageRequired',
    });
  });
});
