// The billing calls of spec section 7 the pricing and payment pages make (prices in integer cents, USD).
import { type RequestOptions, requestJson } from './http.ts';

export type BillingPeriod = 'monthly' | 'yearly';

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

export async function createCheckout(
  request: CheckoutRequest,
  options: Pick<RequestOptions, 'unauthorizedIsExpected'> = {},
): Promise<string> {
  const body = await requestJson<{ checkout_url: string }>('/api/payments/create-checkout', {
    method: 'POST',
    body: JSON.stringify(request),
    ...options,
  });
  return body.checkout_url;
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
