// The history service on the wire: proto messages in and out, the rules in history.service.ts.
import { AppError } from '@pictura/common/app-error';
import type { HistoryService } from '@pictura/common/gen/history/v1/history_pb';
import type { ServiceImpl } from '@pictura/common/grpc-types';
import { sceneMessage, sceneOfMessage } from '@pictura/common/scene-message';
import type { ItemRow } from './db/schema.ts';
import type { HistoryDomain } from './history.service.ts';
import type { ItemType } from './items.repository.ts';

const TYPES = ['generated', 'upscaled'] as const;
/** Longer than any prompt a search box sends; keeps a pattern from becoming a cost. */
const MAX_QUERY_LENGTH = 200;

function typeOf(value: string): ItemType {
  if (value === '') return 'generated';
  if (!(TYPES as readonly string[]).includes(value))
    throw new AppError('invalid_argument', `Unknown type: ${value}`, 'invalid_type');
  return value as ItemType;
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
    images: row.images.map(({ scene, ...image }) => ({ ...image, scene: sceneMessage(scene) })),
    favorite: row.favorite,
    private: row.private,
    createdAt: row.createdAt.toISOString(),
  };
}

export function historyGrpc(history: HistoryDomain): ServiceImpl<typeof HistoryService> {
  return {
    async recordItem(request) {
      let options: Record<string, unknown> = {};
      try {
        options = request.optionsJson ? (JSON.parse(request.optionsJson) as Record<string, unknown>) : {};
      } catch {
        throw new AppError('invalid_argument', 'options_json is not JSON');
      }
      const row = await history.record({
        jobId: request.jobId,
        userId: request.userId,
        type: typeOf(request.type),
        prompt: request.prompt,
        negativePrompt: request.negativePrompt,
        model: request.model,
        options,
        images: request.images.map(({ key, width, height, seed, flagged, scene }) => {
          const drawn = sceneOfMessage(scene);
          return { key, width, height, seed, flagged, ...(drawn ? { scene: drawn } : {}) };
        }),
        private: request.private,
      });
      return toProto(row);
    },
    async listItems(request) {
      const query = request.query.trim();
      if (query.length > MAX_QUERY_LENGTH) {
        throw new AppError(
          'invalid_argument',
          `q must be at most ${MAX_QUERY_LENGTH} characters`,
          'too_long',
        );
      }
      const { rows, nextCursor } = await history.list(
        request.userId,
        { type: typeOf(request.type), favoriteOnly: request.favoriteOnly, query },
        request.cursor,
        request.limit,
      );
      return { items: rows.map(toProto), nextCursor };
    },
    async getItem({ userId, id }) {
      return toProto(await history.get(userId, id));
    },
    async setFavorite({ userId, id, favorite }) {
      return toProto(await history.setFavorite(userId, id, favorite));
    },
    async deleteItem({ userId, id }) {
      return history.deleteOne(userId, id);
    },
    async deleteItems({ userId, ids }) {
      return history.deleteMany(userId, ids);
    },
    getImageAccess: ({ key }) => history.imageAccess(key),
    async deleteUserData({ userId }) {
      const { deletedItems, deletedFiles } = await history.deleteUserData(userId);
      return { deletedItems, deletedFiles, imageKeys: [] };
    },
  };
}
