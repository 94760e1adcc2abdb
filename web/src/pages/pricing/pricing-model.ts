// Pure pricing and payment logic: price display, the yearly per-month figure, plan names from plan ids
// (old labels included), checkout error texts and reading the payment return parameters.
import { ApiError } from '../../api/http.ts';
import type { BillingPeriod, PaymentReturn, PlanInfo } from '../../api/payments.ts';
import { LEGACY_PLAN_LABELS } from './plan-catalog.ts';

/** A whole amount shows without decimals ($12), anything else with two ($8.33). */
export function formatPrice(cents: number, currency: string, locale: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

export function priceCents(plan: PlanInfo, period: BillingPeriod): number | null {
  return plan.prices.find((price) => price.billing_period === period)?.amount_cents ?? null;
}

/** The yearly price spread over twelve months, rounded to the cent. */
export const perMonthCents = (yearlyCents: number) => Math.round(yearlyCents / 12);

/** What a year costs less when paid yearly instead of twelve monthly payments (never negative). */
export function yearlySavingCents(plan: PlanInfo): number {
  const monthly = priceCents(plan, 'monthly');
  const yearly = priceCents(plan, 'yearly');
  if (monthly === null || yearly === null) return 0;
  return Math.max(0, monthly * 12 - yearly);
}

/** Spec 3: plan_id is {plan}_{billing}; old labels starter, pro and business map to today's plans. */
export function planTypeOf(planId: string): string {
  const raw = (planId.split('_')[0] ?? '').toLowerCase();
  return LEGACY_PLAN_LABELS[raw] ?? raw;
}

export function billingPeriodOf(planId: string): BillingPeriod | null {
  const period = planId.split('_')[1];
  return period === 'monthly' || period === 'yearly' ? period : null;
}

/** A text for the page to show: a translation key (with values) or the server's own words. */
export type CheckoutErrorText =
  | { key: string; values?: Record<string, string | number> }
  | { key: 'pricing.errors.paymentFailed'; values: { status: number; detail: string } };

/**
 * Spec 8: 401 asks to log in, 403 is a rejected payment, other answers combine the payment-failure text with
 * the status and the server's detail, and no answer at all is 'Failed to create checkout session'.
 */
export function checkoutErrorText(error: unknown): CheckoutErrorText {
  if (!(error instanceof ApiError)) return { key: 'pricing.errors.checkoutFailed' };
  if (error.status === 401) return { key: 'pricing.errors.loginRequired' };
  if (error.status === 403) return { key: 'pricing.errors.paymentRejected' };
  if (error.status >= 500 && !error.message) return { key: 'pricing.errors.checkoutFailed' };
  return {
    key: 'pricing.errors.paymentFailed',
    values: { status: error.status, detail: error.message || error.code },
  };
}

const REQUIRED_RETURN_FIELDS = ['checkout_id', 'order_id', 'product_id', 'request_id', 'signature'] as const;
const OPTIONAL_RETURN_FIELDS = ['customer_id', 'subscription_id'] as const;

/**
 * The return parameters from the success page's query, or null when a required one is missing (spec 5).
 * customer_id and subscription_id are empty for a checkout made without an account.
 */
export function paymentReturnFrom(search: URLSearchParams): PaymentReturn | null {
  const values: Record<string, string> = {};
  for (const name of REQUIRED_RETURN_FIELDS) {
    const value = search.get(name)?.trim();
    if (!value) return null;
    values[name] = value;
  }
  for (const name of OPTIONAL_RETURN_FIELDS) values[name] = search.get(name)?.trim() ?? '';
  return values as unknown as PaymentReturn;
}
