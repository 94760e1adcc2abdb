// The admin's system settings as this gateway sees them: read from jobs (which stores them) at most every
// few seconds, so a change made through any replica bites everywhere without a restart, and a change made
// through this one bites at once. When jobs cannot answer, the last answer (or the configured defaults)
// stays in force: the guest limit and the banner must never take a request down.
import type { SystemSettings } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { Logger } from '@pictura/common/logger';
import type { JobsClient } from '../clients.ts';

export const SETTINGS_CACHE_MS = 3000;

export interface SystemSettingsCache {
  /** The settings now; undefined while jobs has never answered. */
  current(): Promise<SystemSettings | undefined>;
  /** What this replica just saved, in force here at once. */
  remember(settings: SystemSettings): void;
}

// One cache per jobs client, so the guest limiter (app.ts) and the admin routes share it.
const caches = new WeakMap<JobsClient, SystemSettingsCache>();

export function systemSettingsOf(jobs: JobsClient, logger: Logger): SystemSettingsCache {
  let cache = caches.get(jobs);
  if (!cache) {
    cache = createSystemSettingsCache(jobs, logger);
    caches.set(jobs, cache);
  }
  return cache;
}

function createSystemSettingsCache(jobs: JobsClient, logger: Logger): SystemSettingsCache {
  let known: SystemSettings | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<SystemSettings | undefined> | undefined;
  /** Bumped by remember(), so a read that started before a save cannot bring back the old values. */
  let saves = 0;

  const read = async () => {
    const savesBefore = saves;
    try {
      const answer = await jobs.getSettings({}, { deadlineMs: 2000 });
      if (saves === savesBefore) known = answer;
    } catch (error) {
      logger.warn({ err: error }, 'system settings not read; keeping the last known');
    } finally {
      readAt = Date.now();
      reading = undefined;
    }
    return known;
  };

  return {
    current() {
      if (Date.now() - readAt < SETTINGS_CACHE_MS) return Promise.resolve(known);
      reading ??= read();
      return reading;
    },
    remember(settings) {
      saves += 1;
      known = settings;
      readAt = Date.now();
    },
  };
}

/** The guests' generation limit: the admin's value once set, otherwise GUEST_GENERATE_PER_MINUTE. */
export function guestGenerateLimit(deps: {
  jobs: JobsClient;
  logger: Logger;
  config: { GUEST_GENERATE_PER_MINUTE: number };
}): () => Promise<number> {
  const settings = systemSettingsOf(deps.jobs, deps.logger);
  return async () =>
    (await settings.current())?.anonymousGeneratePerMinute ?? deps.config.GUEST_GENERATE_PER_MINUTE;
}
