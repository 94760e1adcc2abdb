// Billing is the source of truth for what a plan allows; its answer is reused briefly, never taken from a JWT.
import type { BillingService, Entitlements } from '@pictura/common/gen/billing/v1/billing_pb';
import type { ServiceClient } from '@pictura/common/grpc-types';

export interface EntitlementsRepository {
  forUser(userId: number, requestId: string): Promise<Entitlements>;
}

export function createEntitlementsRepository(
  billing: ServiceClient<typeof BillingService>,
  cacheMs: number,
): EntitlementsRepository {
  const cache = new Map<number, { value: Promise<Entitlements>; expires: number }>();
  return {
    forUser(userId, requestId) {
      const hit = cache.get(userId);
      if (hit && hit.expires > Date.now()) return hit.value;
      const value = billing.getEntitlements({ userId }, { requestId });
      cache.set(userId, { value, expires: Date.now() + cacheMs });
      value.catch(() => cache.delete(userId));
      if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
      return value;
    },
  };
}
