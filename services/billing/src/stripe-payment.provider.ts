// Stripe through its own SDK: Checkout Sessions in subscription mode with price_data (amounts from the plan
// catalog), one customer per user, and signed webhooks turned into ProviderEvents.
import { AppError } from '@pictura/common/app-error';
import { type PaidPlan, PLAN_NAMES } from '@pictura/common/plan-catalog';
import Stripe from 'stripe';
import type { CheckoutRow } from './db/schema.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { PlanChoice } from './plan-choice.ts';
import type { ProviderEvent } from './provider-events.service.ts';
import type { SubscriptionState } from './subscriptions.repository.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string;
  /** Another API address (the tests' stand-in); Stripe's own by default. */
  apiBase?: string;
}

export interface StripePaymentProvider extends PaymentProvider {
  /** Verifies the Stripe-Signature header over the raw body; a forged or stale one is refused (400). */
  eventFromWebhook(payload: Uint8Array, signature: string): Promise<ProviderEvent>;
}

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

const refOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? '');

function stateOf(subscription: Stripe.Subscription): SubscriptionState {
  const status =
    subscription.status === 'active' || subscription.status === 'trialing'
      ? 'active'
      : subscription.status === 'canceled' || subscription.status === 'incomplete_expired'
        ? 'canceled'
        : 'past_due';
  const end = subscription.items.data[0]?.current_period_end;
  const planId = subscription.metadata?.plan_id;
  return {
    status,
    currentPeriodEnd: end ? new Date(end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    ...(planId ? { planId } : {}),
  };
}

export function createStripePaymentProvider(deps: {
  stripe: Stripe;
  webhookSecret?: string;
}): StripePaymentProvider {
  const { stripe } = deps;
  const products = new Map<PaidPlan, string>();

  /** One Stripe product per plan, with a fixed id, so prices of every checkout and upgrade share it. */
  async function productFor(plan: PaidPlan): Promise<string> {
    const id = `pictura_${plan}`;
    if (products.has(plan)) return id;
    try {
      await stripe.products.retrieve(id);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 404) throw error;
      await stripe.products.create(
        { id, name: `Pictura ${PLAN_NAMES[plan]}` },
        { idempotencyKey: `product-${id}` },
      );
    }
    products.set(plan, id);
    return id;
  }

  const priceData = async (choice: PlanChoice) => ({
    currency: 'usd',
    product: await productFor(choice.plan),
    unit_amount: choice.amountCents,
    recurring: { interval: choice.period === 'yearly' ? ('year' as const) : ('month' as const) },
  });

  async function completedEvent(
    session: Stripe.Checkout.Session,
    id: string,
    created: Date,
  ): Promise<ProviderEvent> {
    const checkoutId = session.client_reference_id ?? session.metadata?.checkout_id ?? '';
    const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    const subscriptionRef = refOf(session.subscription);
    if (session.mode !== 'subscription' || !paid || !subscriptionRef || !checkoutId) {
      return {
        id,
        provider: 'stripe',
        created,
        providerType: 'checkout.session.completed',
        event: { type: 'ignored', reason: 'not a paid subscription checkout' },
      };
    }
    // The session does not carry the period: the subscription does.
    const subscription =
      typeof session.subscription === 'object' && session.subscription
        ? session.subscription
        : await stripe.subscriptions.retrieve(subscriptionRef);
    return {
      id,
      provider: 'stripe',
      created,
      providerType: 'checkout.session.completed',
      event: {
        type: 'checkout.completed',
        checkoutId,
        customerRef: refOf(session.customer),
        subscriptionRef,
        state: stateOf(subscription),
        payment: {
          ref: refOf(session.invoice) || `cs:${session.id}`,
          amountCents: session.amount_total ?? 0,
          currency: (session.currency ?? 'usd').toUpperCase(),
        },
      },
    };
  }

  function invoiceEvent(event: Stripe.Event, invoice: Stripe.Invoice, created: Date): ProviderEvent {
    const subscriptionRef = refOf(invoice.parent?.subscription_details?.subscription);
    const base = { id: event.id, provider: 'stripe' as const, created, providerType: event.type };
    if (!subscriptionRef)
      return { ...base, event: { type: 'ignored', reason: 'not a subscription invoice' } };
    if (event.type === 'invoice.paid') {
      const end = invoice.lines.data[0]?.period.end;
      return {
        ...base,
        event: {
          type: 'invoice.paid',
          subscriptionRef,
          periodEnd: end ? new Date(end * 1000) : null,
          payment: {
            ref: invoice.id ?? event.id,
            amountCents: invoice.amount_paid,
            currency: invoice.currency.toUpperCase(),
          },
        },
      };
    }
    return {
      ...base,
      event: {
        type: 'invoice.failed',
        subscriptionRef,
        payment: {
          ref: `${invoice.id ?? event.id}:failed:${invoice.attempt_count}`,
          amountCents: invoice.amount_due,
          currency: invoice.currency.toUpperCase(),
        },
      },
    };
  }

  return {
    name: 'stripe',
    async createCustomer(userId) {
      // The idempotency key makes two concurrent first checkouts of one user create one customer.
      const customer = await stripe.customers.create(
        { metadata: { user_id: String(userId) } },
        { idempotencyKey: `pictura-customer-${userId}` },
      );
      return customer.id;
    },
    async startCheckout({ checkout, customerId, choice, returnUrl, cancelUrl }) {
      const metadata = { checkout_id: checkout.id, user_id: String(checkout.userId), plan_id: choice.planId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          ...(customerId ? { customer: customerId } : {}),
          client_reference_id: checkout.id,
          line_items: [{ price_data: await priceData(choice), quantity: 1 }],
          success_url: returnUrl,
          cancel_url: cancelUrl,
          metadata,
          subscription_data: { metadata },
        },
        // The same checkout row always gets the same session, even when two requests race.
        { idempotencyKey: `pictura-checkout-${checkout.id}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async cancelAtPeriodEnd(subscription) {
      const updated = await stripe.subscriptions.update(subscription.providerSubscriptionId ?? '', {
        cancel_at_period_end: true,
      });
      return stateOf(updated);
    },
    async changePlan(subscription, to) {
      const current = await stripe.subscriptions.retrieve(subscription.providerSubscriptionId ?? '');
      const item = current.items.data[0];
      if (!item)
        throw new AppError(
          'failed_precondition',
          'This subscription has nothing to upgrade',
          'not_upgradable',
        );
      const updated = await stripe.subscriptions.update(current.id, {
        items: [{ id: item.id, price_data: await priceData(to) }],
        proration_behavior: 'always_invoice',
        cancel_at_period_end: false,
        metadata: { ...current.metadata, plan_id: to.planId },
      });
      // The prorated invoice reaches us as invoice.paid.
      return { state: { ...stateOf(updated), planId: to.planId } };
    },
    async completionOf(checkout: CheckoutRow) {
      if (!checkout.providerSessionId) return undefined;
      const session = await stripe.checkout.sessions.retrieve(checkout.providerSessionId);
      if (session.status !== 'complete') return undefined;
      const event = await completedEvent(session, `return_${session.id}`, new Date(session.created * 1000));
      return event.event.type === 'checkout.completed' ? event : undefined;
    },
    async eventFromWebhook(payload, signature) {
      if (!deps.webhookSecret) {
        throw new AppError('not_found', 'Stripe webhooks are not configured', 'webhooks_not_configured');
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(Buffer.from(payload), signature, deps.webhookSecret);
      } catch {
        throw new AppError('invalid_argument', 'Invalid webhook signature', 'invalid_signature');
      }
      const created = new Date(event.created * 1000);
      const base = { id: event.id, provider: 'stripe' as const, created, providerType: event.type };
      switch (event.type) {
        case 'checkout.session.completed':
          return completedEvent(event.data.object, event.id, created);
        case 'invoice.paid':
        case 'invoice.payment_failed':
          return invoiceEvent(event, event.data.object, created);
        case 'customer.subscription.updated':
          return {
            ...base,
            event: {
              type: 'subscription.updated',
              subscriptionRef: event.data.object.id,
              state: stateOf(event.data.object),
            },
          };
        case 'customer.subscription.deleted':
          return { ...base, event: { type: 'subscription.deleted', subscriptionRef: event.data.object.id } };
        default:
          return { ...base, event: { type: 'ignored', reason: 'not an event billing acts on' } };
      }
    },
  };
}
