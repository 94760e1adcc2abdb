import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, rename, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileObjectStore, isObjectKey } from './object-store.ts';

const HOUR = 3_600_000;
let counter = 0;
/** Bytes no other test stores, so keys never collide between tests. */
const unique = () => new Uint8Array(Buffer.from(`image ${++counter} ${Math.random()}`));

describe('file object store', () => {
  const root = mkdtempSync(join(tmpdir(), 'pictura-store-'));
  let clock = Date.now();
  const store = createFileObjectStore(root, { now: () => clock });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const pathOf = (key: string) => join(root, key.slice(0, 2), key);
  /** Makes a stored object look `ms` old to the sweep. */
  const age = async (key: string, ms: number) => {
    const then = new Date(clock - ms);
    await utimes(pathOf(key), then, then);
  };

  it('stores bytes under their content hash and reads them back', async () => {
    const data = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    const stored = await store.put(data, 'png');
    expect(isObjectKey(stored.key)).toBe(true);
    expect(stored.bytes).toBe(7);
    expect(await store.read(stored.key)).toEqual(Buffer.from(data));
    const again = await store.put(data, 'png');
    expect(again.key).toBe(stored.key);
  });

  it('answers null for missing or malformed keys, never a path outside the store', async () => {
    expect(await store.open(`${'0'.repeat(64)}.png`)).toBeNull();
    expect(await store.open('../../etc/passwd')).toBeNull();
    expect(await store.open('..%2f..%2fetc%2fpasswd')).toBeNull();
  });

  it('deletes', async () => {
    const { key } = await store.put(new Uint8Array([1, 2, 3, 4]), 'webp');
    await store.delete(key);
    expect(await store.open(key)).toBeNull();
  });

  describe('holds', () => {
    it('deletes the object when its last holder lets go, not before', async () => {
      const { key } = await store.put(unique(), 'png');
      await store.retain(key, 'history:a');
      await store.retain(key, 'community:b');
      await store.retain(key, 'history:a'); // idempotent: still one mark for history:a
      expect(await store.release(key, 'history:a')).toBe(false);
      expect(await store.read(key)).not.toBeNull();
      expect(await store.release(key, 'community:b')).toBe(true);
      expect(await store.read(key)).toBeNull();
      // The empty holds folder goes with it.
      expect(await readdir(join(root, 'holds'))).not.toContain(key);
    });

    it('a release by a holder that holds nothing deletes nothing', async () => {
      const { key } = await store.put(unique(), 'png');
      expect(await store.release(key, 'history:never')).toBe(false);
      expect(await store.read(key)).not.toBeNull();
      await store.retain(key, 'history:once');
      expect(await store.release(key, 'history:once')).toBe(true);
      expect(await store.release(key, 'history:once')).toBe(false); // a repeat is harmless
    });

    it('keeps holders apart whatever characters they contain', async () => {
      const { key } = await store.put(unique(), 'jpg');
      await store.retain(key, '..');
      await store.retain(key, 'a/b');
      expect(await store.release(key, '.')).toBe(false);
      expect(await store.release(key, 'a/b')).toBe(false);
      expect(await store.release(key, '..')).toBe(true);
    });

    it('refuses malformed keys and empty holders', async () => {
      await expect(store.retain('../../etc/passwd', 'history:x')).rejects.toThrow('invalid object key');
      await expect(store.release('a.png', 'history:x')).rejects.toThrow('invalid object key');
      const { key } = await store.put(unique(), 'png');
      await expect(store.retain(key, '')).rejects.toThrow('invalid holder');
    });

    it('a retain racing the last release: either the release came first and deleted, or the object stays', async () => {
      // Many rounds of: A holds; A lets go while B takes a hold at the same moment. Whatever order the
      // filesystem sees, the object is never gone unless that release really deleted it (it came first), and
      // an object that stays is B's to release.
      for (let round = 0; round < 100; round++) {
        const { key } = await store.put(unique(), 'png');
        await store.retain(key, 'history:a');
        const [deleted] = await Promise.all([
          store.release(key, 'history:a'),
          store.retain(key, 'community:b'),
        ]);
        const present = (await store.read(key)) !== null;
        expect(present || deleted).toBe(true);
        expect(present && deleted).toBe(false);
        if (present) {
          expect(await store.release(key, 'community:b')).toBe(true);
        }
      }
    });

    it('a retain puts back an object that a deletion had renamed aside', async () => {
      // The deletion's middle step frozen: the object renamed aside, the unlink not yet done.
      const { key } = await store.put(unique(), 'png');
      const aside = `${pathOf(key)}.0123456789ab.released`;
      await rename(pathOf(key), aside);
      await store.retain(key, 'history:late');
      expect(await store.read(key)).not.toBeNull();
    });
  });

  describe('sweep', () => {
    it('deletes old unheld objects, keeps held and recent ones', async () => {
      const oldGuest = await store.put(unique(), 'png');
      const oldHeld = await store.put(unique(), 'png');
      const recent = await store.put(unique(), 'webp');
      await store.retain(oldHeld.key, 'history:kept');
      await age(oldGuest.key, 25 * HOUR);
      await age(oldHeld.key, 25 * HOUR);
      await age(recent.key, 1 * HOUR);

      const deleted = await store.sweepUnheld(24 * HOUR);
      expect(deleted).toBeGreaterThanOrEqual(1);
      expect(await store.read(oldGuest.key)).toBeNull();
      expect(await store.read(oldHeld.key)).not.toBeNull();
      expect(await store.read(recent.key)).not.toBeNull();
    });

    it('follows the clock it is given', async () => {
      clock = Date.now(); // the store's clock and the file's time agree to begin with
      const { key } = await store.put(unique(), 'png');
      expect(await store.sweepUnheld(24 * HOUR)).toBe(0);
      expect(await store.read(key)).not.toBeNull();
      clock += 25 * HOUR;
      try {
        expect(await store.sweepUnheld(24 * HOUR)).toBeGreaterThanOrEqual(1);
        expect(await store.read(key)).toBeNull();
      } finally {
        clock -= 25 * HOUR;
      }
    });

    it('storing the same bytes again makes an object new again', async () => {
      const data = unique();
      const { key } = await store.put(data, 'png');
      await age(key, 25 * HOUR);
      await store.put(data, 'png');
      await store.sweepUnheld(24 * HOUR);
      expect(await store.read(key)).not.toBeNull();
    });

    it('leaves a deletion in progress alone', async () => {
      const { key } = await store.put(unique(), 'png');
      await age(key, 25 * HOUR);
      const aside = `${pathOf(key)}.cccccccccccc.released`;
      await rename(pathOf(key), aside); // renamed just now: the old mtime stays, but it is no leftover
      await store.sweepUnheld(24 * HOUR);
      expect(await readdir(join(root, key.slice(0, 2)))).toContain(`${key}.cccccccccccc.released`);
    });

    it('settles what a crashed process left: held objects put back, the rest removed', async () => {
      const held = await store.put(unique(), 'png');
      const unheld = await store.put(unique(), 'png');
      await store.retain(held.key, 'history:crash');
      const heldAside = `${pathOf(held.key)}.aaaaaaaaaaaa.released`;
      const unheldAside = `${pathOf(unheld.key)}.bbbbbbbbbbbb.released`;
      const temp = `${pathOf(unheld.key)}.1234.cafe.tmp`;
      await rename(pathOf(held.key), heldAside);
      await rename(pathOf(unheld.key), unheldAside);
      await writeFile(temp, 'half');
      // A minute and more later (by the store's clock), they count as left behind.
      clock += 2 * 60_000;
      try {
        await store.sweepUnheld(24 * HOUR);
      } finally {
        clock -= 2 * 60_000;
      }
      expect(await store.read(held.key)).not.toBeNull();
      const left = await readdir(join(root, unheld.key.slice(0, 2)));
      expect(left.filter((name) => name.startsWith(unheld.key))).toEqual([]);
    });

    it('an empty store sweeps nothing', async () => {
      const empty = createFileObjectStore(join(root, 'nothing-here'));
      expect(await empty.sweepUnheld(0)).toBe(0);
    });
  });
});
