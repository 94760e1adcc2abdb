// The plans of spec sections 1 and 9: their names, prices, feature list keys, entitlements and old labels,
// written once. Billing sells and enforces them (it is the source of truth at run time, over gRPC); the web
// app reads this same file through a path alias for the pricing page before GET /api/plans answers. Pure
// data and arithmetic, no imports: it travels into the browser bundle. Amounts are integer cents, USD.

export const PLANS = ['free', 'premium', 'ultimate', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** The plans checkout sells; Enterprise is by contacting sales. */
export const PAID_PLANS = ['premium', 'ultimate'] as const satisfies readonly Plan[];
export type PaidPlan = (typeof PAID_PLANS)[number];

/** The plans an administrator may give without payment: every one above free. */
export const GRANTABLE_PLANS = PLANS.filter((plan) => plan !== 'free') as Exclude<Plan, 'free'>[];
export type GrantablePlan = Exclude<Plan, 'free'>;
/** A grant runs for whole months in this range (or until a date); its note for administrators is short. */
export const GRANT_MONTHS = { min: 1, max: 36 } as const;
export const GRANT_NOTE_MAX = 500;

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const CURRENCY = 'USD';

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

/** The names billing and payment providers print; the web app shows its translation (plans.<id>.name). */
export const PLAN_NAMES: Record<Plan, string> = {
  free: 'Free',
  premium: 'Premium',
  ultimate: 'Ultimate',
  enterprise: 'Enterprise',
};

/** Feature list keys per plan (the web app translates them: pricing's features.<key>), in the spec's words. */
export const PLAN_FEATURES: Record<Plan, readonly string[]> = {
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

/** BullMQ: a lower number runs sooner. */
export const PLAN_QUEUE_PRIORITY = {
  enterprise: 1,
  ultimate: 1,
  premium: 2,
  free: 3,
} as const satisfies Record<Plan, number>;

export interface PlanEntitlements {
  plan: Plan;
  queuePriority: number;
  watermark: boolean;
  privateGeneration: boolean;
  refineLevel: 'basic' | 'advanced';
  earlyAccess: boolean;
  apiAccess: boolean;
  showAds: boolean;
  /** Generation requests a minute (an abuse limit: paid plans generate without a quota). */
  generationsPerMinute: number;
  /**
   * Unfinished jobs (waiting or running) at once: one user cannot fill the queue for everyone behind. A guest
   * gets the jobs service's GUEST_MAX_WAITING_JOBS per address.
   */
  maxWaitingJobs: number;
  supportPriority: 'standard' | 'priority' | 'premium' | 'dedicated';
}

export const PLAN_ENTITLEMENTS: Record<Plan, PlanEntitlements> = {
  free: {
    plan: 'free',
    maxWaitingJobs: 4,
    // The same budget a guest gets by default (GUEST_GENERATE_PER_MINUTE): signing in never costs speed.
    generationsPerMinute: 30,
    supportPriority: 'standard',
    queuePriority: PLAN_QUEUE_PRIORITY.free,
    watermark: true,
    privateGeneration: false,
    refineLevel: 'basic',
    earlyAccess: false,
    apiAccess: false,
    showAds: true,
  },
  premium: {
    plan: 'premium',
    maxWaitingJobs: 16,
    generationsPerMinute: 60,
    supportPriority: 'priority',
    queuePriority: PLAN_QUEUE_PRIORITY.premium,
    watermark: false,
    privateGeneration: false,
    refineLevel: 'basic',
    earlyAccess: false,
    apiAccess: false,
    showAds: false,
  },
  ultimate: {
    plan: 'ultimate',
    maxWaitingJobs: 32,
    generationsPerMinute: 120,
    supportPriority: 'premium',
    queuePriority: PLAN_QUEUE_PRIORITY.ultimate,
    watermark: false,
    privateGeneration: true,
    refineLevel: 'advanced',
    earlyAccess: true,
    apiAccess: false,
    showAds: false,
  },
  enterprise: {
    plan: 'enterprise',
    maxWaitingJobs: 64,
    generationsPerMinute: 600,
    supportPriority: 'dedicated',
    queuePriority: PLAN_QUEUE_PRIORITY.enterprise,
    watermark: false,
    privateGeneration: true,
    refineLevel: 'advanced',
    earlyAccess: true,
    apiAccess: true,
    showAds: false,
  },
};

/**
 * Old labels still found in some subscription success texts (spec section 1), mapped to today's plans:
 * starter → premium, pro → ultimate, business → enterprise.
 */
export const LEGACY_PLAN_LABELS: Readonly<Record<string, Plan>> = {
  starter: 'premium',
  pro: 'ultimate',
  business: 'enterprise',
};

/** Today's name for a plan label (an old label maps; anything else is returned as it is). */
export const currentPlanLabel = (label: string): string =>
  Object.hasOwn(LEGACY_PLAN_LABELS, label) ? LEGACY_PLAN_LABELS[label]! : label;

export const isPlan = (value: string): value is Plan => (PLANS as readonly string[]).includes(value);
export const isPaidPlan = (value: string): value is PaidPlan =>
  (PAID_PLANS as readonly string[]).includes(value);

export interface PlanCatalogEntry {
  id: Plan;
  name: string;
  prices: { billingPeriod: BillingPeriod; planId: string; amountCents: number }[];
  features: string[];
  contactSales: boolean;
  legacyLabels: string[];
}

/** The pricing page's data: every plan with its prices and feature keys. */
export function planCatalog(): PlanCatalogEntry[] {
  return PLANS.map((id) => ({
    id,
    name: PLAN_NAMES[id],
    prices: isPaidPlan(id)
      ? BILLING_PERIODS.map((period) => ({
          billingPeriod: period,
          planId: `${id}_${period}`,
          amountCents: PRICES_CENTS[id][period],
        }))
      : [],
    features: [...PLAN_FEATURES[id]],
    contactSales: id === 'enterprise',
    legacyLabels: Object.entries(LEGACY_PLAN_LABELS)
      .filter(([, plan]) => plan === id)
      .map(([label]) => label),
  }));
}
