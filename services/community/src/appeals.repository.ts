// Authors' appeals against takedowns: one per takedown (the post's hidden_at names it), decided by an admin
// in moderation.repository.ts, in the same transaction as the post's restore.
import type { Cursor } from '@pictura/common/cursor';
import type { Database } from '@pictura/common/database';
import { afterTime } from '@pictura/common/keyset';
import { isForeignKeyViolation, isUniqueViolation } from '@pictura/common/pg-errors';
import { and, desc, eq } from 'drizzle-orm';
import { type AppealRow, type AppealStatus, appeals, type PostRow, posts, type schema } from './db/schema.ts';

export interface NewAppeal {
  postId: string;
  authorId: number;
  message: string;
  takenDownAt: Date;
}

export type AppealWithPost = { appeal: AppealRow; post: PostRow | null };

export interface AppealsRepository {
  /** 'duplicate' when this takedown was appealed already, 'gone' when the post is. */
  create(appeal: NewAppeal): Promise<AppealRow | 'duplicate' | 'gone'>;
  /** The author's appeal of the post's current takedown, if they made one. */
  forTakedown(postId: string, takenDownAt: Date): Promise<AppealRow | undefined>;
  /** The admins' queue: appeals of one status, newest first. */
  queue(status: AppealStatus, after: Cursor | undefined, limit: number): Promise<AppealWithPost[]>;
  findById(id: string): Promise<AppealWithPost | undefined>;
}

export function createAppealsRepository(db: Database<typeof schema>): AppealsRepository {
  const withPosts = () =>
    db.select({ appeal: appeals, post: posts }).from(appeals).leftJoin(posts, eq(posts.id, appeals.postId));
  return {
    async create(appeal) {
      try {
        const [row] = await db.insert(appeals).values(appeal).returning();
        return row!;
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        if (isForeignKeyViolation(error)) return 'gone';
        throw error;
      }
    },
    async forTakedown(postId, takenDownAt) {
      const [row] = await db
        .select()
        .from(appeals)
        .where(and(eq(appeals.postId, postId), eq(appeals.takenDownAt, takenDownAt)))
        .limit(1);
      return row;
    },
    queue(status, after, limit) {
      return withPosts()
        .where(and(eq(appeals.status, status), afterTime(appeals.createdAt, appeals.id, after)))
        .orderBy(desc(appeals.createdAt), desc(appeals.id))
        .limit(limit);
    },
    async findById(id) {
      const [row] = await withPosts().where(eq(appeals.id, id)).limit(1);
      return row;
    },
  };
}
