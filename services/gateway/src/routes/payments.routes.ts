// Plans, checkout, payment verification, subscriptions and payments (spec section 7; billing owns the data),
// the Stripe webhook, sales and support requests, and the built-in test provider's checkout page.
// Each route validates, then makes one call to billing, which checks the caller again.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { BillingClient } from '../clients.ts';
import type { GatewayConfig } from '../config.ts';
import { allowedOrigins, returnOriginOf } from '../return-origin.ts';
import { errorResponses as errors, requireAdmin, requireSignIn } from '../route-guards.ts';
import { SingleLineText } from '../text-schemas.ts';
import { toPaymentBody, toSubscriptionBody, toSupportBody } from './payments.bodies.ts';
import { registerTestCheckoutPages } from './payments.pages.ts';
import {
  CheckoutUrlBody,
  CreateCheckoutBody,
  CreateSessionBody,
  Page,
  PageQuery,
  PaymentBody,
  PlansBody,
  ResetBody,
  ReturnParameters,
  SubscriptionBody,
  SubscriptionParams,
  SupportRequestBody,
  SupportRequestInput,
  SupportRequestsQuery,
  UpgradeBody,
  VerifyBody,
  WebhookBody,
} from './payments.schemas.ts';

/** Guests may write to sales this often a minute per address. */
export const GUEST_SUPPORT_PER_MINUTE = 5;

export async function paymentsRoutes(
  app: FastifyInstance,
  deps: {
    billing: BillingClient;
    config: Pick<GatewayConfig, 'PUBLIC_URL'> & Partial<Pick<GatewayConfig, 'ALLOWED_ORIGINS'>>;
  },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { billing } = deps;
  // A checkout returns to the allowed origin the user started from (its Origin header), else PUBLIC_URL's.
  const origins = allowedOrigins({
    PUBLIC_URL: deps.config.PUBLIC_URL,
    ALLOWED_ORIGINS: deps.config.ALLOWED_ORIGINS ?? [],
  });
  const returnOrigin = (request: FastifyRequest) => returnOriginOf(request.headers, origins);

  api.get(
    '/api/plans',
    {
      schema: {
        operationId: 'listPlans',
        summary: 'Plans, prices (integer cents, USD) and feature keys for the pricing page',
        tags: ['payments'],
        response: { 200: PlansBody, ...errors },
      },
    },
    async (request) => {
      const plans = await billing.listPlans({}, { requestId: request.id });
      return {
        plans: plans.plans.map((p) => ({
          id: p.id,
          name: p.name,
          prices: p.prices.map((price) => ({
            billing_period: price.billingPeriod,
            plan_id: price.planId,
            amount_cents: price.amountCents,
          })),
          features: p.features,
          contact_sales: p.contactSales,
          legacy_labels: p.legacyLabels,
        })),
        currency: plans.currency,
        yearly_saving_percent: plans.yearlySavingPercent,
        test_mode: plans.testMode,
      };
    },
  );

  api.post(
    '/api/payments/create-checkout',
    {
      schema: {
        operationId: 'createCheckout',
        summary:
          'Start a checkout; guests get 401 unless no_auth and test_mode are set in test mode (such a checkout activates nothing)',
        tags: ['payments'],
        body: CreateCheckoutBody,
        response: { 200: CheckoutUrlBody, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const { checkoutUrl } = await billing.createCheckout(
        {
          userId: request.viewer.userId,
          productId: body.product_id,
          billingPeriod: body.billing_period ?? '',
          successUrl: body.success_url,
          requestId: body.request_id ?? '',
          returnOrigin: returnOrigin(request),
          testMode: body.test_mode ?? false,
          noAuth: body.no_auth ?? false,
        },
        { requestId: request.id },
      );
      return { checkout_url: checkoutUrl };
    },
  );

  api.post(
    '/v1/payments/create-session',
    {
      schema: {
        operationId: 'createCheckoutSession',
        summary: 'Start a subscription checkout for a plan; amount (integer cents) must be the plan price',
        tags: ['payments'],
        body: CreateSessionBody,
        response: { 200: CheckoutUrlBody, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const { checkoutUrl } = await billing.createCheckout(
        {
          userId: request.viewer.userId,
          productId: body.plan_id,
          billingPeriod: body.meta_data?.billing ?? '',
          successUrl: body.success_url ?? '/en/payment/success',
          requestId: body.request_id ?? '',
          returnOrigin: returnOrigin(request),
          testMode: body.test_mode ?? false,
          noAuth: false,
          expectedAmountCents: body.amount,
          currency: body.currency,
        },
        { requestId: request.id },
      );
      return { checkout_url: checkoutUrl };
    },
  );

  api.post(
    '/api/payments/verify-signature',
    {
      schema: {
        operationId: 'verifyCheckoutReturn',
        summary:
          'Check the signed payment return parameters: 200 {valid}; a bad signature gives valid false with a message',
        tags: ['payments'],
        body: ReturnParameters,
        response: { 200: VerifyBody, ...errors },
      },
    },
    async (request) => {
      const p = request.body;
      const result = await billing.verifyReturn(
        {
          parameters: {
            checkoutId: p.checkout_id ?? '',
            orderId: p.order_id ?? '',
            customerId: p.customer_id ?? '',
            subscriptionId: p.subscription_id ?? '',
            productId: p.product_id ?? '',
            requestId: p.request_id ?? '',
            signature: p.signature ?? '',
          },
        },
        { requestId: request.id },
      );
      return result.valid ? { valid: true } : { valid: false, message: result.message };
    },
  );

  api.post(
    '/api/payments/reset-test-user',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'resetTestUser',
        summary: "Test mode only: clear the signed-in user's subscription records",
        tags: ['payments'],
        body: ResetBody,
        response: { 200: Type.Object({ message: Type.String() }), ...errors },
      },
    },
    async (request) => {
      const { message } = await billing.resetTestUser(
        { userId: request.viewer.userId },
        { requestId: request.id },
      );
      return { message };
    },
  );

  api.get(
    '/api/v1/payments/subscriptions',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'listSubscriptions',
        summary: 'Your subscriptions, newest first; status active decides the plan',
        tags: ['payments'],
        querystring: PageQuery,
        response: { 200: Page(SubscriptionBody), ...errors },
      },
    },
    async (request) => {
      const page = await billing.listSubscriptions(
        {
          userId: request.viewer.userId,
          cursor: request.query.cursor ?? '',
          limit: request.query.limit ?? 20,
        },
        { requestId: request.id },
      );
      return { items: page.items.map(toSubscriptionBody), next_cursor: page.nextCursor || null };
    },
  );

  api.get(
    '/api/v1/payments/payments',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'listPayments',
        summary: 'Your payments, newest first (amounts in integer cents; sales are non-refundable)',
        tags: ['payments'],
        querystring: PageQuery,
        response: { 200: Page(PaymentBody), ...errors },
      },
    },
    async (request) => {
      const page = await billing.listPayments(
        {
          userId: request.viewer.userId,
          cursor: request.query.cursor ?? '',
          limit: request.query.limit ?? 20,
        },
        { requestId: request.id },
      );
      return { items: page.items.map(toPaymentBody), next_cursor: page.nextCursor || null };
    },
  );

  api.post(
    '/api/v1/payments/subscriptions/:id/cancel',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'cancelSubscription',
        summary: 'Cancel at period end: the plan stays until the paid period ends (no refund)',
        tags: ['payments'],
        params: SubscriptionParams,
        response: { 200: SubscriptionBody, ...errors },
      },
    },
    async (request) =>
      toSubscriptionBody(
        await billing.cancelSubscription(
          { userId: request.viewer.userId, subscriptionId: request.params.id },
          { requestId: request.id },
        ),
      ),
  );

  api.post(
    '/api/v1/payments/subscriptions/:id/upgrade',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'upgradeSubscription',
        summary: 'Upgrade (premium → ultimate, monthly → yearly); the provider prorates',
        tags: ['payments'],
        params: SubscriptionParams,
        body: UpgradeBody,
        response: { 200: SubscriptionBody, ...errors },
      },
    },
    async (request) =>
      toSubscriptionBody(
        await billing.upgradeSubscription(
          { userId: request.viewer.userId, subscriptionId: request.params.id, planId: request.body.plan_id },
          { requestId: request.id },
        ),
      ),
  );

  // Stripe signs the exact bytes it sent, so this route keeps the body raw for billing to verify.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    raw.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/payments/webhooks/stripe',
      {
        schema: {
          operationId: 'receiveStripeWebhook',
          summary: "Stripe's webhook endpoint: the raw JSON event, signed in the Stripe-Signature header",
          tags: ['payments'],
          headers: Type.Object({ 'stripe-signature': SingleLineText({ minLength: 1, maxLength: 2048 }) }),
          response: { 200: WebhookBody, ...errors },
        },
      },
      async (request) => {
        const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await billing.handleStripeWebhook(
          { payload, signature: request.headers['stripe-signature'] },
          { requestId: request.id },
        );
        return { received: true, duplicate: !result.applied };
      },
    );
  });

  api.post(
    '/api/support/requests',
    {
      schema: {
        operationId: 'createSupportRequest',
        summary:
          "Contact sales (Enterprise; guests too) or support (signed in); stored with the sender's plan",
        tags: ['support'],
        body: SupportRequestInput,
        response: { 201: SupportRequestBody, ...errors },
      },
      config: { rateLimitPolicy: 'guestSupport' },
    },
    async (request, reply) => {
      const { userId } = request.viewer;
      const body = request.body;
      const created = await billing.createSupportRequest(
        {
          userId,
          kind: body.kind,
          name: body.name,
          email: body.email,
          company: body.company ?? '',
          message: body.message,
        },
        { requestId: request.id },
      );
      return reply.status(201).send(toSupportBody(created));
    },
  );

  api.get(
    '/api/admin/support-requests',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'listSupportRequests',
        summary: 'Sales and support requests: paid plans first, then newest',
        tags: ['admin'],
        querystring: SupportRequestsQuery,
        response: { 200: Page(SupportRequestBody), ...errors },
      },
    },
    async (request) => {
      const page = await billing.listSupportRequests(
        {
          callerId: request.viewer.userId,
          cursor: request.query.cursor ?? '',
          limit: request.query.limit ?? 20,
          status: request.query.status ?? '',
        },
        { requestId: request.id },
      );
      return { items: page.items.map(toSupportBody), next_cursor: page.nextCursor || null };
    },
  );

  await registerTestCheckoutPages(app, billing);
}
