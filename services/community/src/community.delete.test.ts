import { create } from '@bufbuild/protobuf';
import type { ServiceDatabase } from '@pictura/common/database';
import {
  DeleteUserDataRequestSchema,
  ListPostsRequestSchema,
} from '@pictura/common/gen/community/v1/community_pb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase } from '../../../test/support/databases.ts';
import { communityGrpc } from './community.grpc.ts';
import { posts, schema } from './db/schema.ts';
import { createPostsRepository } from './posts.repository.ts';

describe.each(ENGINES)('community account deletion on %s', (engine) => {
  let database: ServiceDatabase<typeof schema>;
  let community: ReturnType<typeof communityGrpc>;
  const ctx = { signal: new AbortController().signal, requestId: 'test' };

  beforeAll(async () => {
    database = await openTestDatabase(engine, {
      service: 'community',
      schema,
      migrationsFolder: new URL('../migrations', import.meta.url).pathname,
    });
    community = communityGrpc(createPostsRepository(database.db));
  });
  afterAll(() => database.close());

  // Posts are inserted directly: publishing is not built yet.
  const post = (authorId: number) =>
    database.db.insert(posts).values({ authorId, title: `by ${authorId}`, imageKey: 'k.png' });
  const remove = (userId: number) =>
    community.deleteUserData(create(DeleteUserDataRequestSchema, { userId }), ctx) as Promise<{
      deletedPosts: number;
    }>;
  const authors = async () =>
    (
      (await community.listPosts(create(ListPostsRequestSchema, { limit: 100 }), ctx)) as {
        items: { authorId: number }[];
      }
    ).items.map((item) => item.authorId);

  it('deletes the user’s posts only, idempotently', async () => {
    await post(60);
    await post(60);
    await post(61);
    expect(await remove(60)).toEqual({ deletedPosts: 2 });
    expect(await authors()).toEqual([61]);
    expect(await remove(60)).toEqual({ deletedPosts: 0 });
    await expect(remove(0)).rejects.toMatchObject({ code: 'invalid_argument' });
  });
});
