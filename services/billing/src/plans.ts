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
}

export const PLAN_ENTITLEMENTS: Record<Plan, PlanEntitlements> = {
  free: {
    plan: 'free',
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
    queuePriority: PLAN_QUEUE_PRIORITY.enterprise,
    watermark: false,
    privateGeneration: true,
    refineLevel: 'advanced',
    earlyAccess: true,
    apiAccess: true,
    showAds: false,
  },
};

/** The plan type is the first part of a plan_id such as premium_monthly. */
export function planOf(planId: string): Plan {
  const type = planId.split('_')[0];
  return (PLANS as readonly string[]).includes(type ?? '') ? (type as Plan) : 'free';
}

/** The best plan among a user's active subscriptions; free when there is none. */
export function entitlementsFor(activePlanIds: string[]): PlanEntitlements {
  const rank = (plan: Plan) => PLANS.indexOf(plan);
  const best = activePlanIds.map(planOf).reduce<Plan>((a, b) => (rank(b) > rank(a) ? b : a), 'free');
  return PLAN_ENTITLEMENTS[best];
}
