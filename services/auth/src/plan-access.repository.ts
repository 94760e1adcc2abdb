// API access is an entitlement of the Enterprise plan, and billing is its source of truth. A "yes" is reused
// briefly (at most 5 s), so API key calls do not each cost a billing call, and a plan that lapses (a grant
// past its end) stops the user's keys within seconds. A "no" is not reused: a plan just granted works at once.
import type { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import type { ServiceClient } from '@pictura/common/grpc-types';
import { cachedByKey } from '@pictura/common/per-key-cache';

export type PlanApiAccess = (userId: number) => Promise<boolean>;

export const PLAN_ACCESS_CACHE_MAX_MS = 5000;

export function createPlanApiAccess(
  billing: ServiceClient<typeof BillingService>,
  cacheMs: number,
): PlanApiAccess {
  const ask = async (userId: number) => (await billing.getEntitlements({ userId })).apiAccess;
  return cachedByKey(ask, Math.min(cacheMs, PLAN_ACCESS_CACHE_MAX_MS), { reuse: (allowed) => allowed });
}
