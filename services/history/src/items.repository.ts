// History's table. Every read and write of one user's items takes the owner's id: another user's item is
// simply not there (the caller answers not found), so no call can reach across accounts.
import type { Cursor } from '@pictura/common/cursor';
import type { Database } from '@pictura/common/database';
import { olderThan } from '@pictura/common/keyset';
import { and, asc, desc, eq, gt, ilike, inArray, lt, not, or, sql } from 'drizzle-orm';
import { type ItemRow, items, type schema } from './db/schema.ts';

export type NewItem = typeof items.$inferInsert;
export type ItemType = 'generated' | 'upscaled';

export interface ListFilter {
  type: ItemType;
  favoriteOnly: boolean;
  /** Text the prompt contains, any case; empty: every item. */
  query: string;
}

export interface ItemsRepository {
  /** Inserts once per job id; a repeat returns the item already recorded. */
  record(item: NewItem): Promise<ItemRow>;
  listForUser(
    userId: number,
    filter: ListFilter,
    after: Cursor | undefined,
    limit: number,
  ): Promise<ItemRow[]>;
  getForUser(userId: number, id: string): Promise<ItemRow | undefined>;
  /** The updated item, or undefined when the user has no such item. */
  setFavorite(userId: number, id: string, favorite: boolean): Promise<ItemRow | undefined>;
  /** Deletes those of `ids` the user owns and returns them. */
  deleteForUser(userId: number, ids: string[]): Promise<ItemRow[]>;
  /** Deletes every item of the user and returns what was deleted. */
  deleteAllForUser(userId: number): Promise<ItemRow[]>;
  /**
   * Items whose images are not held yet (recorded before holds existed, or a retain that failed), oldest
   * first, after `after` so a batch that fails is not read again in the same round.
   */
  listNotHeld(
    createdBefore: Date,
    after: { createdAt: Date; id: string } | undefined,
    limit: number,
  ): Promise<ItemRow[]>;
  /** Marks the items held; resolves the ids that still existed (a deleted one is not among them). */
  markHeld(ids: string[]): Promise<string[]>;
  /** The owner of a private item showing the image; undefined when no private item does. */
  privateOwnerOf(key: string): Promise<number | undefined>;
}

/** `text` as a LIKE pattern that matches it literally anywhere: its own % _ and \ lose their meaning. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createItemsRepository(db: Database<typeof schema>): ItemsRepository {
  return {
    async privateOwnerOf(key) {
      // Partial GIN index items_private_images_idx: only private items are searched.
      const [row] = await db
        .select({ userId: items.userId })
        .from(items)
        .where(and(eq(items.private, true), sql`${items.images} @> ${JSON.stringify([{ key }])}::jsonb`))
        .limit(1);
      return row?.userId;
    },
    async record(item) {
      const [inserted] = await db
        .insert(items)
        .values(item)
        .onConflictDoNothing({ target: items.jobId })
        .returning();
      if (inserted) return inserted;
      const [existing] = await db.select().from(items).where(eq(items.jobId, item.jobId)).limit(1);
      return existing!;
    },
    listForUser(userId, filter, after, limit) {
      // The (user, type, created_at, id) index (partial for favourites) reads the page in order; the prompt
      // search filters the user's rows on the way, which a per-user list can afford.
      return db
        .select()
        .from(items)
        .where(
          and(
            eq(items.userId, userId),
            eq(items.type, filter.type),
            filter.favoriteOnly ? eq(items.favorite, true) : undefined,
            filter.query ? ilike(items.prompt, containsPattern(filter.query)) : undefined,
            olderThan(items.createdAt, items.id, after),
          ),
        )
        .orderBy(desc(items.createdAt), desc(items.id))
        .limit(limit);
    },
    async getForUser(userId, id) {
      const [row] = await db
        .select()
        .from(items)
        .where(and(eq(items.userId, userId), eq(items.id, id)))
        .limit(1);
      return row;
    },
    async setFavorite(userId, id, favorite) {
      const [row] = await db
        .update(items)
        .set({ favorite })
        .where(and(eq(items.userId, userId), eq(items.id, id)))
        .returning();
      return row;
    },
    deleteForUser(userId, ids) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .delete(items)
        .where(and(eq(items.userId, userId), inArray(items.id, ids)))
        .returning();
    },
    deleteAllForUser(userId) {
      return db.delete(items).where(eq(items.userId, userId)).returning();
    },
    listNotHeld(createdBefore, after, limit) {
      return db
        .select()
        .from(items)
        .where(
          and(
            not(items.imagesHeld),
            lt(items.createdAt, createdBefore),
            after
              ? or(
                  gt(items.createdAt, after.createdAt),
                  and(eq(items.createdAt, after.createdAt), gt(items.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(items.createdAt), asc(items.id))
        .limit(limit);
    },
    async markHeld(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .update(items)
        .set({ imagesHeld: true })
        .where(inArray(items.id, ids))
        .returning({ id: items.id });
      return rows.map((row) => row.id);
    },
  };
}
