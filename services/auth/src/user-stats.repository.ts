// Counts for the admin dashboard, and the "last seen" mark they rest on.
import type { Database } from '@pictura/common/database';
import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { type schema, users } from './db/schema.ts';

/** A user's activity is written at most this often, so a busy session costs one write an hour. */
export const LAST_SEEN_RESOLUTION_MS = 3600_000;

/** Whether a user row already carries a fresh enough "last seen" mark (saves the write). */
export const seenRecently = (user: { lastSeenAt: Date | null }, now = Date.now()) =>
  user.lastSeenAt !== null && now - user.lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS;

export interface UserCounts {
  total: number;
  activeSince: number;
  newSince: number;
}

export interface UserStatsRepository {
  /** Marks the user seen now unless already marked within the last hour (one conditional UPDATE). */
  markSeen(userId: number): Promise<void>;
  counts(activeSince: Date, newSince: Date): Promise<UserCounts>;
  /** Sign-ups per UTC day for the last `days` days up to today, oldest first, empty days included. */
  signupsPerDay(days: number): Promise<{ day: string; count: number }[]>;
}

export function createUserStatsRepository(db: Database<typeof schema>): UserStatsRepository {
  return {
    async markSeen(userId) {
      const now = new Date();
      await db
        .update(users)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(users.id, userId),
            or(
              isNull(users.lastSeenAt),
              lt(users.lastSeenAt, new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS)),
            ),
          ),
        );
    },
    async counts(activeSince, newSince) {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          activeSince: sql<number>`(count(*) FILTER (WHERE ${gte(users.lastSeenAt, activeSince)}))::int`,
          newSince: sql<number>`(count(*) FILTER (WHERE ${gte(users.createdAt, newSince)}))::int`,
        })
        .from(users);
      return {
        total: Number(row?.total ?? 0),
        activeSince: Number(row?.activeSince ?? 0),
        newSince: Number(row?.newSince ?? 0),
      };
    },
    async signupsPerDay(days) {
      // Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`.
      const result = (await db.execute(sql`
        WITH span AS (
          SELECT day::timestamp AS day
          FROM generate_series(
            date_trunc('day', now() AT TIME ZONE 'UTC') - ${days - 1} * interval '1 day',
            date_trunc('day', now() AT TIME ZONE 'UTC'),
            interval '1 day'
          ) AS day
        ),
        counted AS (
          SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day, count(*)::int AS count
          FROM auth.users
          WHERE created_at >= (SELECT min(day) FROM span) AT TIME ZONE 'UTC'
          GROUP BY 1
        )
        SELECT to_char(span.day, 'YYYY-MM-DD') AS day, coalesce(counted.count, 0)::int AS count
        FROM span LEFT JOIN counted ON counted.day = span.day
        ORDER BY span.day`)) as unknown as { rows: { day: string; count: number }[] };
      return result.rows.map((row) => ({ day: row.day, count: Number(row.count) }));
    },
  };
}
