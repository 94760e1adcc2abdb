// API access is an entitlement of the Enterprise plan, and billing is its source of truth. Its answer is
// reused briefly (as the jobs service does), so API key calls do not each cost a billing call.
import type { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import type { ServiceClient } from '@pictura/common/grpc-types';

export type PlanApiAccess = (userId: number) => Promise<boolean>;

export function createPlanApiAccess(
  billing: ServiceClient<typeof BillingService>,
  cacheMs: number,
): PlanApiAccess {
  const cache = new Map<number, { value: Promise<boolean>; expires: number }>();
  return (userId) => {
    const hit = cache.get(userId);
    if (hit && hit.expires > Date.now()) return hit.value;
    const value = billing.getEntitlements({ userId }).then((e) => e.apiAccess);
    cache.set(userId, { value, expires: Date.now() + cacheMs });
    value.catch(() => cache.delete(userId));
    if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
    return value;
  };
}
