import { auditLogTable } from '@pictura/common/audit-log';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgSchema,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const authSchema = pgSchema('auth');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Integer ids, so the spec's rule "user id 1 is admin" makes the first account the administrator. */
export const users = authSchema.table(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Null for accounts made by Google sign-in; unique ignoring case. */
    username: text('username'),
    name: text('name').notNull().default(''),
    /** Only a verified address is stored. */
    email: text('email').unique(),
    picture: text('picture').notNull().default(''),
    role: text('role').notNull().default('user'),
    isAdmin: boolean('is_admin').notNull().default(false),
    googleSubject: text('google_subject').unique(),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Last sign-in or use of a session or API key, written at most once an hour (admin "active" count). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // The admin dashboard counts users by sign-up day and by recent activity.
    index('users_created_idx').on(t.createdAt),
    index('users_last_seen_idx').on(t.lastSeenAt),
  ],
);

export const credentials = authSchema.table('credentials', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** argon2id, PHC string format (parameters inside). */
  passwordHash: text('password_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every token carries its session's id (`sid`); logout and bans revoke sessions. */
export const sessions = authSchema.table(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins per key (sign-in-throttle.ts names them) in a fixed window. */
export const loginFailures = authSchema.table('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  /** The growing delay after repeated failures counts from the latest one. */
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A Google sign-in in flight: what the callback must match (state) and prove (PKCE verifier, nonce). */
export const oauthStates = authSchema.table('oauth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  locale: text('locale').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One-time codes that hand a finished Google sign-in's session to the browser. Stored hashed. */
export const oauthHandoffs = authSchema.table('oauth_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const apiKeys = authSchema.table(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key: keys are 256 random bits, so a fast hash is enough. */
    keyHash: text('key_hash').notNull().unique(),
    /** Where calls made with this key send job webhooks when they name none; '' for none. */
    webhookUrl: text('webhook_url').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

/** Forgot-password links: SHA-256 of a 32-byte random token, one row per user (a new request replaces it). */
export const passwordResets = authSchema.table(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** An address a user added and has not confirmed yet; users.email takes it when the link is opened. */
export const emailVerifications = authSchema.table(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/** The admin audit log of actions on this service's data (append-only: @pictura/common/audit-log). */
export const auditLog = auditLogTable(authSchema);

export const schema = {
  users,
  credentials,
  sessions,
  loginFailures,
  oauthStates,
  oauthHandoffs,
  apiKeys,
  passwordResets,
  emailVerifications,
  auditLog,
};
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
