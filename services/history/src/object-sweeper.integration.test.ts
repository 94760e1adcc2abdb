import { randomUUID } from 'node:crypto';
import { rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { createLogger } from '@pictura/common/logger';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/support/databases.ts';
import { type HistoryFixture, openHistoryFixture, storeImage } from '../test/history.test-support.ts';
import { items } from './db/schema.ts';
import { type ObjectSweeper, startObjectSweeper } from './object-sweeper.ts';

const HOUR = 3_600_000;

describe.each(ENGINES)('object sweep on %s', (engine) => {
  let fixture: HistoryFixture;
  let sweeper: ObjectSweeper | undefined;
  beforeAll(async () => {
    fixture = await openHistoryFixture(engine);
  });
  afterEach(async () => {
    await sweeper?.stop();
  });
  afterAll(() => fixture.close());

  const start = () => {
    sweeper = startObjectSweeper({
      history: fixture.history,
      store: fixture.store,
      logger: createLogger('history-test', 'silent'),
      ttlMs: 24 * HOUR,
      intervalMs: 3_600_000, // rounds run by hand below
      now: () => fixture.clock.now,
    });
    return sweeper;
  };
  const exists = async (key: string) => (await fixture.store.read(key)) !== null;
  /** Lets a day and a bit pass for the sweep: files look that old and the clock moved on. */
  const aDayLater = async (keys: string[]) => {
    const then = new Date(fixture.clock.now);
    for (const key of keys) await utimes(join(fixture.root, key.slice(0, 2), key), then, then);
    fixture.clock.now += 25 * HOUR;
  };

  it('deletes a guest’s output after the lifetime, keeps what history items hold', async () => {
    const guestOutput = await storeImage(fixture.store);
    const kept = await storeImage(fixture.store);
    const item = await fixture.history.record({
      jobId: randomUUID(),
      userId: 5,
      type: 'generated',
      images: [{ key: kept, width: 1, height: 1, seed: 1, flagged: false }],
    });
    const sweep = start();
    expect(await sweep.runOnce()).toBe(0); // nothing is a day old yet
    expect(await exists(guestOutput)).toBe(true);

    await aDayLater([guestOutput, kept]);
    expect(await sweep.runOnce()).toBe(1);
    expect(await exists(guestOutput)).toBe(false);
    expect(await exists(kept)).toBe(true);

    // Once the item is deleted its file is gone at once (no sweep needed).
    await fixture.history.deleteOne(5, item.id);
    expect(await exists(kept)).toBe(false);
  });

  it('holds the images of items recorded before holds existed before it deletes anything', async () => {
    const old = await storeImage(fixture.store);
    const item = await fixture.history.record({
      jobId: randomUUID(),
      userId: 6,
      type: 'generated',
      images: [{ key: old, width: 1, height: 1, seed: 1, flagged: false }],
    });
    // As the migration leaves an item recorded by the previous version: no hold, not marked held.
    await rm(join(fixture.root, 'holds', old), { recursive: true });
    await fixture.database.db
      .update(items)
      .set({ imagesHeld: false, createdAt: new Date(fixture.clock.now - 30 * HOUR) })
      .where(eq(items.id, item.id));
    await aDayLater([old]);

    await start().runOnce();
    expect(await exists(old)).toBe(true);
    const [row] = await fixture.database.db.select().from(items).where(eq(items.id, item.id));
    expect(row!.imagesHeld).toBe(true);
    // And the hold is real: deleting the item now removes the file.
    expect(await fixture.history.deleteOne(6, item.id)).toEqual({ deleted: 1, deletedFiles: 1 });
  });
});
