import type { Cursor } from '@pictura/common/cursor';
import type { Database } from '@pictura/common/database';
import { afterScore, afterTime } from '@pictura/common/keyset';
import { and, arrayContains, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { LISTED_PREDICATE, type PostRow, posts, type schema } from './db/schema.ts';

export type FeedSort = 'latest' | 'popular';

export type NewPost = Pick<
  PostRow,
  | 'id'
  | 'authorId'
  | 'authorName'
  | 'authorAvatar'
  | 'sourceItemId'
  | 'title'
  | 'description'
  | 'prompt'
  | 'negativePrompt'
  | 'model'
  | 'options'
  | 'tags'
  | 'imageKey'
  | 'imageWidth'
  | 'imageHeight'
  | 'imageFlagged'
  | 'scene'
>;

export interface PostsRepository {
  /**
   * The public feed query (also EXPLAINed by the benchmark): listed posts only, newest first or by hot
   * score, each backed by its partial index.
   */
  feedQuery(
    sort: FeedSort,
    tag: string,
    after: Cursor | undefined,
    limit: number,
  ): { toSQL(): { sql: string; params: unknown[] } } & PromiseLike<PostRow[]>;
  feed(sort: FeedSort, tag: string, after: Cursor | undefined, limit: number): Promise<PostRow[]>;
  findById(id: string): Promise<PostRow | undefined>;
  insert(post: NewPost): Promise<PostRow>;
  /** The author's own post, deleted; undefined when it is not theirs or not there. */
  deleteOwn(authorId: number, id: string): Promise<PostRow | undefined>;
  /** The author's posts, hidden ones included, newest first. */
  byAuthor(authorId: number, after: Cursor | undefined, limit: number): Promise<PostRow[]>;
  /** Content management: every post, newest first, by status and text in title or prompt. */
  forAdmin(
    filter: { status: 'visible' | 'hidden' | ''; query: string },
    after: Cursor | undefined,
    limit: number,
  ): Promise<PostRow[]>;
  /** Marks every post of the author banned or not; returns how many posts the author has. */
  setAuthorBanned(authorId: number, banned: boolean): Promise<number>;
  allByAuthor(authorId: number): Promise<Pick<PostRow, 'id' | 'imageKey'>[]>;
  /** Deletes every post the user wrote (likes, views and reports on them go with them); returns how many. */
  deleteAllByAuthor(authorId: number): Promise<number>;
}

export function isListed(post: Pick<PostRow, 'hiddenAt' | 'authorBanned'>): boolean {
  return post.hiddenAt === null && !post.authorBanned;
}

export function createPostsRepository(db: Database<typeof schema>): PostsRepository {
  const feedQuery: PostsRepository['feedQuery'] = (sort, tag, after, limit) => {
    const [key, page] =
      sort === 'popular'
        ? [posts.hotScore, afterScore(posts.hotScore, posts.id, after)]
        : [posts.createdAt, afterTime(posts.createdAt, posts.id, after)];
    return db
      .select()
      .from(posts)
      .where(and(LISTED_PREDICATE, tag ? arrayContains(posts.tags, [tag]) : undefined, page))
      .orderBy(desc(key), desc(posts.id))
      .limit(limit);
  };
  return {
    feedQuery,
    async feed(sort, tag, after, limit) {
      return await feedQuery(sort, tag, after, limit);
    },
    async findById(id) {
      const [row] = await db.select().from(posts).where(eq(posts.id, id)).limit(1);
      return row;
    },
    async insert(post) {
      const [row] = await db.insert(posts).values(post).returning();
      return row!;
    },
    async deleteOwn(authorId, id) {
      const [row] = await db
        .delete(posts)
        .where(and(eq(posts.id, id), eq(posts.authorId, authorId)))
        .returning();
      return row;
    },
    byAuthor(authorId, after, limit) {
      return db
        .select()
        .from(posts)
        .where(and(eq(posts.authorId, authorId), afterTime(posts.createdAt, posts.id, after)))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(limit);
    },
    forAdmin({ status, query }, after, limit) {
      const pattern = query ? `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      return db
        .select()
        .from(posts)
        .where(
          and(
            status === 'visible' ? isNull(posts.hiddenAt) : undefined,
            status === 'hidden' ? isNotNull(posts.hiddenAt) : undefined,
            pattern ? or(ilike(posts.title, pattern), ilike(posts.prompt, pattern)) : undefined,
            afterTime(posts.createdAt, posts.id, after),
          ),
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(limit);
    },
    async setAuthorBanned(authorId, banned) {
      await db.update(posts).set({ authorBanned: banned }).where(eq(posts.authorId, authorId));
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(posts)
        .where(eq(posts.authorId, authorId));
      return row?.count ?? 0;
    },
    allByAuthor(authorId) {
      return db
        .select({ id: posts.id, imageKey: posts.imageKey })
        .from(posts)
        .where(eq(posts.authorId, authorId));
    },
    async deleteAllByAuthor(authorId) {
      const deleted = await db.delete(posts).where(eq(posts.authorId, authorId)).returning({ id: posts.id });
      return deleted.length;
    },
  };
}
