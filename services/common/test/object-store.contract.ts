// What every object store promises, as tests: the filesystem store and the S3 store run the same cases
// (object-store.test.ts, s3-object-store.test.ts), so a deployment that moves to a bucket keeps the
// behaviour history, community and the sweeper rely on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isObjectKey, type ObjectStore } from '../src/object-store.ts';

const HOUR = 3_600_000;
let counter = 0;
/** Bytes no other test stores, so keys never collide between tests. */
export const uniqueBytes = () => new Uint8Array(Buffer.from(`image ${++counter} ${Math.random()}`));

export interface StoreUnderTest {
  store: ObjectStore;
  /** Makes a stored object look `ms` old to the sweep (by the real clock). */
  age(key: string, ms: number): Promise<void>;
  /** A deletion's middle step, frozen: the object set aside under `nonce` (12 hex digits), not yet gone. */
  setAside(key: string, nonce: string): Promise<void>;
  /** The set-aside copies of `key` that are still there. */
  asides(key: string): Promise<string[]>;
  /** Another store of the same kind with nothing in it. */
  empty(): ObjectStore;
  stop(): Promise<void>;
}

/**
 * Runs the contract. `open` gets the sweep's clock (tests move it forward) and returns the store to test;
 * `raceRounds` is how many retain-versus-release races to run, `raceSpreadMs` about how long a release takes.
 */
export function objectStoreContract(
  open: (now: () => number) => Promise<StoreUnderTest>,
  options: { raceRounds: number; raceSpreadMs: number },
): void {
  let clock = Date.now();
  let subject: StoreUnderTest;
  let store: ObjectStore;
  beforeAll(async () => {
    subject = await open(() => clock);
    store = subject.store;
  });
  afterAll(() => subject?.stop());

  it('stores bytes under their content hash and reads them back', async () => {
    const data = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    const stored = await store.put(data, 'png');
    expect(isObjectKey(stored.key)).toBe(true);
    expect(stored.bytes).toBe(7);
    expect(await store.read(stored.key)).toEqual(Buffer.from(data));
    const again = await store.put(data, 'png');
    expect(again.key).toBe(stored.key);

    const opened = await store.open(stored.key);
    expect(opened).toMatchObject({ bytes: 7, contentType: 'image/png' });
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(Buffer.from(data));
  });

  it('answers null for missing or malformed keys, never a path outside the store', async () => {
    expect(await store.open(`${'0'.repeat(64)}.png`)).toBeNull();
    expect(await store.read(`${'0'.repeat(64)}.webp`)).toBeNull();
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
      const { key } = await store.put(uniqueBytes(), 'png');
      await store.retain(key, 'history:a');
      await store.retain(key, 'community:b');
      await store.retain(key, 'history:a'); // idempotent: still one mark for history:a
      expect(await store.release(key, 'history:a')).toBe(false);
      expect(await store.read(key)).not.toBeNull();
      expect(await store.release(key, 'community:b')).toBe(true);
      expect(await store.read(key)).toBeNull();
      expect(await subject.asides(key)).toEqual([]);
    });

    it('a release by a holder that holds nothing deletes nothing', async () => {
      const { key } = await store.put(uniqueBytes(), 'png');
      expect(await store.release(key, 'history:never')).toBe(false);
      expect(await store.read(key)).not.toBeNull();
      await store.retain(key, 'history:once');
      expect(await store.release(key, 'history:once')).toBe(true);
      expect(await store.release(key, 'history:once')).toBe(false); // a repeat is harmless
    });

    it('keeps holders apart whatever characters they contain', async () => {
      const { key } = await store.put(uniqueBytes(), 'jpg');
      await store.retain(key, '..');
      await store.retain(key, 'a/b');
      expect(await store.release(key, '.')).toBe(false);
      expect(await store.release(key, 'a/b')).toBe(false);
      expect(await store.release(key, '..')).toBe(true);
    });

    it('refuses malformed keys and empty holders', async () => {
      await expect(store.retain('../../etc/passwd', 'history:x')).rejects.toThrow('invalid object key');
      await expect(store.release('a.png', 'history:x')).rejects.toThrow('invalid object key');
      const { key } = await store.put(uniqueBytes(), 'png');
      await expect(store.retain(key, '')).rejects.toThrow('invalid holder');
    });

    // A hundred rounds of a dozen file or bucket calls each, one after another: about 0.3 s alone, 2 s beside
    // the end-to-end files, and once over 30 s on a busy CI machine (every step waits its turn for a core).
    // Every step is bounded (retain retries at most ten times), so the longer limit hides no hang.
    it('a retain racing the last release: either the release came first and deleted, or the object stays', {
      timeout: 120_000,
    }, async () => {
      // Rounds of: A holds; A lets go while B takes a hold at the same moment. Whatever order the store sees,
      // the object is never gone unless that release really deleted it (it came first), and an object that
      // stays is B's to release.
      for (let round = 0; round < options.raceRounds; round++) {
        const { key } = await store.put(uniqueBytes(), 'png');
        await store.retain(key, 'history:a');
        // B starts at a random moment within the release, so the rounds meet it at each of its steps.
        const lateBy = Math.random() * options.raceSpreadMs;
        const [deleted] = await Promise.all([
          store.release(key, 'history:a'),
          new Promise((resolve) => setTimeout(resolve, lateBy)).then(() => store.retain(key, 'community:b')),
        ]);
        const present = (await store.read(key)) !== null;
        expect(present || deleted).toBe(true);
        expect(present && deleted).toBe(false);
        if (present) {
          expect(await store.release(key, 'community:b')).toBe(true);
        }
      }
    });

    it('a retain puts back an object that a deletion had set aside', async () => {
      const { key } = await store.put(uniqueBytes(), 'png');
      await subject.setAside(key, '0123456789ab');
      expect(await store.read(key)).toBeNull();
      await store.retain(key, 'history:late');
      expect(await store.read(key)).not.toBeNull();
    });
  });

  describe('sweep', () => {
    it('deletes old unheld objects, keeps held and recent ones', async () => {
      const oldGuest = await store.put(uniqueBytes(), 'png');
      const oldHeld = await store.put(uniqueBytes(), 'png');
      const recent = await store.put(uniqueBytes(), 'webp');
      await store.retain(oldHeld.key, 'history:kept');
      await subject.age(oldGuest.key, 25 * HOUR);
      await subject.age(oldHeld.key, 25 * HOUR);
      await subject.age(recent.key, 1 * HOUR);

      const deleted = await store.sweepUnheld(24 * HOUR);
      expect(deleted).toBeGreaterThanOrEqual(1);
      expect(await store.read(oldGuest.key)).toBeNull();
      expect(await store.read(oldHeld.key)).not.toBeNull();
      expect(await store.read(recent.key)).not.toBeNull();
    });

    it('follows the clock it is given', async () => {
      clock = Date.now(); // the store's clock and the object's time agree to begin with
      const { key } = await store.put(uniqueBytes(), 'png');
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
      const data = uniqueBytes();
      const { key } = await store.put(data, 'png');
      await subject.age(key, 25 * HOUR);
      await store.put(data, 'png');
      await store.sweepUnheld(24 * HOUR);
      expect(await store.read(key)).not.toBeNull();
    });

    it('leaves a deletion in progress alone', async () => {
      const { key } = await store.put(uniqueBytes(), 'png');
      await subject.age(key, 25 * HOUR);
      await subject.setAside(key, 'cccccccccccc'); // set aside just now: no leftover yet
      await store.sweepUnheld(24 * HOUR);
      expect(await subject.asides(key)).toHaveLength(1);
    });

    it('settles what a crashed process left: held objects put back, the rest removed', async () => {
      const held = await store.put(uniqueBytes(), 'png');
      const unheld = await store.put(uniqueBytes(), 'png');
      await store.retain(held.key, 'history:crash');
      await subject.setAside(held.key, 'aaaaaaaaaaaa');
      await subject.setAside(unheld.key, 'bbbbbbbbbbbb');
      // An hour later (by the store's clock) they count as left behind.
      clock += HOUR;
      try {
        await store.sweepUnheld(24 * HOUR);
      } finally {
        clock -= HOUR;
      }
      expect(await store.read(held.key)).not.toBeNull();
      expect(await subject.asides(held.key)).toEqual([]);
      expect(await store.read(unheld.key)).toBeNull();
      expect(await subject.asides(unheld.key)).toEqual([]);
    });

    it('an empty store sweeps nothing', async () => {
      expect(await subject.empty().sweepUnheld(0)).toBe(0);
    });
  });
}
