// Counts: hot tags for the gallery, a user's own numbers, and the moderators' community statistics.
import type { Database } from '@pictura/common/database';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LISTED_PREDICATE, likes, posts, reports, type schema } from './db/schema.ts';

export interface TagCount {
  tag: string;
  count: number;
}

export interface DayCount {
  day: string;
  count: number;
}

export interface StatsRepository {
  /** Tags of listed posts published since `since`, most used first (ties by name). */
  topTags(since: Date, limit: number, listedOnly: boolean): Promise<TagCount[]>;
  userStats(userId: number): Promise<{ totalPosts: number; totalLikesGiven: number; likesReceived: number }>;
  totals(): Promise<{ totalPosts: number; totalLikes: number; openReports: number }>;
  /** Rows per UTC day since the first day (YYYY-MM-DD); days without rows are absent. */
  perDay(table: 'posts' | 'likes' | 'reports', firstDay: string): Promise<Map<string, number>>;
}

/** db.execute answers { rows } on both drivers (node-postgres and PGlite); its type says unknown. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function createStatsRepository(db: Database<typeof schema>): StatsRepository {
  const created: Record<'posts' | 'likes' | 'reports', [PgTable, PgColumn]> = {
    posts: [posts, posts.createdAt],
    likes: [likes, likes.createdAt],
    reports: [reports, reports.createdAt],
  };
  return {
    async topTags(since, limit, listedOnly) {
      const result = await db.execute(sql`
        select tag, count(*)::int as count
        from ${posts}, unnest(${posts.tags}) as tag
        where ${posts.createdAt} >= ${since.toISOString()}::timestamptz
          ${listedOnly ? sql`and ${LISTED_PREDICATE}` : sql``}
        group by tag
        order by count desc, tag
        limit ${limit}`);
      return rowsOf<TagCount>(result).map((row) => ({ tag: row.tag, count: Number(row.count) }));
    },
    async userStats(userId) {
      const [mine] = await db
        .select({ posts: count(), received: sql<number>`coalesce(sum(${posts.likes}), 0)::int` })
        .from(posts)
        .where(eq(posts.authorId, userId));
      const [given] = await db.select({ likes: count() }).from(likes).where(eq(likes.userId, userId));
      return {
        totalPosts: mine?.posts ?? 0,
        totalLikesGiven: given?.likes ?? 0,
        likesReceived: Number(mine?.received ?? 0),
      };
    },
    async totals() {
      const [row] = await db
        .execute(sql`
        select (select count(*) from ${posts})::int as posts,
               (select count(*) from ${likes})::int as likes,
               (select count(*) from ${reports} where ${reports.status} = 'open')::int as open`)
        .then((result) => rowsOf<{ posts: number; likes: number; open: number }>(result));
      return {
        totalPosts: Number(row?.posts ?? 0),
        totalLikes: Number(row?.likes ?? 0),
        openReports: Number(row?.open ?? 0),
      };
    },
    async perDay(table, firstDay) {
      const [from, column] = created[table];
      const day = sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, count: count() })
        .from(from)
        .where(and(gte(column, new Date(`${firstDay}T00:00:00Z`))))
        .groupBy(day);
      return new Map(rows.map((row) => [row.day, Number(row.count)]));
    },
  };
}
