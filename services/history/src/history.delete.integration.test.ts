import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import {
  DeleteUserDataRequestSchema,
  ListItemsRequestSchema,
  RecordItemRequestSchema,
} from '@pictura/common/gen/history/v1/history_pb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/support/databases.ts';
import {
  grpcContext as ctx,
  type HistoryFixture,
  openHistoryFixture,
  storeImage,
} from '../test/history.test-support.ts';

describe.each(ENGINES)('history account deletion on %s', (engine) => {
  let fixture: HistoryFixture;
  beforeAll(async () => {
    fixture = await openHistoryFixture(engine);
  });
  afterAll(() => fixture.close());

  const record = (userId: number, key: string, type = 'generated') =>
    fixture.grpc.recordItem(
      create(RecordItemRequestSchema, {
        jobId: randomUUID(),
        userId,
        type,
        images: [{ key, width: 64, height: 64, seed: 1, flagged: false }],
      }),
      ctx,
    );
  const remove = (userId: number) =>
    fixture.grpc.deleteUserData(create(DeleteUserDataRequestSchema, { userId }), ctx) as Promise<{
      deletedItems: number;
      deletedFiles: number;
      imageKeys: string[];
    }>;
  const count = async (userId: number, type = 'generated') =>
    (
      (await fixture.grpc.listItems(create(ListItemsRequestSchema, { userId, type }), ctx)) as {
        items: unknown[];
      }
    ).items.length;
  const exists = async (key: string) => (await fixture.store.read(key)) !== null;

  it('deletes every item of the user and the files no one else holds, and leaves others alone', async () => {
    const [a, b, shared, published, others] = await Promise.all(
      Array.from({ length: 5 }, () => storeImage(fixture.store)),
    );
    await record(50, a!);
    await record(50, b!, 'upscaled');
    await record(50, shared!);
    await record(50, published!);
    await fixture.store.retain(published!, 'community:post-9'); // the user's post outlives the account here
    await record(51, shared!); // another user made the same bytes
    await record(51, others!);

    const result = await remove(50);
    expect(result).toEqual({ deletedItems: 4, deletedFiles: 2, imageKeys: [] });
    expect(await count(50)).toBe(0);
    expect(await count(50, 'upscaled')).toBe(0);
    expect(await exists(a!)).toBe(false);
    expect(await exists(b!)).toBe(false);
    expect(await exists(shared!)).toBe(true);
    expect(await exists(published!)).toBe(true);
    expect(await count(51)).toBe(2);
    expect(await exists(others!)).toBe(true);
  });

  it('is idempotent and refuses a guest', async () => {
    await record(52, await storeImage(fixture.store));
    await remove(52);
    expect(await remove(52)).toMatchObject({ deletedItems: 0, deletedFiles: 0, imageKeys: [] });
    await expect(remove(0)).rejects.toMatchObject({ code: 'invalid_argument' });
  });
});
