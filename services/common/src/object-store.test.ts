import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, rename, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { objectStoreContract, uniqueBytes } from '../test/object-store.contract.ts';
import { createFileObjectStore } from './object-store.ts';

const HOUR = 3_600_000;

describe('file object store', () => {
  const root = mkdtempSync(join(tmpdir(), 'pictura-store-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const pathOf = (key: string) => join(root, key.slice(0, 2), key);

  objectStoreContract(
    async (now) => ({
      store: createFileObjectStore(root, { now }),
      async age(key, ms) {
        const then = new Date(Date.now() - ms);
        await utimes(pathOf(key), then, then);
      },
      async setAside(key, nonce) {
        await rename(pathOf(key), `${pathOf(key)}.${nonce}.released`);
      },
      async asides(key) {
        const names = await readdir(join(root, key.slice(0, 2)));
        return names.filter((name) => name.startsWith(`${key}.`) && name.endsWith('.released'));
      },
      empty: () => createFileObjectStore(join(root, 'nothing-here')),
      async stop() {},
    }),
    { raceRounds: 100, raceSpreadMs: 2 },
  );

  describe('on disk', () => {
    let clock = Date.now();
    const store = createFileObjectStore(root, { now: () => clock });

    it('removes the empty holds folder with the last hold', async () => {
      const { key } = await store.put(uniqueBytes(), 'png');
      await store.retain(key, 'history:a');
      expect(await readdir(join(root, 'holds'))).toContain(key);
      await store.release(key, 'history:a');
      expect(await readdir(join(root, 'holds'))).not.toContain(key);
    });

    it('removes half-written files a crashed process left', async () => {
      const { key } = await store.put(uniqueBytes(), 'png');
      await writeFile(`${pathOf(key)}.1234.cafe.tmp`, 'half');
      clock += 2 * 60_000;
      try {
        await store.sweepUnheld(24 * HOUR);
      } finally {
        clock -= 2 * 60_000;
      }
      const left = await readdir(join(root, key.slice(0, 2)));
      expect(left.filter((name) => name.startsWith(key))).toEqual([key]);
    });
  });
});
