import { auditLogTable } from '@pictura/common/audit-log';
import type { ImageScene } from '@pictura/common/scene';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const communitySchema = pgSchema('community');

// Millisecond precision, so a cursor made from a JS Date matches the stored value exactly.
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Posts everyone may see: not hidden by a moderator and not by a banned author. The feeds' partial indexes
 * use this exact text as their predicate, and every feed query repeats it, so the planner can use them.
 */
export const LISTED_PREDICATE = sql.raw('"hidden_at" IS NULL AND "author_banned" = false');

export const posts = communitySchema.table(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: integer('author_id').notNull(),
    /** The author's name and avatar when they published: a snapshot, so a feed page needs no call to auth. */
    authorName: text('author_name').notNull().default(''),
    authorAvatar: text('author_avatar').notNull().default(''),
    /** The history item it was published from (history owns it; it may be deleted since). */
    sourceItemId: text('source_item_id').notNull().default(''),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    prompt: text('prompt').notNull().default(''),
    negativePrompt: text('negative_prompt').notNull().default(''),
    model: text('model').notNull().default(''),
    /** Generator options for "Create similar", snake_case as POST /api/generate takes them. */
    options: jsonb('options').$type<Record<string, string | number>>().notNull().default({}),
    tags: text('tags').array().notNull().default([]),
    imageKey: text('image_key').notNull(),
    imageWidth: integer('image_width').notNull().default(0),
    imageHeight: integer('image_height').notNull().default(0),
    imageFlagged: boolean('image_flagged').notNull().default(false),
    /** What Pictura Scenes read and drew for the image, from the history item; null for other models. */
    scene: jsonb('scene').$type<ImageScene>(),
    likes: integer('likes').notNull().default(0),
    views: integer('views').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    /**
     * Popular order: likes with time decay, computed by the database whenever likes change:
     *   log10(max(likes, 1)) + seconds since 1970 / 45000
     * Every 12.5 hours of age weigh as much as ten times the likes (Reddit's "hot"). Unlike a score that
     * decays with now(), it never needs recomputing, so it can be indexed and paged by keyset.
     * The epoch is taken in UTC (an immutable expression, as a generated column needs).
     */
    hotScore: doublePrecision('hot_score')
      .notNull()
      .generatedAlwaysAs(
        sql`log(greatest("likes", 1)::double precision) + extract(epoch from ("created_at" at time zone 'UTC'))::double precision / 45000`,
      ),
    /** Set when a moderator hid the post (an approved report or content management). */
    hiddenAt: at('hidden_at'),
    /** The author is banned (auth told us): their posts leave everyone's view until unbanned. */
    authorBanned: boolean('author_banned').notNull().default(false),
  },
  // Ascending indexes: scanned backwards they serve ORDER BY … DESC, id DESC exactly (NULLS FIRST included).
  (t) => [
    index('posts_latest_idx').on(t.createdAt, t.id).where(LISTED_PREDICATE),
    index('posts_popular_idx').on(t.hotScore, t.id).where(LISTED_PREDICATE),
    index('posts_tags_idx').using('gin', t.tags).where(LISTED_PREDICATE),
    index('posts_author_idx').on(t.authorId, t.createdAt, t.id),
    // Content management lists every post, newest first.
    index('posts_created_idx').on(t.createdAt, t.id),
  ],
);

/** One like per user per post; posts.likes is kept equal to the count of these rows in the same transaction. */
export const likes = communitySchema.table(
  'likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('likes_user_idx').on(t.userId, t.createdAt, t.postId),
    index('likes_created_idx').on(t.createdAt),
  ],
);

/**
 * One view per viewer per post per UTC day. viewer is 'u:<user id>' or 'g:<hash>' for a guest, the hash of
 * their address with that day's random salt: the address itself is never stored, and once the salt is
 * dropped (after the day) nobody can tell which address it was.
 */
export const postViews = communitySchema.table(
  'post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.viewer, t.day] }), index('post_views_day_idx').on(t.day)],
);

/** The day's salt for guests' view hashes; yesterday's and older are deleted. */
export const viewSalts = communitySchema.table('view_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
});

export const REPORT_REASONS = ['spam', 'nudity', 'violence', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const reports = communitySchema.table(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').notNull(),
    reporterName: text('reporter_name').notNull().default(''),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    /** open, then actioned (a moderator hid the post) or dismissed; the reporter sees which. */
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    createdAt: at('created_at').notNull().defaultNow(),
    resolvedAt: at('resolved_at'),
    resolvedBy: integer('resolved_by'),
  },
  (t) => [
    // One open report per user per post; once handled, the user may report it again.
    uniqueIndex('reports_open_once_idx').on(t.postId, t.reporterId).where(sql`"status" = 'open'`),
    index('reports_queue_idx').on(t.status, t.createdAt, t.id),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt, t.id),
    index('reports_created_idx').on(t.createdAt),
  ],
);

export const APPEAL_STATUSES = ['open', 'restored', 'upheld'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/**
 * The author's appeal against a takedown: one per takedown, named by the post's hidden_at when it was made
 * (a post restored and taken down again may be appealed again). restored put the post back; upheld kept it down.
 */
export const appeals = communitySchema.table(
  'appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull(),
    message: text('message').notNull(),
    takenDownAt: at('taken_down_at').notNull(),
    status: text('status').$type<AppealStatus>().notNull().default('open'),
    createdAt: at('created_at').notNull().defaultNow(),
    resolvedAt: at('resolved_at'),
    resolvedBy: integer('resolved_by'),
  },
  (t) => [
    uniqueIndex('appeals_once_idx').on(t.postId, t.takenDownAt),
    index('appeals_queue_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** The community rules an admin sets: a single row (id 1); absent until first saved or taken over from jobs. */
export const settings = communitySchema.table(
  'settings',
  {
    id: integer('id').primaryKey(),
    maxTagsPerPost: integer('max_tags_per_post').notNull().default(5),
    /** 0: taken over from jobs, which held this setting before. */
    updatedBy: integer('updated_by').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('settings_single_row', sql`${t.id} = 1`)],
);

/** The admin audit log of actions on this service's data (append-only: @pictura/common/audit-log). */
export const auditLog = auditLogTable(communitySchema);

export const schema = { posts, likes, postViews, viewSalts, reports, appeals, settings, auditLog };
export type PostRow = typeof posts.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type AppealRow = typeof appeals.$inferSelect;
export type SettingsRow = typeof settings.$inferSelect;
