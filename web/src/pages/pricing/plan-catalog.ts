// The plans and prices of spec sections 1 and 9, kept in the bundle so the pricing page (and its pre-rendered
// HTML) shows every plan before GET /api/plans answers; the server's answer replaces this once it arrives.
// Built from the catalogue billing sells from (@pictura/common/plan-catalog), in the API's shape.
import { CURRENCY, planCatalog, YEARLY_SAVING_PERCENT } from '@pictura/common/plan-catalog';
import type { PlansResponse } from '../../api/payments.ts';

export const STATIC_PLANS: PlansResponse = {
  currency: CURRENCY,
  yearly_saving_percent: YEARLY_SAVING_PERCENT,
  // Unknown until the server answers; the test-card notice waits for it.
  test_mode: false,
  plans: planCatalog().map((plan) => ({
    id: plan.id,
    name: plan.name,
    prices: plan.prices.map((price) => ({
      billing_period: price.billingPeriod,
      plan_id: price.planId,
      amount_cents: price.amountCents,
    })),
    features: plan.features,
    contact_sales: plan.contactSales,
    legacy_labels: plan.legacyLabels,
  })),
};
