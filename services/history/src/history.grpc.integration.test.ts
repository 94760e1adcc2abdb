import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import {
  DeleteItemRequestSchema,
  DeleteItemsRequestSchema,
  GetImageAccessRequestSchema,
  GetItemRequestSchema,
  ListItemsRequestSchema,
  RecordItemRequestSchema,
  SetFavoriteRequestSchema,
} from '@pictura/common/gen/history/v1/history_pb';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/support/databases.ts';
import {
  grpcContext as ctx,
  type HistoryFixture,
  openHistoryFixture,
  storeImage,
} from '../test/history.test-support.ts';
import { items } from './db/schema.ts';

type Item = {
  id: string;
  jobId: string;
  userId: number;
  type: string;
  prompt: string;
  favorite: boolean;
  private: boolean;
  images: { key: string }[];
};
type Page = { items: Item[]; nextCursor: string };

describe.each(ENGINES)('history items on %s', (engine) => {
  let fixture: HistoryFixture;
  beforeAll(async () => {
    fixture = await openHistoryFixture(engine);
  });
  afterAll(() => fixture.close());

  const record = async (
    userId: number,
    fields: { jobId?: string; type?: string; prompt?: string; key?: string; private?: boolean } = {},
  ) =>
    (await fixture.grpc.recordItem(
      create(RecordItemRequestSchema, {
        jobId: fields.jobId ?? randomUUID(),
        userId,
        type: fields.type ?? 'generated',
        prompt: fields.prompt ?? 'a lighthouse at dusk',
        negativePrompt: 'blurry',
        model: 'flux-schnell',
        optionsJson: JSON.stringify({ aspect_ratio: 'square' }),
        images: [{ key: fields.key ?? (await storeImage(fixture.store)), width: 512, height: 512, seed: 7 }],
        private: fields.private ?? false,
      }),
      ctx,
    )) as Item;
  // Requests as the gRPC server hands them over: every field present, defaults filled.
  const list = (fields: {
    userId: number;
    type?: string;
    cursor?: string;
    limit?: number;
    favoriteOnly?: boolean;
    query?: string;
  }) => fixture.grpc.listItems(create(ListItemsRequestSchema, fields), ctx) as Promise<Page>;
  const get = (userId: number, id: string) =>
    fixture.grpc.getItem(create(GetItemRequestSchema, { userId, id }), ctx) as Promise<Item>;
  const favorite = (userId: number, id: string, on: boolean) =>
    fixture.grpc.setFavorite(
      create(SetFavoriteRequestSchema, { userId, id, favorite: on }),
      ctx,
    ) as Promise<Item>;
  const deleteOne = (userId: number, id: string) =>
    fixture.grpc.deleteItem(create(DeleteItemRequestSchema, { userId, id }), ctx) as Promise<{
      deleted: number;
      deletedFiles: number;
    }>;
  const deleteMany = (userId: number, ids: string[]) =>
    fixture.grpc.deleteItems(create(DeleteItemsRequestSchema, { userId, ids }), ctx) as Promise<{
      deleted: number;
      deletedFiles: number;
    }>;

  it('records a finished job once, however often it is reported, with all it was asked', async () => {
    const jobId = randomUUID();
    const first = await record(7, { jobId });
    const again = await record(7, { jobId });
    expect(again.id).toBe(first.id);
    const { items } = await list({ userId: 7 });
    expect(items.filter((item) => item.jobId === jobId)).toHaveLength(1);
    expect(items[0]).toMatchObject({
      prompt: 'a lighthouse at dusk',
      negativePrompt: 'blurry',
      model: 'flux-schnell',
      optionsJson: '{"aspect_ratio":"square"}',
      images: [{ width: 512, height: 512, seed: 7, flagged: false }],
    });
  });

  it('lists only the owner’s items, newest first, by tab', async () => {
    await record(20);
    await record(20, { type: 'upscaled' });
    await record(21);
    const generated = await list({ userId: 20, type: 'generated' });
    expect(generated.items.map((item) => item.userId)).toEqual([20]);
    const upscaled = await list({ userId: 20, type: 'upscaled' });
    expect(upscaled.items.map((item) => item.type)).toEqual(['upscaled']);
  });

  it('pages across page boundaries without repeats or gaps while new items arrive', async () => {
    const user = 30;
    const before: string[] = [];
    for (let i = 0; i < 7; i++) before.push((await record(user)).id);
    const seen: string[] = [];
    let cursor = '';
    do {
      const result = await list({ userId: user, cursor, limit: 3 });
      seen.push(...result.items.map((item) => item.id));
      cursor = result.nextCursor;
      await record(user); // a new item arrives after every page
    } while (cursor);
    // Every item that existed when paging began, each once; the newcomers come on a refresh.
    expect(seen).toHaveLength(before.length);
    expect([...seen].sort()).toEqual([...before].sort());
  });

  it('pages items recorded in the same millisecond by id, without repeats or gaps', async () => {
    const user = 31;
    for (let i = 0; i < 5; i++) await record(user);
    // Same created_at for all: the id alone orders them.
    await fixture.database.db
      .update(items)
      .set({ createdAt: new Date('2024-01-01T00:00:00Z') })
      .where(eq(items.userId, user));
    const seen: string[] = [];
    let cursor = '';
    do {
      const result = await list({ userId: user, cursor, limit: 2 });
      seen.push(...result.items.map((item) => item.id));
      cursor = result.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('favourites on and off, idempotently, and filters by them', async () => {
    const user = 40;
    const a = await record(user);
    const b = await record(user);
    expect((await favorite(user, a.id, true)).favorite).toBe(true);
    expect((await favorite(user, a.id, true)).favorite).toBe(true);
    const favorites = await list({ userId: user, favoriteOnly: true });
    expect(favorites.items.map((item) => item.id)).toEqual([a.id]);
    expect((await favorite(user, a.id, false)).favorite).toBe(false);
    expect((await list({ userId: user, favoriteOnly: true })).items).toEqual([]);
    expect((await list({ userId: user })).items.map((item) => item.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('searches prompts by text in any case, taking % and _ literally', async () => {
    const user = 50;
    const castle = await record(user, { prompt: 'A Castle in the Clouds' });
    await record(user, { prompt: 'a forest at night' });
    const percent = await record(user, { prompt: '100% pure_gold' });
    await record(51, { prompt: 'castle of another user' });
    expect((await list({ userId: user, query: 'castle' })).items.map((i) => i.id)).toEqual([castle.id]);
    expect((await list({ userId: user, query: 'IN THE' })).items.map((i) => i.id)).toEqual([castle.id]);
    expect((await list({ userId: user, query: '%' })).items.map((i) => i.id)).toEqual([percent.id]);
    expect((await list({ userId: user, query: '_' })).items.map((i) => i.id)).toEqual([percent.id]);
    expect((await list({ userId: user, query: 'dragon' })).items).toEqual([]);
    // Search and favourites together.
    await favorite(user, castle.id, true);
    expect((await list({ userId: user, query: 'a', favoriteOnly: true })).items.map((i) => i.id)).toEqual([
      castle.id,
    ]);
  });

  it('gets one item, private flag included, only for its owner', async () => {
    const mine = await record(60, { private: true });
    expect(await get(60, mine.id)).toMatchObject({ id: mine.id, private: true, userId: 60 });
    await expect(get(61, mine.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(get(60, randomUUID())).rejects.toMatchObject({ code: 'not_found' });
    await expect(get(60, 'not-a-uuid')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('says which files a private item shows, and whose they are (the gateway serves those only to them)', async () => {
    const secret = await record(62, { private: true });
    const open = await record(62);
    const access = (key: string) =>
      fixture.grpc.getImageAccess(create(GetImageAccessRequestSchema, { key }), ctx) as Promise<{
        private: boolean;
        ownerId: number;
      }>;
    expect(await access(secret.images[0]!.key)).toEqual({ private: true, ownerId: 62 });
    expect(await access(open.images[0]!.key)).toEqual({ private: false, ownerId: 0 });
    expect(await access('../not-a-key')).toEqual({ private: false, ownerId: 0 });
    await deleteOne(62, secret.id);
    expect(await access(secret.images[0]!.key)).toEqual({ private: false, ownerId: 0 });
  });

  it('another user can neither favourite nor delete my item', async () => {
    const mine = await record(70);
    await expect(favorite(71, mine.id, true)).rejects.toMatchObject({ code: 'not_found' });
    await expect(deleteOne(71, mine.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await deleteMany(71, [mine.id])).toMatchObject({ deleted: 0 });
    expect(await get(70, mine.id)).toMatchObject({ favorite: false });
    expect(await fixture.store.read(mine.images[0]!.key)).not.toBeNull();
  });

  it('deletes one item and its file, unless something else still holds it', async () => {
    const user = 80;
    const lone = await record(user);
    const shared = await storeImage(fixture.store);
    const first = await record(user, { key: shared });
    const second = await record(user, { key: shared }); // the same bytes, twice
    await fixture.store.retain(lone.images[0]!.key, 'community:post-1'); // published, say

    expect(await deleteOne(user, lone.id)).toEqual({ deleted: 1, deletedFiles: 0 });
    expect(await fixture.store.read(lone.images[0]!.key)).not.toBeNull();
    await expect(deleteOne(user, lone.id)).rejects.toMatchObject({ code: 'not_found' });

    expect(await deleteOne(user, first.id)).toEqual({ deleted: 1, deletedFiles: 0 });
    expect(await fixture.store.read(shared)).not.toBeNull();
    expect(await deleteOne(user, second.id)).toEqual({ deleted: 1, deletedFiles: 1 });
    expect(await fixture.store.read(shared)).toBeNull();
  });

  it('deletes many: only the caller’s, unknown ids ignored, at most 100', async () => {
    const user = 90;
    const mine = [await record(user), await record(user), await record(user)];
    const others = await record(91);
    const result = await deleteMany(user, [mine[0]!.id, mine[1]!.id, others.id, randomUUID(), 'junk']);
    expect(result).toEqual({ deleted: 2, deletedFiles: 2 });
    expect((await list({ userId: user })).items.map((item) => item.id)).toEqual([mine[2]!.id]);
    expect(await fixture.store.read(mine[0]!.images[0]!.key)).toBeNull();
    expect(await get(91, others.id)).toMatchObject({ id: others.id });
    const tooMany = Array.from({ length: 101 }, () => randomUUID());
    await expect(deleteMany(user, tooMany)).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('refuses a guest, a forged cursor, an unknown tab, a key that is not the store’s', async () => {
    await expect(record(0)).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(record(1, { key: '../../etc/passwd' })).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(list({ userId: 1, cursor: 'zzz' })).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(list({ userId: 1, type: 'videos' })).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(list({ userId: 0 })).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(list({ userId: 1, query: 'x'.repeat(201) })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
  });
});
