// Completed jobs per UTC day for the admin dashboard (a range scan on jobs_created_idx).
import type { Database } from '@pictura/common/database';
import { sql } from 'drizzle-orm';
import type { schema } from './db/schema.ts';

export interface DayCounts {
  /** YYYY-MM-DD (UTC). */
  day: string;
  generations: number;
  upscales: number;
}

export interface JobStatsRepository {
  /** One entry per day for the last `days` days up to today, oldest first, empty days included. */
  completedPerDay(days: number): Promise<DayCounts[]>;
}

export function createJobStatsRepository(db: Database<typeof schema>): JobStatsRepository {
  return {
    async completedPerDay(days) {
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
          SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day,
            count(*) FILTER (WHERE kind = 'generate')::int AS generations,
            count(*) FILTER (WHERE kind = 'upscale')::int AS upscales
          FROM jobs.jobs
          WHERE created_at >= (SELECT min(day) FROM span) AT TIME ZONE 'UTC' AND status = 'completed'
          GROUP BY 1
        )
        SELECT to_char(span.day, 'YYYY-MM-DD') AS day,
          coalesce(counted.generations, 0)::int AS generations,
          coalesce(counted.upscales, 0)::int AS upscales
        FROM span LEFT JOIN counted ON counted.day = span.day
        ORDER BY span.day`)) as unknown as { rows: { day: string; generations: number; upscales: number }[] };
      return result.rows.map((row) => ({
        day: row.day,
        generations: Number(row.generations),
        upscales: Number(row.upscales),
      }));
    },
  };
}
