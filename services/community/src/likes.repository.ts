import type { Cursor } from '@pictura/common/cursor';
import type { Database } from '@pictura/common/database';
import { afterTime } from '@pictura/common/keyset';
import { isForeignKeyViolation } from '@pictura/common/pg-errors';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { LISTED_PREDICATE, likes, type PostRow, posts, type schema } from './db/schema.ts';

export interface LikesRepository {
  /**
   * Likes or unlikes in one transaction: the like row (unique per user and post) and the post's counter
   * change together, so posts.likes always equals the number of like rows, however many arrive at once.
   * Undefined when the post does not exist.
   */
  set(userId: number, postId: string, liked: boolean): Promise<number | undefined>;
  /** Which of these posts the user likes. */
  likedAmong(userId: number, postIds: string[]): Promise<Set<string>>;
  /** Listed posts the user likes, most recently liked first; the cursor is the like's time and post id. */
  likedPosts(
    userId: number,
    after: Cursor | undefined,
    limit: number,
  ): Promise<{ post: PostRow; likedAt: Date }[]>;
  /** Removes the user's likes, taking each off its post's counter. */
  deleteAllByUser(userId: number): Promise<number>;
}

export function createLikesRepository(db: Database<typeof schema>): LikesRepository {
  return {
    async set(userId, postId, liked) {
      try {
        return await db.transaction(async (tx) => {
          const changed = liked
            ? await tx.insert(likes).values({ postId, userId }).onConflictDoNothing().returning()
            : await tx
                .delete(likes)
                .where(and(eq(likes.postId, postId), eq(likes.userId, userId)))
                .returning();
          const delta = changed.length === 0 ? 0 : liked ? 1 : -1;
          // The UPDATE takes the post's row lock, so concurrent likes queue here instead of losing counts.
          const [row] =
            delta === 0
              ? await tx.select({ likes: posts.likes }).from(posts).where(eq(posts.id, postId))
              : await tx
                  .update(posts)
                  .set({ likes: sql`${posts.likes} + ${delta}` })
                  .where(eq(posts.id, postId))
                  .returning({ likes: posts.likes });
          return row?.likes;
        });
      } catch (error) {
        // The post was deleted between the caller's check and the like.
        if (isForeignKeyViolation(error)) return undefined;
        throw error;
      }
    },
    async likedAmong(userId, postIds) {
      if (userId === 0 || postIds.length === 0) return new Set();
      const rows = await db
        .select({ postId: likes.postId })
        .from(likes)
        .where(and(eq(likes.userId, userId), inArray(likes.postId, postIds)));
      return new Set(rows.map((row) => row.postId));
    },
    async likedPosts(userId, after, limit) {
      const rows = await db
        .select({ post: posts, likedAt: likes.createdAt })
        .from(likes)
        .innerJoin(posts, eq(posts.id, likes.postId))
        .where(
          and(eq(likes.userId, userId), LISTED_PREDICATE, afterTime(likes.createdAt, likes.postId, after)),
        )
        .orderBy(desc(likes.createdAt), desc(likes.postId))
        .limit(limit);
      return rows;
    },
    async deleteAllByUser(userId) {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(likes)
          .where(eq(likes.userId, userId))
          .returning({ postId: likes.postId });
        if (gone.length > 0) {
          await tx
            .update(posts)
            .set({ likes: sql`${posts.likes} - 1` })
            .where(
              inArray(
                posts.id,
                gone.map((row) => row.postId),
              ),
            );
        }
        return gone.length;
      });
    },
  };
}
