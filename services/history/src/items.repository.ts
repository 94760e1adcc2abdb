import type { Cursor } from '@pictura/common/cursor';
import type { Database } from '@pictura/common/database';
import { olderThan } from '@pictura/common/keyset';
import { and, desc, eq } from 'drizzle-orm';
import { type ItemRow, items, type schema } from './db/schema.ts';

export type NewItem = typeof items.$inferInsert;

export interface ItemsRepository {
  /** Inserts once per job id; a repeat returns the item already recorded. */
  record(item: NewItem): Promise<ItemRow>;
  listForUser(
    userId: number,
    type: 'generated' | 'upscaled',
    after: Cursor | undefined,
    limit: number,
  ): Promise<ItemRow[]>;
  /** Deletes every item of the user and returns what was deleted. */
  deleteAllForUser(userId: number): Promise<ItemRow[]>;
}

export function createItemsRepository(db: Database<typeof schema>): ItemsRepository {
  return {
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
    listForUser(userId, type, after, limit) {
      const page = olderThan(items.createdAt, items.id, after);
      return db
        .select()
        .from(items)
        .where(and(eq(items.userId, userId), eq(items.type, type), page))
        .orderBy(desc(items.createdAt), desc(items.id))
        .limit(limit);
    },
    deleteAllForUser(userId) {
      return db.delete(items).where(eq(items.userId, userId)).returning();
    },
  };
}
