// What a checkout buys: the plan and period the pricing page sends, read against the plan catalogue
// (@pictura/common/plan-catalog, spec sections 1 and 9).
import { AppError } from '@pictura/common/app-error';
import {
  BILLING_PERIODS,
  type BillingPeriod,
  currentPlanLabel,
  isPaidPlan,
  type PaidPlan,
  PRICES_CENTS,
} from '@pictura/common/plan-catalog';

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
  if (!isPaidPlan(plan) || !isPeriod(period)) {
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
