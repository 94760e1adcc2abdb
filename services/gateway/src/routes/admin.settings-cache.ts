// The admin's system settings as this gateway sees them: read from the service that stores each (jobs: the
// guest limit, banner and models; community: the tag limit) at most every few seconds, so a change made
// through any replica bites everywhere without a restart, and a change made through this one bites at once.
// When a service cannot answer, its last answer (or the configured defaults) stays in force: the guest limit
// and the banner must never take a request down.
import type { CommunitySettings } from '@pictura/common/gen/community/v1/community_pb';
import type { SystemSettings } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { Logger } from '@pictura/common/logger';
import type { CommunityClient, JobsClient } from '../clients.ts';

export const SETTINGS_CACHE_MS = 3000;

export interface SettingsCache<T> {
  /** The settings now; undefined while the service has never answered. */
  current(): Promise<T | undefined>;
  /** What this replica just saved, in force here at once. */
  remember(settings: T): void;
}
export type SystemSettingsCache = SettingsCache<SystemSettings>;

// One cache per client, so the guest limiter (app.ts), the public settings and the admin routes share it.
const caches = new WeakMap<object, SettingsCache<unknown>>();

function cacheOf<T>(
  client: { getSettings(request: object, options: { deadlineMs: number }): Promise<T> },
  logger: Logger,
) {
  let cache = caches.get(client) as SettingsCache<T> | undefined;
  if (!cache) {
    cache = createSettingsCache(() => client.getSettings({}, { deadlineMs: 2000 }), logger);
    caches.set(client, cache as SettingsCache<unknown>);
  }
  return cache;
}

export const systemSettingsOf = (jobs: JobsClient, logger: Logger): SystemSettingsCache =>
  cacheOf<SystemSettings>(jobs, logger);

export const communitySettingsOf = (
  community: CommunityClient,
  logger: Logger,
): SettingsCache<CommunitySettings> => cacheOf<CommunitySettings>(community, logger);

function createSettingsCache<T>(fetch: () => Promise<T>, logger: Logger): SettingsCache<T> {
  let known: T | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<T | undefined> | undefined;
  /** Bumped by remember(), so a read that started before a save cannot bring back the old values. */
  let saves = 0;

  const read = async () => {
    const savesBefore = saves;
    try {
      const answer = await fetch();
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
