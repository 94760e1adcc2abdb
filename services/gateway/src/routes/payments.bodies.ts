// Billing's gRPC messages as the wire shows them.
import type { Payment, Subscription, SupportRequest } from '@pictura/common/gen/billing/v1/billing_pb';

export const toSubscriptionBody = (s: Subscription) => {
  const [planType = '', billingPeriod = ''] = s.planId.split('_');
  return {
    id: s.id,
    plan_id: s.planId,
    plan_type: planType,
    billing_period: billingPeriod,
    status: s.status,
    current_period_end: s.currentPeriodEnd || null,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    created_at: s.createdAt,
    provider: s.provider,
  };
};

export const toPaymentBody = (p: Payment) => ({
  id: p.id,
  amount: p.amountCents,
  currency: p.currency,
  status: p.status,
  plan_id: p.planId,
  order_id: p.orderId,
  subscription_id: p.subscriptionId || null,
  created_at: p.createdAt,
  provider: p.provider,
});

export const toSupportBody = (r: SupportRequest) => ({
  id: r.id,
  kind: r.kind,
  user_id: r.userId || null,
  name: r.name,
  email: r.email,
  company: r.company,
  message: r.message,
  plan: r.plan,
  created_at: r.createdAt,
  status: r.status === 'answered' ? ('answered' as const) : ('new' as const),
  answered_at: r.answeredAt || null,
});
