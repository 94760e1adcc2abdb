import { AppError } from '@pictura/common/app-error';
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
    // Subscription and payment records are kept (legal retention for payments): marked, never deleted.
    async deleteUserData({ userId }) {
      if (userId === 0) throw new AppError('invalid_argument', 'Guests have no subscriptions');
      return { markedSubscriptions: await subscriptions.markAccountDeleted(userId) };
    },
  };
}
