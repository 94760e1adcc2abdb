// Hands a signed-in user's finished job to the history service (which is idempotent on job id).
import type { HistoryService } from '@pictura/common/gen/history/v1/history_pb';
import type { ServiceClient } from '@pictura/common/grpc-types';
import type { Logger } from '@pictura/common/logger';
import { sceneMessage } from '@pictura/common/scene-message';
import type { JobRow } from './db/schema.ts';

export interface HistoryRecorder {
  record(row: JobRow): Promise<void>;
}

export function createHistoryRecorder(
  history: ServiceClient<typeof HistoryService>,
  logger: Logger,
): HistoryRecorder {
  return {
    async record(row) {
      const {
        prompt = '',
        negativePrompt = '',
        model = '',
        private: isPrivate = false,
        ...options
      } = row.options as Record<string, string> & { private?: boolean };
      const request = {
        jobId: row.id,
        userId: row.userId,
        type: row.kind === 'generate' ? 'generated' : 'upscaled',
        prompt,
        negativePrompt,
        model,
        optionsJson: JSON.stringify(options),
        images: row.images.map(({ key, width, height, seed, flagged, scene }) => ({
          key,
          width,
          height,
          seed,
          flagged,
          scene: sceneMessage(scene),
        })),
        private: isPrivate,
      };
      for (let attempt = 1; ; attempt++) {
        try {
          await history.recordItem(request);
          return;
        } catch (error) {
          if (attempt >= 5) {
            logger.error({ err: error, jobId: row.id }, 'could not record job in history');
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
        }
      }
    },
  };
}
