// One view per viewer per post per UTC day. Signed-in viewers count by user id; guests by their address
// hashed with that day's random salt. The address is never stored, and the salt is deleted once its day
// is over, after which no one can tell whose a hash was.
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@pictura/common/database';
import { isForeignKeyViolation } from '@pictura/common/pg-errors';
import { eq, lt, sql } from 'drizzle-orm';
import { posts, postViews, type schema, viewSalts } from './db/schema.ts';

export interface ViewsRepository {
  /** Counts the view unless this viewer saw the post today; returns the post's view count. */
  count(postId: string, viewer: { userId: number; address: string }, now?: Date): Promise<number | undefined>;
  deleteAllByUser(userId: number): Promise<number>;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function createViewsRepository(db: Database<typeof schema>): ViewsRepository {
  const salts = new Map<string, string>();

  /** Today's salt, made by whichever replica asks first; making it also clears yesterday's data. */
  async function saltOf(day: string): Promise<string> {
    const known = salts.get(day);
    if (known) return known;
    const inserted = await db
      .insert(viewSalts)
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0) {
      // Only today's rows can still stop a repeat view; older ones and their salts have no use left.
      await db.delete(viewSalts).where(lt(viewSalts.day, day));
      await db.delete(postViews).where(lt(postViews.day, day));
    }
    const [row] = await db.select().from(viewSalts).where(eq(viewSalts.day, day));
    salts.clear();
    salts.set(day, row!.salt);
    return row!.salt;
  }

  return {
    async count(postId, { userId, address }, now = new Date()) {
      const day = utcDay(now);
      const viewer =
        userId !== 0
          ? `u:${userId}`
          : `g:${createHash('sha256')
              .update(`${await saltOf(day)}\n${address}`)
              .digest('base64url')}`;
      const counted = db.transaction(async (tx) => {
        const fresh = await tx
          .insert(postViews)
          .values({ postId, viewer, day })
          .onConflictDoNothing()
          .returning();
        const [row] =
          fresh.length > 0
            ? await tx
                .update(posts)
                .set({ views: sql`${posts.views} + 1` })
                .where(eq(posts.id, postId))
                .returning({ views: posts.views })
            : await tx.select({ views: posts.views }).from(posts).where(eq(posts.id, postId));
        return row?.views;
      });
      // A post deleted meanwhile has no views to count.
      return counted.catch((error: unknown) => {
        if (isForeignKeyViolation(error)) return undefined;
        throw error;
      });
    },
    async deleteAllByUser(userId) {
      const gone = await db
        .delete(postViews)
        .where(eq(postViews.viewer, `u:${userId}`))
        .returning({ postId: postViews.postId });
      return gone.length;
    },
  };
}
