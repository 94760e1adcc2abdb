import type { JobImageResult } from '@pictura/common/queues';
import { index, integer, jsonb, pgSchema, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const jobsSchema = pgSchema('jobs');

export const jobs = jobsSchema.table(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['generate', 'upscale'] }).notNull(),
    /** 0 for a guest. */
    userId: integer('user_id').notNull(),
    status: text('status', { enum: ['waiting', 'processing', 'completed', 'error'] }).notNull(),
    /** The request's options; a guest's prompt is never written here (spec: prompts are not stored). */
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    priority: integer('priority').notNull(),
    progress: real('progress').notNull().default(0),
    images: jsonb('images').$type<JobImageResult[]>().notNull().default([]),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    inferenceMs: integer('inference_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('jobs_user_created_idx').on(table.userId, table.createdAt)],
);

export const schema = { jobs };
export type JobRow = typeof jobs.$inferSelect;
