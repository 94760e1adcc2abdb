// The signed-in user's subscriptions and payments, and the changes made from account settings (spec 7:
// GET /api/v1/payments/subscriptions and /payments; cancel at period end and upgrade).
import { fetchSubscriptions, type Subscription } from './auth.ts';
import { requestJson } from './http.ts';

export interface SubscriptionRecord extends Subscription {
  id: number;
  /** {plan}_{billing}, e.g. premium_monthly. */
  plan_id: string;
  plan_type: string;
  billing_period: string;
  /** active, past_due, canceled or expired. */
  status: string;
  current_period_end: string | null;
  /** Cancelled by the user: the plan runs to current_period_end and then ends. */
  cancel_at_period_end: boolean;
  created_at: string;
  provider: string;
}

/** The same call (and query) that decides the plan in the auth context, read with every field. */
export async function fetchSubscriptionRecords(signal?: AbortSignal): Promise<SubscriptionRecord[]> {
  return (await fetchSubscriptions(signal)) as SubscriptionRecord[];
}

export interface PaymentRecord {
  id: number;
  /** Integer cents. */
  amount: number;
  currency: string;
  /** paid or failed. */
  status: string;
  plan_id: string;
  order_id: string;
  subscription_id: number | null;
  created_at: string;
  provider: string;
}

export interface PaymentPage {
  items: PaymentRecord[];
  next_cursor: string | null;
}

export function fetchPayments(cursor: string, signal?: AbortSignal): Promise<PaymentPage> {
  const query = new URLSearchParams({ limit: '20' });
  if (cursor) query.set('cursor', cursor);
  return requestJson<PaymentPage>(`/api/v1/payments/payments?${query}`, { signal });
}

export function cancelSubscription(id: number): Promise<SubscriptionRecord> {
  return requestJson<SubscriptionRecord>(`/api/v1/payments/subscriptions/${id}/cancel`, { method: 'POST' });
}

export function upgradeSubscription(id: number, planId: string): Promise<SubscriptionRecord> {
  return requestJson<SubscriptionRecord>(`/api/v1/payments/subscriptions/${id}/upgrade`, {
    method: 'POST',
    body: JSON.stringify({ plan_id: planId }),
  });
}
