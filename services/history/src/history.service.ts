// What history does with a user's items, and how it keeps their image files: each item holds its images
// in the object store (holder 'history:<id>'), and deleting an item lets go of them, so a file goes when no
// item or post holds it any more. Files nobody holds (guests' outputs) are the sweep's (object-sweeper.ts).
import { AppError } from '@pictura/common/app-error';
import { decodeCursor, encodeCursor, pageLimit } from '@pictura/common/cursor';
import type { Logger } from '@pictura/common/logger';
import { isObjectKey, type ObjectStore } from '@pictura/common/object-store';
import type { ItemRow } from './db/schema.ts';
import type { ItemsRepository, ListFilter, NewItem } from './items.repository.ts';

export const MAX_BULK_DELETE = 100;
const NOT_FOUND_MESSAGE = 'History item not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const holderOf = (itemId: string) => `history:${itemId}`;

export interface HistoryServiceDeps {
  items: ItemsRepository;
  store: Pick<ObjectStore, 'retain' | 'release'>;
  logger: Logger;
}

export interface DeleteResult {
  deleted: number;
  /** Files removed because nothing else held them. */
  deletedFiles: number;
}

function keysOf(row: ItemRow): string[] {
  // Keys were checked when recorded; the guard only keeps a bad old row from stopping the rest.
  return [...new Set(row.images.map((image) => image.key))].filter(isObjectKey);
}

function notFound(): AppError {
  return new AppError('not_found', NOT_FOUND_MESSAGE, 'not_found');
}

export function createHistoryService(deps: HistoryServiceDeps) {
  const { items, store, logger } = deps;

  /**
   * Puts down the holds of rows not held yet, then marks them held. A row deleted before the mark let go
   * before our retain, so we let go again; one deleted after the mark is released by its deleter, after our
   * retain. Either way no hold outlives its item.
   */
  async function holdImages(rows: ItemRow[]): Promise<number> {
    const held: ItemRow[] = [];
    for (const row of rows) {
      try {
        for (const key of keysOf(row)) await store.retain(key, holderOf(row.id));
        held.push(row);
      } catch (error) {
        // Left unheld: the next round retries it (the sweep settles holds before it deletes anything).
        logger.error({ err: error, itemId: row.id }, 'could not hold history images');
      }
    }
    const stillThere = new Set(await items.markHeld(held.map((row) => row.id)));
    await releaseImages(held.filter((row) => !stillThere.has(row.id)));
    return stillThere.size;
  }

  async function releaseImages(rows: ItemRow[]): Promise<number> {
    let deletedFiles = 0;
    for (const row of rows) {
      for (const key of keysOf(row)) {
        try {
          if (await store.release(key, holderOf(row.id))) deletedFiles++;
        } catch (error) {
          // The item is gone already; the file stays held until an operator looks (logged with its key).
          logger.error({ err: error, itemId: row.id, key }, 'could not release a history image');
        }
      }
    }
    return deletedFiles;
  }

  async function getOwned(userId: number, id: string): Promise<ItemRow> {
    if (!UUID.test(id)) throw notFound();
    const row = await items.getForUser(userId, id);
    if (!row) throw notFound();
    return row;
  }

  function requireUser(userId: number): void {
    if (userId === 0) throw new AppError('invalid_argument', 'Guests have no history');
  }

  return {
    /** Whether a private item shows the image, and whose it is (the files route's rule). */
    async imageAccess(key: string): Promise<{ private: boolean; ownerId: number }> {
      const ownerId = isObjectKey(key) ? await items.privateOwnerOf(key) : undefined;
      return { private: ownerId !== undefined, ownerId: ownerId ?? 0 };
    },

    /** Records a finished job once; a repeat returns the same item (and finishes its holds if needed). */
    async record(item: NewItem): Promise<ItemRow> {
      requireUser(item.userId);
      if (!UUID.test(item.jobId)) throw new AppError('invalid_argument', 'job_id must be a UUID');
      if (item.images.some((image) => !isObjectKey(image.key))) {
        throw new AppError('invalid_argument', 'Image keys must be object store keys');
      }
      const row = await items.record(item);
      if (!row.imagesHeld) await holdImages([row]);
      return row;
    },

    async list(
      userId: number,
      filter: ListFilter,
      cursor: string,
      requestedLimit: number,
    ): Promise<{ rows: ItemRow[]; nextCursor: string }> {
      requireUser(userId);
      const limit = pageLimit(requestedLimit);
      const rows = await items.listForUser(userId, filter, decodeCursor(cursor), limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        rows: page,
        nextCursor:
          rows.length > limit && last ? encodeCursor({ key: last.createdAt.toISOString(), id: last.id }) : '',
      };
    },

    get: getOwned,

    async setFavorite(userId: number, id: string, favorite: boolean): Promise<ItemRow> {
      if (!UUID.test(id)) throw notFound();
      const row = await items.setFavorite(userId, id, favorite);
      if (!row) throw notFound();
      return row;
    },

    async deleteOne(userId: number, id: string): Promise<DeleteResult> {
      if (!UUID.test(id)) throw notFound();
      const rows = await items.deleteForUser(userId, [id]);
      if (rows.length === 0) throw notFound();
      return { deleted: 1, deletedFiles: await releaseImages(rows) };
    },

    /** Deletes those of `ids` the user owns; others' and unknown ids are ignored, as a repeat would be. */
    async deleteMany(userId: number, ids: string[]): Promise<DeleteResult> {
      requireUser(userId);
      if (ids.length > MAX_BULK_DELETE) {
        throw new AppError('invalid_argument', `At most ${MAX_BULK_DELETE} items at a time`, 'too_many_ids');
      }
      const rows = await items.deleteForUser(userId, [...new Set(ids.filter((id) => UUID.test(id)))]);
      return { deleted: rows.length, deletedFiles: await releaseImages(rows) };
    },

    /** Account deletion: every item, and the files nothing else holds; idempotent. */
    async deleteUserData(userId: number): Promise<{ deletedItems: number; deletedFiles: number }> {
      requireUser(userId);
      const rows = await items.deleteAllForUser(userId);
      return { deletedItems: rows.length, deletedFiles: await releaseImages(rows) };
    },

    /** Holds the images of every item recorded before `createdBefore` whose holds are not down yet. */
    async settleHolds(createdBefore: Date, batch = 200): Promise<number> {
      let settled = 0;
      let after: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const rows = await items.listNotHeld(createdBefore, after, batch);
        if (rows.length === 0) return settled;
        settled += await holdImages(rows);
        const last = rows.at(-1)!;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },
  };
}

export type HistoryDomain = ReturnType<typeof createHistoryService>;
