import { auditLogTable } from '@pictura/common/audit-log';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSchema, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const billingSchema = pgSchema('billing');

// Millisecond precision, as JavaScript dates have: keyset cursors compare stored times with a Date.
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const subscriptions = billingSchema.table(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** {plan}_{billing}, e.g. premium_monthly (spec section 3). */
    planId: text('plan_id').notNull(),
    /** active, past_due or canceled as stored; "expired" is derived at read time from the period end. */
    status: text('status').notNull(),
    currentPeriodEnd: at('current_period_end'),
    createdAt: at('created_at').notNull().defaultNow(),
    /**
     * Set when the user deleted their account. The record stays: payment records must be kept for the
     * legally required retention period (tax and accounting law), so deletion marks instead of removing.
     */
    accountDeletedAt: at('account_deleted_at'),
    /** stripe, test (the built-in test provider) or grant (given by an administrator, no payment). */
    provider: text('provider').notNull().default('test'),
    /** The provider's subscription id (sub_…): events name subscriptions by it. */
    providerSubscriptionId: text('provider_subscription_id').unique(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Creation time of the newest provider event applied: an older event arriving later changes nothing. */
    providerStateAt: at('provider_state_at'),
    checkoutId: text('checkout_id'),
    /** A grant's administrator and note (why it was given), for the admins' eyes. */
    grantedBy: integer('granted_by'),
    grantNote: text('grant_note'),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId, table.createdAt)],
);

/** One provider customer per user and provider (spec: a Stripe customer per user). */
export const customers = billingSchema.table(
  'customers',
  {
    userId: integer('user_id').notNull(),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customers_user_provider_idx').on(table.userId, table.provider),
    uniqueIndex('customers_provider_customer_idx').on(table.provider, table.providerCustomerId),
  ],
);

export const checkouts = billingSchema.table(
  'checkouts',
  {
    /** chk_… : also the capability in the test checkout page's address. */
    id: text('id').primaryKey(),
    /** 0 for the spec's test-mode checkout without authentication (activates nothing). */
    userId: integer('user_id').notNull(),
    /** The client's idempotency key: the same user and request_id give the same checkout. */
    requestId: text('request_id').notNull(),
    planId: text('plan_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    provider: text('provider').notNull(),
    /** The provider's session id (cs_…), once created. */
    providerSessionId: text('provider_session_id').unique(),
    /** Where the browser pays; set once the provider answered. */
    checkoutUrl: text('checkout_url'),
    /** open, completed or canceled. */
    status: text('status').notNull().default('open'),
    successUrl: text('success_url').notNull(),
    orderId: text('order_id').notNull().unique(),
    customerId: text('customer_id').notNull().default(''),
    subscriptionRef: text('subscription_ref').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
  },
  (table) => [uniqueIndex('checkouts_user_request_idx').on(table.userId, table.requestId)],
);

export const payments = billingSchema.table(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    subscriptionId: integer('subscription_id'),
    checkoutId: text('checkout_id'),
    orderId: text('order_id').notNull(),
    planId: text('plan_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** paid or failed. */
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    /** The provider's reference (an invoice id, with ":failed" for a failed attempt): each is recorded once. */
    providerRef: text('provider_ref').notNull().unique(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('payments_user_idx').on(table.userId, table.createdAt)],
);

/** Every provider event applied, once: a redelivered event id changes nothing. */
export const providerEvents = billingSchema.table('provider_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  /** When the provider created the event (orders events about one subscription). */
  createdAt: at('created_at').notNull(),
  receivedAt: at('received_at').notNull().defaultNow(),
});

export const SUPPORT_REQUEST_STATUSES = ['new', 'answered'] as const;
export type SupportRequestStatus = (typeof SUPPORT_REQUEST_STATUSES)[number];

export const supportRequests = billingSchema.table(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    /** sales or support. */
    kind: text('kind').notNull(),
    /** 0 for a guest. */
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    message: text('message').notNull(),
    /** The sender's plan when they wrote, and its rank (free 0 … enterprise 3) for "paid first". */
    plan: text('plan').notNull(),
    planRank: integer('plan_rank').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** new until an admin marks it answered (and may mark it new again). */
    status: text('status').$type<SupportRequestStatus>().notNull().default('new'),
    answeredAt: at('answered_at'),
    answeredBy: integer('answered_by'),
  },
  (table) => [
    index('support_requests_order_idx').on(sql`${table.planRank} DESC`, sql`${table.createdAt} DESC`),
  ],
);

/** The admin audit log of actions on this service's data (append-only: @pictura/common/audit-log). */
export const auditLog = auditLogTable(billingSchema);

export const schema = {
  subscriptions,
  customers,
  checkouts,
  payments,
  providerEvents,
  supportRequests,
  auditLog,
};
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type SupportRequestRow = typeof supportRequests.$inferSelect;
