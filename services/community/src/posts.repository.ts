import type { Cursor } from '@pictura/common/cursor';
import type { Database } from '@pictura/common/database';
import { and, arrayContains, desc, eq, lt, or } from 'drizzle-orm';
import { type PostRow, posts, type schema } from './db/schema.ts';

export interface PostsRepository {
  latest(tag: string, after: Cursor | undefined, limit: number): Promise<PostRow[]>;
}

export function createPostsRepository(db: Database<typeof schema>): PostsRepository {
  return {
    latest(tag, after, limit) {
      const page = after
        ? or(
            lt(posts.createdAt, new Date(after.key)),
            and(eq(posts.createdAt, new Date(after.key)), lt(posts.id, after.id)),
          )
        : undefined;
      return db
        .select()
        .from(posts)
        .where(and(tag ? arrayContains(posts.tags, [tag]) : undefined, page))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(limit);
    },
  };
}
