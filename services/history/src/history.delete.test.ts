import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import type { ServiceDatabase } from '@pictura/common/database';
import {
  DeleteUserDataRequestSchema,
  ListItemsRequestSchema,
  RecordItemRequestSchema,
} from '@pictura/common/gen/history/v1/history_pb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase } from '../../../test/support/databases.ts';
import { schema } from './db/schema.ts';
import { historyGrpc } from './history.grpc.ts';
import { createItemsRepository } from './items.repository.ts';

describe.each(ENGINES)('history account deletion on %s', (engine) => {
  let database: ServiceDatabase<typeof schema>;
  let history: ReturnType<typeof historyGrpc>;
  const ctx = { signal: new AbortController().signal, requestId: 'test' };

  beforeAll(async () => {
    database = await openTestDatabase(engine, {
      service: 'history',
      schema,
      migrationsFolder: new URL('../migrations', import.meta.url).pathname,
    });
    history = historyGrpc(createItemsRepository(database.db));
  });
  afterAll(() => database.close());

  const record = (userId: number, key: string, type = 'generated') =>
    history.recordItem(
      create(RecordItemRequestSchema, {
        jobId: randomUUID(),
        userId,
        type,
        images: [{ key, width: 64, height: 64, seed: 1, flagged: false }],
      }),
      ctx,
    );
  const remove = (userId: number) =>
    history.deleteUserData(create(DeleteUserDataRequestSchema, { userId }), ctx) as Promise<{
      deletedItems: number;
      imageKeys: string[];
    }>;
  const count = async (userId: number, type = 'generated') =>
    ((await history.listItems(create(ListItemsRequestSchema, { userId, type }), ctx)) as { items: unknown[] })
      .items.length;

  it('deletes every item of the user, returns their image keys, and leaves others alone', async () => {
    await record(50, 'a.png');
    await record(50, 'b.png', 'upscaled');
    await record(51, 'c.png');
    const result = await remove(50);
    expect(result.deletedItems).toBe(2);
    expect(result.imageKeys.sort()).toEqual(['a.png', 'b.png']);
    expect(await count(50)).toBe(0);
    expect(await count(50, 'upscaled')).toBe(0);
    expect(await count(51)).toBe(1);
  });

  it('is idempotent and refuses a guest', async () => {
    await record(52, 'd.png');
    await remove(52);
    expect(await remove(52)).toMatchObject({ deletedItems: 0, imageKeys: [] });
    await expect(remove(0)).rejects.toMatchObject({ code: 'invalid_argument' });
  });
});
