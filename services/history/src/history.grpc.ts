import { AppError } from '@pictura/common/app-error';
import { decodeCursor, encodeCursor, pageLimit } from '@pictura/common/cursor';
import type { HistoryService } from '@pictura/common/gen/history/v1/history_pb';
import type { ServiceImpl } from '@pictura/common/grpc-types';
import type { ItemRow } from './db/schema.ts';
import type { ItemsRepository } from './items.repository.ts';

const TYPES = ['generated', 'upscaled'] as const;

function typeOf(value: string): (typeof TYPES)[number] {
  if (value === '') return 'generated';
  if (!(TYPES as readonly string[]).includes(value))
    throw new AppError('invalid_argument', `Unknown type: ${value}`);
  return value as (typeof TYPES)[number];
}

function toProto(row: ItemRow) {
  return {
    id: row.id,
    jobId: row.jobId,
    userId: row.userId,
    type: row.type,
    prompt: row.prompt,
    negativePrompt: row.negativePrompt,
    model: row.model,
    optionsJson: JSON.stringify(row.options),
    images: row.images,
    favorite: row.favorite,
    private: row.private,
    createdAt: row.createdAt.toISOString(),
  };
}

export function historyGrpc(repository: ItemsRepository): ServiceImpl<typeof HistoryService> {
  return {
    async recordItem(request) {
      if (request.userId === 0) throw new AppError('invalid_argument', 'Guests have no history');
      let options: Record<string, unknown> = {};
      try {
        options = request.optionsJson ? (JSON.parse(request.optionsJson) as Record<string, unknown>) : {};
      } catch {
        throw new AppError('invalid_argument', 'options_json is not JSON');
      }
      const row = await repository.record({
        jobId: request.jobId,
        userId: request.userId,
        type: typeOf(request.type),
        prompt: request.prompt,
        negativePrompt: request.negativePrompt,
        model: request.model,
        options,
        images: request.images.map(({ key, width, height, seed, flagged }) => ({
          key,
          width,
          height,
          seed,
          flagged,
        })),
        private: request.private,
      });
      return toProto(row);
    },
    async listItems(request) {
      const limit = pageLimit(request.limit);
      const rows = await repository.listForUser(
        request.userId,
        typeOf(request.type),
        decodeCursor(request.cursor),
        limit + 1,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(toProto),
        nextCursor:
          rows.length > limit && last ? encodeCursor({ key: last.createdAt.toISOString(), id: last.id }) : '',
      };
    },
    async deleteUserData({ userId }) {
      if (userId === 0) throw new AppError('invalid_argument', 'Guests have no history');
      const deleted = await repository.deleteAllForUser(userId);
      const keys = new Set(deleted.flatMap((row) => row.images.map((image) => image.key)));
      return { deletedItems: deleted.length, imageKeys: [...keys] };
    },
  };
}
