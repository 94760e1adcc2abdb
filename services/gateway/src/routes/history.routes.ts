// The signed-in user's generated and upscaled images. History owns the data and filters every call by the
// caller's id, so another user's item is simply not found; the gateway only shapes the wire.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { HistoryItem } from '@pictura/common/gen/history/v1/history_pb';
import { sceneOfMessage } from '@pictura/common/scene-message';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { HistoryClient } from '../clients.ts';
import type { FileLinks } from '../file-links.ts';
import { errorResponses as errors, requireSignIn } from '../route-guards.ts';
import {
  BulkDeleteBody,
  DeletedBody,
  HistoryIdParams,
  HistoryItemBody,
  HistoryPage,
  HistoryQuery,
} from './history.schemas.ts';

function parseOptions(json: string): Record<string, unknown> {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** `signed`: a private item's image links, signed for its owner (file-links.ts); bare links otherwise. */
export function toHistoryItemBody(item: HistoryItem, signed?: ReadonlyMap<string, string>): HistoryItemBody {
  const images = item.images.map((image) => ({
    url: signed?.get(image.key) ?? `/files/${image.key}`,
    width: image.width,
    height: image.height,
    seed: image.seed,
    flagged: image.flagged,
    scene: sceneOfMessage(image.scene),
  }));
  return {
    id: item.id,
    job_id: item.jobId,
    type: item.type === 'upscaled' ? 'upscaled' : 'generated',
    prompt: item.prompt,
    negative_prompt: item.negativePrompt,
    model: item.model,
    options: parseOptions(item.optionsJson),
    images,
    scene: images[0]?.scene ?? null,
    favorite: item.favorite,
    private: item.private,
    created_at: item.createdAt,
  };
}

export async function historyRoutes(
  app: FastifyInstance,
  { history, fileLinks }: { history: HistoryClient; fileLinks?: FileLinks },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  app.addSchema(HistoryItemBody);
  /** The owner's view of an item: a private item's images through links signed for them. */
  const itemBody = async (item: HistoryItem) => {
    if (!item.private || !fileLinks) return toHistoryItemBody(item);
    return toHistoryItemBody(item, await fileLinks.signedLinks(item.images));
  };
  const tags = ['history'];

  api.get(
    '/api/history',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'listHistory',
        summary: 'Your generated or upscaled images, newest first',
        description:
          'Cursor pages for infinite scroll: pass next_cursor back as cursor; items added meanwhile never ' +
          'repeat or shift a page. Filters: favourites only, and prompt text (any case).',
        tags,
        querystring: HistoryQuery,
        response: { 200: HistoryPage, ...errors },
      },
    },
    async (request) => {
      const { type = 'generated', favorite = false, q = '', cursor = '', limit = 24 } = request.query;
      const page = await history.listItems(
        { userId: request.viewer.userId, type, favoriteOnly: favorite, query: q, cursor, limit },
        { requestId: request.id },
      );
      return { items: await Promise.all(page.items.map(itemBody)), next_cursor: page.nextCursor || null };
    },
  );

  for (const [method, favorite] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    api.route({
      method,
      url: '/api/history/:id/favorite',
      preHandler: requireSignIn,
      schema: {
        operationId: favorite ? 'favoriteHistoryItem' : 'unfavoriteHistoryItem',
        summary: favorite ? 'Mark an item as a favourite' : 'Unmark a favourite',
        description: 'Idempotent. Another user’s item is not found (404).',
        tags,
        params: HistoryIdParams,
        response: { 200: Type.Ref('HistoryItem'), ...errors },
      },
      handler: async (request) => {
        const item = await history.setFavorite(
          { userId: request.viewer.userId, id: request.params.id, favorite },
          { requestId: request.id },
        );
        return itemBody(item);
      },
    });
  }

  api.delete(
    '/api/history/:id',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'deleteHistoryItem',
        summary: 'Delete an item and its images',
        description:
          'The image files go too, unless something else still holds them (a community post made from ' +
          'the item). Another user’s item is not found (404).',
        tags,
        params: HistoryIdParams,
        response: { 200: DeletedBody, ...errors },
      },
    },
    async (request) => {
      const result = await history.deleteItem(
        { userId: request.viewer.userId, id: request.params.id },
        { requestId: request.id },
      );
      return { success: true, deleted: result.deleted };
    },
  );

  api.post(
    '/api/history/delete',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'deleteHistoryItems',
        summary: 'Delete several items and their images',
        description: 'At most 100 ids; ids that are not yours (or no longer exist) are skipped.',
        tags,
        body: BulkDeleteBody,
        response: { 200: DeletedBody, ...errors },
      },
    },
    async (request) => {
      const result = await history.deleteItems(
        { userId: request.viewer.userId, ids: request.body.ids },
        { requestId: request.id },
      );
      return { success: true, deleted: result.deleted };
    },
  );
}
