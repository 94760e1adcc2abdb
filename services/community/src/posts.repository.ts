import type { Cursor } from '@pictura/common/cursor';
import type { Database } from '@pictura/common/database';
import { olderThan } from '@pictura/common/keyset';
import { and, arrayContains, desc, eq } from 'drizzle-orm';
import { type PostRow, posts, type schema } from './db/schema.ts';

export interface PostsRepository {
  latest(tag: string, after: Cursor | undefined, limit: number): Promise<PostRow[]>;
  /** Deletes every post the user wrote; returns how many. */
  deleteAllByAuthor(authorId: number): Promise<number>;
}

export function createPostsRepository(db: Database<typeof schema>): PostsRepository {
  return {
    latest(tag, after, limit) {
      const page = olderThan(posts.createdAt, posts.id, after);
      return db
        .select()
        .from(posts)
        .where(and(tag ? arrayContains(posts.tags, [tag]) : undefined, page))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(limit);
    },
    async deleteAllByAuthor(authorId) {
      const deleted = await db.delete(posts).where(eq(posts.authorId, authorId)).returning({ id: posts.id });
      return deleted.length;
    },
  };
}
