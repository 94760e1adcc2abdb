// The max-tags-per-post system setting lives in jobs (the admin console changes it without a restart);
// publishing reads it through this briefly cached provider.
import type { JobsService } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { ServiceClient } from '@pictura/common/grpc-types';
import type { Logger } from '@pictura/common/logger';
import { DEFAULT_MAX_TAGS } from './post-rules.ts';

export function createMaxTagsSetting(
  jobs: Pick<ServiceClient<typeof JobsService>, 'getSettings'>,
  logger: Logger,
  cacheMs = 5000,
): () => Promise<number> {
  let known: { value: number; at: number } | undefined;
  return async () => {
    if (known && Date.now() - known.at < cacheMs) return known.value;
    try {
      const settings = await jobs.getSettings({}, { deadlineMs: 2000 });
      known = { value: settings.maxTagsPerPost || DEFAULT_MAX_TAGS, at: Date.now() };
    } catch (error) {
      // Publishing goes on with the last known (or default) limit rather than failing while jobs is away.
      logger.warn({ err: error }, 'could not read the max-tags setting');
      return known?.value ?? DEFAULT_MAX_TAGS;
    }
    return known.value;
  };
}
