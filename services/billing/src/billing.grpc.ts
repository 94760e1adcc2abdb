// Maps BillingService RPCs onto the checkout, subscription and support services.
import { AppError } from '@pictura/common/app-error';
import type { AuditLogLister } from '@pictura/common/audit-log';
import type { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import type { ServiceImpl } from '@pictura/common/grpc-types';
import type { PlanEntitlements } from '@pictura/common/plan-catalog';
import { CURRENCY, planCatalog, YEARLY_SAVING_PERCENT } from '@pictura/common/plan-catalog';
import type { CheckoutService } from './checkout.service.ts';
import type { PaymentRow, SupportRequestRow } from './db/schema.ts';
import type { PlanGrantsService } from './plan-grants.service.ts';
import type { ProviderEventsService } from './provider-events.service.ts';
import type { StripePaymentProvider } from './stripe-payment.provider.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';
import type { SupportRequestsService } from './support-requests.service.ts';

const iso = (date: Date | null) => date?.toISOString() ?? '';

export const toEntitlementsMessage = (e: PlanEntitlements) => ({
  plan: e.plan,
  queuePriority: e.queuePriority,
  watermark: e.watermark,
  privateGeneration: e.privateGeneration,
  refineLevel: e.refineLevel,
  earlyAccess: e.earlyAccess,
  apiAccess: e.apiAccess,
  showAds: e.showAds,
  generationsPerMinute: e.generationsPerMinute,
  maxWaitingJobs: e.maxWaitingJobs,
  supportPriority: e.supportPriority,
});

const toSubscriptionMessage = ({ row, status }: Awaited<ReturnType<SubscriptionsService['cancel']>>) => ({
  id: row.id,
  planId: row.planId,
  status,
  currentPeriodEnd: iso(row.currentPeriodEnd),
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  createdAt: row.createdAt.toISOString(),
  provider: row.provider,
  note: row.grantNote ?? '',
  grantedBy: row.grantedBy ?? 0,
});

const toPaymentMessage = (row: PaymentRow) => ({
  id: row.id,
  amountCents: row.amountCents,
  currency: row.currency,
  status: row.status,
  planId: row.planId,
  orderId: row.orderId,
  subscriptionId: row.subscriptionId ?? 0,
  createdAt: row.createdAt.toISOString(),
  provider: row.provider,
});

const toSupportMessage = (row: SupportRequestRow) => ({
  id: row.id,
  kind: row.kind,
  userId: row.userId,
  name: row.name,
  email: row.email,
  company: row.company,
  message: row.message,
  plan: row.plan,
  createdAt: row.createdAt.toISOString(),
  status: row.status,
  answeredAt: row.answeredAt?.toISOString() ?? '',
});

export function billingGrpc(deps: {
  checkout: CheckoutService;
  subscriptions: SubscriptionsService;
  support: SupportRequestsService;
  grants: PlanGrantsService;
  events: ProviderEventsService;
  stripe?: StripePaymentProvider;
  testMode: boolean;
  /** ListAuditLog: admins' actions on billing data. */
  auditLog: AuditLogLister;
}): ServiceImpl<typeof BillingService> {
  const { checkout, subscriptions, support, grants } = deps;
  return {
    getEntitlements: async ({ userId }) => toEntitlementsMessage(await subscriptions.entitlements(userId)),
    // Subscription and payment records are kept (legal retention for payments): marked, never deleted.
    async deleteUserData({ userId }) {
      if (userId === 0) throw new AppError('invalid_argument', 'Guests have no subscriptions');
      // Support requests carry the person's name, address and words: they go with the account.
      await support.deleteUserData(userId);
      return { markedSubscriptions: await subscriptions.markAccountDeleted(userId) };
    },
    listPlans: async () => ({
      plans: planCatalog(),
      currency: CURRENCY,
      yearlySavingPercent: YEARLY_SAVING_PERCENT,
      testMode: deps.testMode,
    }),
    createCheckout: (request) =>
      checkout.create({
        ...request,
        expectedAmountCents: request.expectedAmountCents || undefined,
      }),
    getTestCheckout: ({ checkoutId }) => checkout.testCheckoutPage(checkoutId),
    completeTestCheckout: async ({ checkoutId }) => ({
      redirectUrl: await checkout.completeTest(checkoutId),
    }),
    finishStripeCheckout: async ({ checkoutId }) => ({
      redirectUrl: await checkout.finishStripe(checkoutId),
    }),
    async verifyReturn({ parameters }) {
      const { signature = '', ...fields } = {
        checkout_id: parameters?.checkoutId,
        order_id: parameters?.orderId,
        customer_id: parameters?.customerId,
        subscription_id: parameters?.subscriptionId,
        product_id: parameters?.productId,
        request_id: parameters?.requestId,
        signature: parameters?.signature,
      };
      return checkout.verifyReturn(fields, signature);
    },
    async handleStripeWebhook({ payload, signature }) {
      if (!deps.stripe) {
        throw new AppError('not_found', 'Stripe webhooks are not configured', 'webhooks_not_configured');
      }
      const event = await deps.stripe.eventFromWebhook(payload, signature);
      return { applied: await deps.events.apply(event), eventType: event.providerType };
    },
    async resetTestUser({ userId }) {
      const cleared = await subscriptions.resetTestUser(userId);
      return { message: 'Test subscription records cleared', clearedSubscriptions: cleared };
    },
    async listSubscriptions({ userId, cursor, limit }) {
      const page = await subscriptions.list(userId, cursor, limit);
      return { items: page.items.map(toSubscriptionMessage), nextCursor: page.next };
    },
    async listPayments({ userId, cursor, limit }) {
      const page = await subscriptions.payments(userId, cursor, limit);
      return { items: page.rows.map(toPaymentMessage), nextCursor: page.next };
    },
    cancelSubscription: async ({ userId, subscriptionId }) =>
      toSubscriptionMessage(await subscriptions.cancel(userId, subscriptionId)),
    upgradeSubscription: async ({ userId, subscriptionId, planId }) =>
      toSubscriptionMessage(await subscriptions.upgrade(userId, subscriptionId, planId)),
    createSupportRequest: async (request) => toSupportMessage(await support.create(request)),
    async listSupportRequests({ callerId, cursor, limit, status }) {
      const page = await support.list(callerId, cursor, limit, status);
      return { items: page.rows.map(toSupportMessage), nextCursor: page.next };
    },
    setSupportRequestStatus: async ({ callerId, id, status }) =>
      toSupportMessage(await support.setStatus(callerId, id, status)),
    listAuditLog: (request) => deps.auditLog(request),
    grantPlan: async (request) => toSubscriptionMessage(subscriptions.view(await grants.grant(request))),
    endGrant: async ({ callerId, userId, subscriptionId }) =>
      toSubscriptionMessage(subscriptions.view(await grants.end(callerId, userId, subscriptionId))),
  };
}
