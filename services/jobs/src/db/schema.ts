import { auditLogTable } from '@pictura/common/audit-log';
import type { JobImageResult } from '@pictura/common/queues';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const jobsSchema = pgSchema('jobs');

export const jobs = jobsSchema.table(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['generate', 'upscale'] }).notNull(),
    /** 0 for a guest. */
    userId: integer('user_id').notNull(),
    /** A plain text column: 'cancelled' (issue 15) needed no migration. */
    status: text('status', { enum: ['waiting', 'processing', 'completed', 'error', 'cancelled'] }).notNull(),
    /** The request's options; a guest's prompt is never written here (spec: prompts are not stored). */
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    priority: integer('priority').notNull(),
    progress: real('progress').notNull().default(0),
    images: jsonb('images').$type<JobImageResult[]>().notNull().default([]),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    inferenceMs: integer('inference_ms'),
    /** Where the job's end is POSTed (Standard Webhooks); null for none. */
    webhookUrl: text('webhook_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_user_created_idx').on(table.userId, table.createdAt),
    // The admin dashboard counts jobs per day over a date range.
    index('jobs_created_idx').on(table.createdAt),
  ],
);

/** The system settings an admin changes at run time: a single row (id 1); absent until first saved. */
export const settings = jobsSchema.table(
  'settings',
  {
    id: integer('id').primaryKey(),
    /** Null: the gateway's GUEST_GENERATE_PER_MINUTE applies. */
    anonymousGeneratePerMinute: integer('anonymous_generate_per_minute'),
    maintenanceNotice: text('maintenance_notice').notNull().default(''),
    /** Empty: the model registry's own default. */
    defaultModel: text('default_model').notNull().default(''),
    /** Empty: the workers' own default upscale model. */
    defaultUpscaleModel: text('default_upscale_model').notNull().default(''),
    /** Empty: the workers' own default safety classifier; 'none': results are not checked. */
    defaultSafetyModel: text('default_safety_model').notNull().default(''),
    /**
     * Retired: community owns the tag limit. Never written now; read once by community to take the stored
     * value over (it keeps its own database), then dropped in a later release.
     */
    retiredMaxTagsPerPost: integer('max_tags_per_post').notNull().default(5),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('settings_single_row', sql`${table.id} = 1`)],
);

/** A user's webhook signing secret ("whsec_…"), created on first need. */
export const webhookSecrets = jobsSchema.table('webhook_secrets', {
  userId: integer('user_id').primaryKey(),
  secret: text('secret').notNull(),
  /** The secret before the last rotation: it signs beside the new one until previousUntil. */
  previousSecret: text('previous_secret'),
  previousUntil: timestamp('previous_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One webhook message (its webhook-id is `id`) and how its delivery went, over every attempt. */
export const webhookDeliveries = jobsSchema.table(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    jobId: uuid('job_id').notNull(),
    eventType: text('event_type', { enum: ['job.completed', 'job.failed', 'job.cancelled'] }).notNull(),
    url: text('url').notNull(),
    /** The exact JSON body every attempt sends, so each one carries the same message. */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_user_created_idx').on(table.userId, table.createdAt),
    // One message per job and event, however many replicas see the job end.
    uniqueIndex('webhook_deliveries_job_event_idx').on(table.jobId, table.eventType),
  ],
);

/** The admin audit log of actions on this service's data (append-only: @pictura/common/audit-log). */
export const auditLog = auditLogTable(jobsSchema);

export const schema = { jobs, settings, webhookSecrets, webhookDeliveries, auditLog };
export type JobRow = typeof jobs.$inferSelect;
export type SettingsRow = typeof settings.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookSecretRow = typeof webhookSecrets.$inferSelect;
