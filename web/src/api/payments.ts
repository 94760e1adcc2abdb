// The billing calls of spec section 7 the pricing and payment pages make (prices in integer cents, USD).
import type { BillingPeriod } from '@pictura/common/plan-catalog';
import { ApiError, type RequestOptions, requestJson } from './http.ts';

export type { BillingPeriod };

export interface PlanPrice {
  billing_period: BillingPeriod | (string & {});
  /** {plan}_{billing}, e.g. premium_monthly. */
  plan_id: string;
  amount_cents: number;
}

export interface PlanInfo {
  id: string;
  name: string;
  prices: PlanPrice[];
  /** Feature keys the pricing page translates (pricing.features.<key>). */
  features: string[];
  contact_sales: boolean;
  legacy_labels: string[];
}

export interface PlansResponse {
  plans: PlanInfo[];
  currency: string;
  yearly_saving_percent: number;
  test_mode: boolean;
}

export function fetchPlans(signal?: AbortSignal): Promise<PlansResponse> {
  return requestJson<PlansResponse>('/api/plans', { signal });
}

export interface CheckoutRequest {
  product_id: string;
  test_mode: boolean;
  billing_period?: BillingPeriod;
  success_url: string;
  request_id: string;
  no_auth: boolean;
}

export interface CheckoutOptions {
  /** Test mode's retry without authentication (spec 7): no bearer token is sent. */
  anonymous?: boolean;
  /** In test mode a 401 is retried rather than ending the session. */
  unauthorizedIsExpected?: boolean;
}

export async function createCheckout(
  request: CheckoutRequest,
  options: CheckoutOptions = {},
): Promise<string> {
  const init: RequestOptions = { method: 'POST', body: JSON.stringify(request) };
  const body = options.anonymous
    ? await postAnonymously<{ checkout_url: string }>('/api/payments/create-checkout', init)
    : await requestJson<{ checkout_url: string }>('/api/payments/create-checkout', {
        ...init,
        unauthorizedIsExpected: options.unauthorizedIsExpected,
      });
  return body.checkout_url;
}

/** A JSON call without the bearer token (requestJson always adds it when one is stored). */
async function postAnonymously<T>(path: string, init: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  });
  const body: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const fields = (body ?? {}) as { error?: unknown; message?: unknown };
    throw new ApiError(
      response.status,
      typeof fields.error === 'string' ? fields.error : 'http_error',
      typeof fields.message === 'string' ? fields.message : '',
    );
  }
  return body as T;
}

/** Spec 3: what the checkout hands back to the success page, signed by billing. */
export interface PaymentReturn {
  checkout_id: string;
  order_id: string;
  customer_id: string;
  subscription_id: string;
  product_id: string;
  request_id: string;
  signature: string;
}

export interface VerifyResult {
  valid: boolean;
  message?: string;
}

/** The success pages never prompt for sign-in (spec 4), so a 401 here must not open the modal either. */
export function verifySignature(parameters: PaymentReturn): Promise<VerifyResult> {
  return requestJson<VerifyResult>('/api/payments/verify-signature', {
    method: 'POST',
    body: JSON.stringify(parameters),
    unauthorizedIsExpected: true,
  });
}

export interface SupportRequest {
  kind: 'sales' | 'support';
  name: string;
  email: string;
  company?: string;
  message: string;
}

export function createSupportRequest(request: SupportRequest): Promise<{ id: number }> {
  return requestJson<{ id: number }>('/api/support/requests', {
    method: 'POST',
    body: JSON.stringify(request),
  });
}

/** Test mode only: clears the signed-in user's subscriptions, checkouts and payments (spec 4, 6). */
export function resetTestUser(): Promise<{ message: string }> {
  return requestJson<{ message: string }>('/api/payments/reset-test-user', {
    method: 'POST',
    credentials: 'include',
    body: JSON.stringify({ test_mode: true, force_reset: true }),
  });
}

/** One subscription as GET /api/v1/payments/subscriptions lists it. */
export interface SubscriptionRecord {
  id: number;
  plan_id: string;
  status: string;
  current_period_end?: string | null;
  cancel_at_period_end?: boolean;
}
