import { boolean, pgSchema, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const authSchema = pgSchema('auth');

/** Integer ids, so the spec's rule "user id 1 is admin" makes the first account the administrator. */
export const users = authSchema.table('users', {
  id: serial('id').primaryKey(),
  username: text('username').unique(),
  name: text('name').notNull().default(''),
  email: text('email').unique(),
  picture: text('picture').notNull().default(''),
  role: text('role').notNull().default('user'),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = { users };
export type UserRow = typeof users.$inferSelect;
