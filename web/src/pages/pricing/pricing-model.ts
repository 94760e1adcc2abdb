// Pure pricing and payment logic: price display, the yearly per-month figure, plan names from plan ids
// (old labels included), checkout error texts and reading the payment return parameters.
import { currentPlanLabel } from '@pictura/common/plan-catalog';
import { ApiError } from '../../api/http.ts';
import type { BillingPeriod, CheckoutRequest, PaymentReturn, PlanInfo } from '../../api/payments.ts';
import { numberFormat } from '../../components/units.ts';

/** Languages written right to left (of the 16, Arabic). */
const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur']);

/**
 * A whole amount shows without decimals ($12), anything else with two ($8.33). In a right-to-left language
 * the amount is isolated as left-to-right text (U+2066 … U+2069): Arabic's "24 US$" would otherwise be
 * drawn as "$US 24" inside a right-to-left line.
 */
export function formatPrice(cents: number, currency: string, locale: string): string {
  const whole = cents % 100 === 0;
  const text = numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
  return RTL_LANGUAGES.has(locale.split('-')[0]!.toLowerCase()) ? `\u2066${text}\u2069` : text;
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

/**
 * A plan's yearly saving in whole percent of twelve monthly payments, rounded down so it is never overstated
 * ($100 instead of 12 × $12 saves 30 %). 0 for a plan without both prices.
 */
export function yearlySavingPercent(plan: PlanInfo): number {
  const monthly = priceCents(plan, 'monthly');
  if (monthly === null || monthly <= 0) return 0;
  return Math.floor((yearlySavingCents(plan) * 100) / (monthly * 12));
}

/**
 * The saving the toggle and the FAQ announce, from the same prices as the cards: the least and the most any
 * plan saves. One figure when they agree ("Save 30%"), else "up to" the most; the FAQ promises the least.
 */
export function catalogueSaving(plans: readonly PlanInfo[]): { least: number; most: number } {
  const percents = plans.map(yearlySavingPercent).filter((percent) => percent > 0);
  if (percents.length === 0) return { least: 0, most: 0 };
  return { least: Math.min(...percents), most: Math.max(...percents) };
}

/** Spec 3: plan_id is {plan}_{billing}; old labels starter, pro and business map to today's plans. */
export function planTypeOf(planId: string): string {
  return currentPlanLabel((planId.split('_')[0] ?? '').toLowerCase());
}

export function billingPeriodOf(planId: string): BillingPeriod | null {
  const period = planId.split('_')[1];
  return period === 'monthly' || period === 'yearly' ? period : null;
}

/** A text for the page to show: a translation key (with values) or the server's own words. */
export type CheckoutErrorText =
  | { key: string; values?: Record<string, string | number> }
  | { key: 'errors.paymentFailed'; values: { status: number; detail: string } };

/**
 * Spec 8: 401 asks to log in, 403 is a rejected payment, other answers combine the payment-failure text with
 * the status and the server's detail, and no answer at all is 'Failed to create checkout session'.
 */
export function checkoutErrorText(error: unknown): CheckoutErrorText {
  if (!(error instanceof ApiError)) return { key: 'errors.checkoutFailed' };
  if (error.status === 401) return { key: 'errors.loginRequired' };
  if (error.status === 403) return { key: 'errors.paymentRejected' };
  if (error.status >= 500 && !error.message) return { key: 'errors.checkoutFailed' };
  return {
    key: 'errors.paymentFailed',
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

/**
 * A fresh id per checkout click (the server's idempotency key). crypto.randomUUID exists only on secure
 * origins; a self-hosted site on plain http still has getRandomValues.
 */
export function newRequestId(
  source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  return `req-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export type CheckoutAttempt = 'signed-in' | 'anonymous';

/**
 * Spec 7: create-checkout, and on a 401 in test mode one more try without authentication (no_auth set).
 * Anything else is the caller's to show.
 */
export async function requestCheckout(
  request: CheckoutRequest,
  create: (request: CheckoutRequest, attempt: CheckoutAttempt) => Promise<string>,
): Promise<string> {
  try {
    return await create(request, 'signed-in');
  } catch (error) {
    if (!(request.test_mode && error instanceof ApiError && error.status === 401)) throw error;
    return create({ ...request, no_auth: true }, 'anonymous');
  }
}

/** What a plan card's button does for this visitor. */
export type PlanAction = 'start-free' | 'checkout' | 'current' | 'manage' | 'contact-sales';

/**
 * Guests and free users can buy Premium or Ultimate; a subscriber's own plan is marked current, and the
 * other plans are changed from settings (spec 1: plans are upgraded or cancelled from account settings).
 */
export function planActionFor(
  plan: PlanInfo,
  viewer: { signedIn: boolean; currentPlan: string },
): PlanAction {
  if (plan.contact_sales) return 'contact-sales';
  const current = viewer.signedIn && viewer.currentPlan === plan.id;
  if (current) return 'current';
  if (plan.prices.length === 0)
    return viewer.signedIn && viewer.currentPlan !== 'free' ? 'manage' : 'start-free';
  return viewer.signedIn && viewer.currentPlan !== 'free' ? 'manage' : 'checkout';
}

/** A reset-test-user failure: a guest is told to log in; otherwise the server's own detail (spec 8). */
export function resetErrorText(error: unknown): { key: string } | { text: string } {
  if (error instanceof ApiError && error.status === 401) return { key: 'testMode.loginFirst' };
  if (error instanceof ApiError && error.message) return { text: error.message };
  return { key: 'errors.operationFailed' };
}

export interface SalesForm {
  name: string;
  email: string;
  company: string;
  message: string;
}

export type SalesField = 'name' | 'email' | 'message';

/** The first problem of the contact-sales form, with the field it is about (the server checks again). */
export function salesFormProblem(form: SalesForm): { field: SalesField; key: string } | null {
  if (!form.name.trim()) return { field: 'name', key: 'sales.nameRequired' };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim()))
    return { field: 'email', key: 'sales.emailInvalid' };
  if (!form.message.trim()) return { field: 'message', key: 'sales.messageRequired' };
  return null;
}
