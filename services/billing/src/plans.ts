// What each plan allows (spec section 1); billing is the source of truth for these.
import { PLAN_QUEUE_PRIORITY } from '@pictura/common/queues';

export const PLANS = ['free', 'premium', 'ultimate', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

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
export const LEGACY_PLAN_LABELS: Record<string, Plan> = {
  starter: 'premium',
  pro: 'ultimate',
  business: 'enterprise',
};

/** Today's name for a plan label (an old label maps; anything else is returned as it is). */
export const currentPlanLabel = (label: string): string =>
  Object.hasOwn(LEGACY_PLAN_LABELS, label) ? LEGACY_PLAN_LABELS[label]! : label;

/** The plan type is the first part of a plan_id such as premium_monthly (old labels map to today's plans). */
export function planOf(planId: string): Plan {
  const raw = planId.split('_')[0] ?? '';
  const type = currentPlanLabel(raw);
  return (PLANS as readonly string[]).includes(type) ? (type as Plan) : 'free';
}

/** free 0 … enterprise 3: for "best plan" and "paid first". */
export const planRank = (plan: Plan) => PLANS.indexOf(plan);

/** The best plan among a user's active subscriptions; free when there is none. */
export function entitlementsFor(activePlanIds: string[]): PlanEntitlements {
  const best = activePlanIds.map(planOf).reduce<Plan>((a, b) => (planRank(b) > planRank(a) ? b : a), 'free');
  return PLAN_ENTITLEMENTS[best];
}
