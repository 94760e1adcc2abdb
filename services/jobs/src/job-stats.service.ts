// Dashboard numbers for admins: completed generations and upscales per day.
import type { AdminCheck } from '@pictura/common/admin-check';
import { AppError } from '@pictura/common/app-error';
import type { DayCounts, JobStatsRepository } from './job-stats.repository.ts';

export const STATS_MAX_DAYS = 365;
const STATS_DEFAULT_DAYS = 30;

export function createJobStatsService(deps: { stats: JobStatsRepository; admin: AdminCheck }) {
  return {
    /** Admins only; `days` 0 means 30. */
    async perDay(callerId: number, days: number): Promise<DayCounts[]> {
      await deps.admin.requireAdmin(callerId);
      const span = days === 0 ? STATS_DEFAULT_DAYS : days;
      if (!Number.isInteger(span) || span < 1 || span > STATS_MAX_DAYS) {
        throw new AppError(
          'invalid_argument',
          `Days must be between 1 and ${STATS_MAX_DAYS}`,
          'invalid_days',
        );
      }
      return deps.stats.completedPerDay(span);
    },
  };
}

export type JobStatsService = ReturnType<typeof createJobStatsService>;
