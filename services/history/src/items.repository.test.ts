import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import type { ServiceDatabase } from '@pictura/common/database';
import { ListItemsRequestSchema, RecordItemRequestSchema } from '@pictura/common/gen/history/v1/history_pb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase } from '../../../test/support/databases.ts';
import { schema } from './db/schema.ts';
import { historyGrpc } from './history.grpc.ts';
import { createItemsRepository } from './items.repository.ts';

const image = { key: `${'c'.repeat(64)}.png`, width: 512, height: 512, seed: 1, flagged: false };

describe.each(ENGINES)('history items on %s', (engine) => {
  let database: ServiceDatabase<typeof schema>;
  let history: ReturnType<typeof historyGrpc>;

  beforeAll(async () => {
    database = await openTestDatabase(engine, {
      service: 'history',
      schema,
      migrationsFolder: new URL('../migrations', import.meta.url).pathname,
    });
    history = historyGrpc(createItemsRepository(database.db));
  });
  afterAll(() => database.close());

  const ctx = { signal: new AbortController().signal, requestId: 'test' };
  type Item = { id: string; jobId: string; userId: number; type: string };
  const record = async (userId: number, jobId = randomUUID(), type = 'generated') =>
    (await history.recordItem(
      create(RecordItemRequestSchema, {
        jobId,
        userId,
        type,
        prompt: `prompt ${jobId.slice(0, 4)}`,
        images: [image],
      }),
      ctx,
    )) as Item;
  // Requests as the gRPC server hands them over: every field present, defaults filled.
  const list = (fields: { userId: number; type: string; cursor?: string; limit?: number }) =>
    history.listItems(create(ListItemsRequestSchema, fields), ctx) as Promise<{
      items: Item[];
      nextCursor: string;
    }>;

  it('records a finished job once, however often it is reported', async () => {
    const jobId = randomUUID();
    const first = await record(7, jobId);
    const again = await record(7, jobId);
    expect(again.id).toBe(first.id);
    const { items } = await list({ userId: 7, type: 'generated' });
    expect(items.filter((item) => item.jobId === jobId)).toHaveLength(1);
  });

  it('lists only the owner’s items, newest first, by tab', async () => {
    await record(20);
    await record(20, randomUUID(), 'upscaled');
    await record(21);
    const generated = await list({ userId: 20, type: 'generated' });
    expect(generated.items.map((item) => item.userId)).toEqual([20]);
    const upscaled = await list({ userId: 20, type: 'upscaled' });
    expect(upscaled.items.map((item) => item.type)).toEqual(['upscaled']);
  });

  it('pages without repeats or gaps while new items arrive', async () => {
    const user = 30;
    for (let i = 0; i < 7; i++) await record(user);
    const seen: string[] = [];
    let cursor = '';
    let page = 0;
    do {
      const result = await list({ userId: user, type: 'generated', cursor, limit: 3 });
      seen.push(...result.items.map((item) => item.id));
      cursor = result.nextCursor;
      if (page++ === 0) await record(user); // a new item arrives after the first page
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it('refuses a guest and a forged cursor', async () => {
    await expect(record(0)).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(list({ userId: 1, type: 'generated', cursor: 'zzz' })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
  });
});
