// Which plan a user has, from their subscriptions: billing is the source of truth for entitlements at run
// time; the plans and what each allows are the catalogue's (@pictura/common/plan-catalog, spec section 1).
import {
  currentPlanLabel,
  isPlan,
  PLAN_ENTITLEMENTS,
  PLANS,
  type Plan,
  type PlanEntitlements,
} from '@pictura/common/plan-catalog';

/** The plan type is the first part of a plan_id such as premium_monthly (old labels map to today's plans). */
export function planOf(planId: string): Plan {
  const type = currentPlanLabel(planId.split('_')[0] ?? '');
  return isPlan(type) ? type : 'free';
}

/** free 0 … enterprise 3: for "best plan" and "paid first". */
export const planRank = (plan: Plan) => PLANS.indexOf(plan);

/** The best plan among a user's active subscriptions; free when there is none. */
export function entitlementsFor(activePlanIds: string[]): PlanEntitlements {
  const best = activePlanIds.map(planOf).reduce<Plan>((a, b) => (planRank(b) > planRank(a) ? b : a), 'free');
  return PLAN_ENTITLEMENTS[best];
}
