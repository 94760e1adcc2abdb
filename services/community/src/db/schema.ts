import { index, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const communitySchema = pgSchema('community');

export const posts = communitySchema.table(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: integer('author_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    prompt: text('prompt').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    imageKey: text('image_key').notNull(),
    likes: integer('likes').notNull().default(0),
    views: integer('views').notNull().default(0),
    // Millisecond precision, so a cursor made from a JS Date matches the stored value exactly.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('posts_created_idx').on(table.createdAt, table.id)],
);

export const schema = { posts };
export type PostRow = typeof posts.$inferSelect;
