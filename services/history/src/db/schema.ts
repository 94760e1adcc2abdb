import type { ImageScene } from '@pictura/common/scene';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const historySchema = pgSchema('history');

export interface StoredImage {
  key: string;
  width: number;
  height: number;
  seed: number;
  flagged: boolean;
  /** What Pictura Scenes read and drew for this image; absent for other models, upscales and older items. */
  scene?: ImageScene;
}

export const items = historySchema.table(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One item per job, however often the completion is reported. */
    jobId: uuid('job_id').notNull().unique(),
    userId: integer('user_id').notNull(),
    type: text('type', { enum: ['generated', 'upscaled'] }).notNull(),
    prompt: text('prompt').notNull().default(''),
    negativePrompt: text('negative_prompt').notNull().default(''),
    model: text('model').notNull().default(''),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    images: jsonb('images').$type<StoredImage[]>().notNull(),
    favorite: boolean('favorite').notNull().default(false),
    private: boolean('private').notNull().default(false),
    /**
     * The item's images carry a hold in the object store (holder 'history:<id>'). False from the insert
     * until the holds are down, and for items recorded before holds existed: the service retains those at
     * startup and before each sweep, so no sweep removes an image a recorded item shows.
     */
    imagesHeld: boolean('images_held').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('items_user_type_created_idx').on(table.userId, table.type, table.createdAt, table.id),
    // The favourites filter pages through few rows: a partial index keeps it from reading the rest.
    index('items_user_type_favorite_created_idx')
      .on(table.userId, table.type, table.createdAt, table.id)
      .where(sql`${table.favorite}`),
    index('items_images_not_held_idx').on(table.createdAt).where(sql`not ${table.imagesHeld}`),
    // The gateway asks, for a file requested without a signed link, whether a private item shows it.
    index('items_private_images_idx').using('gin', table.images).where(sql`${table.private}`),
  ],
);

export const schema = { items };
export type ItemRow = typeof items.$inferSelect;
