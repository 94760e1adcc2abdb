import type { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import type { ServiceImpl } from '@pictura/common/grpc-types';
import { entitlementsFor, PLAN_ENTITLEMENTS } from './plans.ts';
import type { SubscriptionsRepository } from './subscriptions.repository.ts';

export function billingGrpc(subscriptions: SubscriptionsRepository): ServiceImpl<typeof BillingService> {
  return {
    async getEntitlements({ userId }) {
      if (userId === 0) return PLAN_ENTITLEMENTS.free;
      return entitlementsFor(await subscriptions.activePlanIds(userId));
    },
  };
}
