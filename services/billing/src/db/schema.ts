import { index, integer, pgSchema, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const billingSchema = pgSchema('billing');

export const subscriptions = billingSchema.table(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** {plan}_{billing}, e.g. premium_monthly (spec section 3). */
    planId: text('plan_id').notNull(),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the user deleted their account. The record stays: payment records must be kept for the
     * legally required retention period (tax and accounting law), so deletion marks instead of removing.
     */
    accountDeletedAt: timestamp('account_deleted_at', { withTimezone: true }),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId)],
);

export const schema = { subscriptions };
