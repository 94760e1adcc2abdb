import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.ts';
import { STATIC_PLANS } from './plan-catalog.ts';
import {
  billingPeriodOf,
  checkoutErrorText,
  formatPrice,
  paymentReturnFrom,
  perMonthCents,
  planTypeOf,
  priceCents,
  yearlySavingCents,
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
    expect(STATIC_PLANS.yearly_saving_percent).toBe(20);
  });

  it('formats whole amounts without decimals and others with two, in the page language', () => {
    expect(formatPrice(1200, 'USD', 'en')).toBe('$12');
    expect(formatPrice(833, 'USD', 'en')).toBe('$8.33');
    expect(formatPrice(10000, 'USD', 'de')).toBe('100\u00a0$');
  });

  it('spreads the yearly price over twelve months and tells the yearly saving', () => {
    expect(perMonthCents(10000)).toBe(833);
    expect(perMonthCents(20000)).toBe(1667);
    expect(yearlySavingCents(plan('premium'))).toBe(4400);
    expect(yearlySavingCents(plan('ultimate'))).toBe(8800);
    expect(yearlySavingCents(plan('free'))).toBe(0);
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
      key: 'pricing.errors.checkoutFailed',
    });
    expect(checkoutErrorText(new ApiError(401, 'unauthenticated', 'Please login to continue'))).toEqual({
      key: 'pricing.errors.loginRequired',
    });
    expect(checkoutErrorText(new ApiError(403, 'forbidden', 'nope'))).toEqual({
      key: 'pricing.errors.paymentRejected',
    });
    expect(checkoutErrorText(new ApiError(400, 'unknown_plan', 'Unknown plan'))).toEqual({
      key: 'pricing.errors.paymentFailed',
      values: { status: 400, detail: 'Unknown plan' },
    });
    expect(checkoutErrorText(new ApiError(502, 'http_error', ''))).toEqual({
      key: 'pricing.errors.checkoutFailed',
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
});
