// Prices and the pricing page's plan list (spec sections 1 and 9). Amounts are integer cents, USD.
import { AppError } from '@pictura/common/app-error';
import { currentPlanLabel, LEGACY_PLAN_LABELS, PLANS, type Plan } from './plans.ts';

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const CURRENCY = 'USD';
export type PaidPlan = 'premium' | 'ultimate';

export const PRICES_CENTS: Record<PaidPlan, Record<BillingPeriod, number>> = {
  premium: { monthly: 1200, yearly: 10000 },
  ultimate: { monthly: 2400, yearly: 20000 },
};

/** A plan's yearly saving in whole percent of twelve monthly payments, rounded down (never overstated). */
export const yearlySavingPercentOf = (prices: Record<BillingPeriod, number>) =>
  Math.floor(((prices.monthly * 12 - prices.yearly) * 100) / (prices.monthly * 12));

/**
 * The yearly saving every paid plan gives at least, computed from the prices above (30 %: $100 instead of
 * 12 × $12), so the advertised figure cannot drift from them. The spec's "20 %" predates its own prices.
 */
export const YEARLY_SAVING_PERCENT = Math.min(
  ...Object.values(PRICES_CENTS).map((prices) => yearlySavingPercentOf(prices)),
);

export const PLAN_NAMES: Record<Plan, string> = {
  free: 'Free',
  premium: 'Premium',
  ultimate: 'Ultimate',
  enterprise: 'Enterprise',
};

/** Feature list keys per plan (the web app translates them), in the spec's words. */
export const PLAN_FEATURES: Record<Plan, string[]> = {
  free: ['basic_speed', 'basic_refine', 'unlimited_generation', 'commercial_use'],
  premium: [
    'unlimited_generation',
    'speed_5x',
    'no_ads',
    'no_watermark',
    'priority_queue',
    'priority_support',
  ],
  ultimate: [
    'fastest_generation',
    'advanced_refine',
    'private_generation',
    'early_access',
    'premium_support',
    'no_watermark',
  ],
  enterprise: [
    'full_privacy',
    'custom_models',
    'integrations',
    'dedicated_support',
    'api_access',
    'high_volume',
    'custom_sla',
  ],
};

export interface PlanChoice {
  plan: PaidPlan;
  period: BillingPeriod;
  /** {plan}_{billing}. */
  planId: string;
  amountCents: number;
}

const isPeriod = (value: string): value is BillingPeriod =>
  (BILLING_PERIODS as readonly string[]).includes(value);

/**
 * Reads what the pricing page sends: a plan_id (premium_monthly), or a plan (premium, or an old label such as
 * pro) with billing_period. Only Premium and Ultimate are sold here; Enterprise is by contact.
 */
export function choosePlan(productId: string, billingPeriod = ''): PlanChoice {
  const [rawPlan = '', rawPeriod = ''] = productId.trim().toLowerCase().split('_');
  const plan = currentPlanLabel(rawPlan);
  const period = (rawPeriod || billingPeriod.trim().toLowerCase() || 'monthly') as string;
  if (plan === 'enterprise') {
    throw new AppError('invalid_argument', 'Enterprise is available by contacting sales', 'contact_sales');
  }
  if ((plan !== 'premium' && plan !== 'ultimate') || !isPeriod(period)) {
    throw new AppError('invalid_argument', 'Unknown plan', 'unknown_plan');
  }
  return { plan, period, planId: `${plan}_${period}`, amountCents: PRICES_CENTS[plan][period] };
}

/** A stored plan_id read back (never throws for a known id). */
export function planChoiceOf(planId: string): PlanChoice | undefined {
  try {
    return choosePlan(planId);
  } catch {
    return undefined;
  }
}

/** The pricing page's data: every plan with its prices and feature keys. */
export function planCatalog() {
  return PLANS.map((id) => ({
    id,
    name: PLAN_NAMES[id],
    prices:
      id === 'premium' || id === 'ultimate'
        ? BILLING_PERIODS.map((period) => ({
            billingPeriod: period,
            planId: `${id}_${period}`,
            amountCents: PRICES_CENTS[id][period],
          }))
        : [],
    features: PLAN_FEATURES[id],
    contactSales: id === 'enterprise',
    legacyLabels: Object.entries(LEGACY_PLAN_LABELS)
      .filter(([, plan]) => plan === id)
      .map(([label]) => label),
  }));
}
