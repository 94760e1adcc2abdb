import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileObjectStore, isObjectKey } from './object-store.ts';

describe('file object store', () => {
  const root = mkdtempSync(join(tmpdir(), 'pictura-store-'));
  const store = createFileObjectStore(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

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
});
