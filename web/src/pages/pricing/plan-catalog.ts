// The plans and prices of spec sections 1 and 9, kept in the bundle so the pricing page (and its pre-rendered
// HTML) shows every plan before GET /api/plans answers; the server's answer replaces this once it arrives.
import type { PlansResponse } from '../../api/payments.ts';

export const PLAN_ORDER = ['free', 'premium', 'ultimate', 'enterprise'] as const;
export type PlanId = (typeof PLAN_ORDER)[number];

/** The plans the page can sell through checkout; Enterprise is by contacting sales. */
export const PAID_PLANS: readonly string[] = ['premium', 'ultimate'];

/** The built-in test provider's card (spec 9: shown in test mode; any expiry date and CVV are accepted). */
export const TEST_CARD_NUMBER = '4242 4242 4242 4242';

/** Old labels still found in some subscription texts (spec 1). */
export const LEGACY_PLAN_LABELS: Record<string, PlanId> = {
  starter: 'premium',
  pro: 'ultimate',
  business: 'enterprise',
};

export const STATIC_PLANS: PlansResponse = {
  currency: 'USD',
  // What billing computes from these prices (the page computes its figures from the prices themselves).
  yearly_saving_percent: 30,
  // Unknown until the server answers; the test-card notice waits for it.
  test_mode: false,
  plans: [
    {
      id: 'free',
      name: 'Free',
      prices: [],
      features: ['basic_speed', 'basic_refine', 'unlimited_generation', 'commercial_use'],
      contact_sales: false,
      legacy_labels: [],
    },
    {
      id: 'premium',
      name: 'Premium',
      prices: [
        { billing_period: 'monthly', plan_id: 'premium_monthly', amount_cents: 1200 },
        { billing_period: 'yearly', plan_id: 'premium_yearly', amount_cents: 10000 },
      ],
      features: [
        'unlimited_generation',
        'speed_5x',
        'no_ads',
        'no_watermark',
        'priority_queue',
        'priority_support',
      ],
      contact_sales: false,
      legacy_labels: ['starter'],
    },
    {
      id: 'ultimate',
      name: 'Ultimate',
      prices: [
        { billing_period: 'monthly', plan_id: 'ultimate_monthly', amount_cents: 2400 },
        { billing_period: 'yearly', plan_id: 'ultimate_yearly', amount_cents: 20000 },
      ],
      features: [
        'fastest_generation',
        'advanced_refine',
        'private_generation',
        'early_access',
        'premium_support',
        'no_watermark',
      ],
      contact_sales: false,
      legacy_labels: ['pro'],
    },
    {
      id: 'enterprise',
      name: 'Enterprise',
      prices: [],
      features: [
        'full_privacy',
        'custom_models',
        'integrations',
        'dedicated_support',
        'api_access',
        'high_volume',
        'custom_sla',
      ],
      contact_sales: true,
      legacy_labels: ['business'],
    },
  ],
};
