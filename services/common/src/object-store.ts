// Images live behind this small interface: the filesystem under DATA_DIR/objects by default (a shared
// volume in Kubernetes), or an S3 bucket (s3-object-store.ts; object-stores.ts picks by OBJECT_STORE).
// Keys are content hashes, so the same bytes are stored once and URLs never change.
//
// Because two owners may share one object (the same bytes uploaded twice, a history item and the community
// post made from it), nobody deletes an object directly: each owner *holds* it, and the object goes when the
// last holder lets go. Objects nobody holds (guests' outputs, abandoned uploads) are swept after a while.
//
// Layout under the root:
//   <aa>/<key>                      the object (aa = the key's first two hex digits)
//   holds/<key>/<encoded holder>    one empty file per holder
//   <aa>/<key>.<nonce>.released     an object being deleted (see "Concurrency" below)
//
// Concurrency (between processes too: the marks are files, and rename is atomic on one filesystem):
// deleting renames the object aside first, then looks at the holds again, and puts the object back if a
// holder appeared in between; retain writes its mark first and then, if the object is missing, puts back an
// object that is being deleted. So: once retain(key) has resolved while the object existed, the object is not
// deleted until every holder has released it; an object that has a holder is never deleted. What is not
// promised: retain does not bring back an object whose deletion had already finished (retain still records
// the mark and resolves; the caller gets a missing file, as it would for a key that never existed).
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

export const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type ImageExtension = keyof typeof CONTENT_TYPES;

const KEY_PATTERN = /^[a-f0-9]{64}\.(png|jpg|webp)$/;
const SHARD_PATTERN = /^[a-f0-9]{2}$/;
const RELEASED_SUFFIX = '.released';
/** A rename-aside older than this was left by a crashed process: the sweep settles it. */
const STALE_RELEASE_MS = 60_000;

export function isObjectKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export interface StoredObject {
  key: string;
  bytes: number;
}

export interface ObjectStore {
  put(data: Uint8Array, extension: ImageExtension): Promise<StoredObject>;
  /** A stream of the object, or null when there is none. */
  open(key: string): Promise<{ stream: Readable; bytes: number; contentType: string } | null>;
  read(key: string): Promise<Buffer | null>;
  /** Removes the object whatever holds it; owners use release() instead. */
  delete(key: string): Promise<void>;
  /** Marks `key` as kept by `holder` (e.g. 'history:<itemId>', 'community:<postId>'); idempotent. */
  retain(key: string, holder: string): Promise<void>;
  /** Drops `holder`'s mark; deletes the object when no holder is left. Resolves true when the object was deleted. */
  release(key: string, holder: string): Promise<boolean>;
  /** Deletes objects that no holder keeps and that are older than `olderThanMs`: guests' outputs, abandoned uploads. Resolves the number deleted. */
  sweepUnheld(olderThanMs: number): Promise<number>;
  /**
   * A short-lived URL that clients fetch the object from directly, bypassing the gateway, or null when there
   * is no such object. Present only when the operator chose it (FILES_REDIRECT=presigned on an S3 store).
   */
  directUrl?(key: string): Promise<{ url: string; expiresInSeconds: number } | null>;
}

export interface FileObjectStoreOptions {
  /** The clock the sweep compares file times with; tests move it forward. */
  now?: () => number;
}

/** A holder as one safe file name (or S3 key segment): no separators, never '.' or '..'. */
export function encodeHolder(holder: string): string {
  if (holder === '' || holder.length > 200) throw new Error('invalid holder');
  return encodeURIComponent(holder).replaceAll('.', '%2E');
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function createFileObjectStore(root: string, options: FileObjectStoreOptions = {}): ObjectStore {
  const now = options.now ?? Date.now;
  const checkKey = (key: string) => {
    if (!isObjectKey(key)) throw new Error('invalid object key');
  };
  const pathOf = (key: string) => {
    checkKey(key);
    return join(root, key.slice(0, 2), key);
  };
  const holdsOf = (key: string) => {
    checkKey(key);
    return join(root, 'holds', key);
  };

  async function isHeld(key: string): Promise<boolean> {
    try {
      return (await readdir(holdsOf(key))).length > 0;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** Removes the holds folder once it is empty; a concurrent retain that loses its folder writes again. */
  async function tidyHolds(key: string): Promise<void> {
    try {
      await rmdir(holdsOf(key));
    } catch {
      // Not empty (someone holds it) or already gone: both fine.
    }
  }

  /** The rename-aside copies of `key` that a release or sweep is deleting right now. */
  async function releasedCopies(key: string): Promise<string[]> {
    const shard = join(root, key.slice(0, 2));
    try {
      const names = await readdir(shard);
      return names
        .filter((name) => name.startsWith(`${key}.`) && name.endsWith(RELEASED_SUFFIX))
        .map((name) => join(shard, name));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  /**
   * Deletes an unheld object: rename aside, look at the holds again, then either put it back (a holder
   * arrived) or unlink. Resolves true when this call deleted the object.
   */
  async function deleteIfUnheld(key: string, notNewerThan = Number.POSITIVE_INFINITY): Promise<boolean> {
    const path = pathOf(key);
    const aside = `${path}.${randomBytes(6).toString('hex')}${RELEASED_SUFFIX}`;
    try {
      await rename(path, aside);
    } catch (error) {
      if (isMissing(error)) return false; // gone already, or another caller is deleting it
      throw error;
    }
    // The sweep looked at the time before the rename; a put() in between made the object new again.
    if ((await isHeld(key)) || (await modifiedAt(aside)) > notNewerThan) {
      await restore(aside, path);
      return false;
    }
    try {
      await unlink(aside);
      return true;
    } catch (error) {
      if (isMissing(error)) return false; // a retain put it back first
      throw error;
    }
  }

  /** A file's modification time; a file already gone counts as new (nothing to delete). */
  async function modifiedAt(path: string): Promise<number> {
    try {
      return (await stat(path)).mtimeMs;
    } catch (error) {
      if (isMissing(error)) return Number.POSITIVE_INFINITY;
      throw error;
    }
  }

  async function restore(aside: string, path: string): Promise<void> {
    try {
      // If put() wrote the same bytes meanwhile, this replaces them with identical bytes.
      await rename(aside, path);
    } catch (error) {
      if (!isMissing(error)) throw error; // the other party restored it first
    }
  }

  return {
    async put(data, extension) {
      const key = `${createHash('sha256').update(data).digest('hex')}.${extension}`;
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file. Rewriting existing bytes also renews the
      // file's time, so an object stored again is not swept as old.
      const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temp, data);
      await rename(temp, path);
      return { key, bytes: data.byteLength };
    },
    async open(key) {
      if (!isObjectKey(key)) return null;
      try {
        const info = await stat(pathOf(key));
        const extension = key.slice(key.lastIndexOf('.') + 1) as ImageExtension;
        return {
          stream: createReadStream(pathOf(key)),
          bytes: info.size,
          contentType: CONTENT_TYPES[extension],
        };
      } catch {
        return null;
      }
    },
    async read(key) {
      const opened = await this.open(key);
      if (!opened) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async retain(key, holder) {
      const folder = holdsOf(key);
      const mark = join(folder, encodeHolder(holder));
      // A release of the last other holder may remove the folder between mkdir and writeFile: write again.
      for (let attempt = 0; ; attempt++) {
        try {
          // mkdir itself can fail with ENOENT when the folder is removed while it checks what exists.
          await mkdir(folder, { recursive: true });
          await writeFile(mark, '');
          break;
        } catch (error) {
          if (!isMissing(error) || attempt >= 10) throw error;
        }
      }
      // The mark is down before we look, so a deletion that renamed the object aside will see the mark and
      // put it back; rescuing it here as well covers a deletion that looked before the mark was written.
      const path = pathOf(key);
      try {
        await stat(path);
        return;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      for (const aside of await releasedCopies(key)) await restore(aside, path);
    },
    async release(key, holder) {
      try {
        await unlink(join(holdsOf(key), encodeHolder(holder)));
      } catch (error) {
        // Not held by this holder (a repeat, or never retained): it deletes nothing it did not hold; an
        // object left with no holder at all is the sweep's.
        if (isMissing(error)) return false;
        throw error;
      }
      if (await isHeld(key)) return false;
      await tidyHolds(key);
      return deleteIfUnheld(key);
    },
    async sweepUnheld(olderThanMs) {
      const cutoff = now() - olderThanMs;
      let deleted = 0;
      let shards: string[];
      try {
        shards = (await readdir(root)).filter((name) => SHARD_PATTERN.test(name));
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      for (const shard of shards) {
        let names: string[];
        try {
          names = await readdir(join(root, shard));
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        for (const name of names) {
          const path = join(root, shard, name);
          let info: Awaited<ReturnType<typeof stat>>;
          try {
            info = await stat(path);
          } catch (error) {
            if (isMissing(error)) continue;
            throw error;
          }
          if (isObjectKey(name)) {
            if (info.mtimeMs > cutoff || (await isHeld(name))) continue;
            if (await deleteIfUnheld(name, cutoff)) deleted++;
          } else if (Number(info.ctimeMs) <= now() - STALE_RELEASE_MS) {
            // ctime, not mtime: a rename aside keeps the object's old mtime but sets ctime to the moment.
            await settleLeftover(shard, name, path);
          }
        }
      }
      return deleted;
    },
  };

  /** A temp file or rename-aside left by a crashed process: put back what is held, remove the rest. */
  async function settleLeftover(shard: string, name: string, path: string): Promise<void> {
    const key = name.slice(0, name.indexOf('.', 65));
    if (name.endsWith(RELEASED_SUFFIX) && isObjectKey(key) && (await isHeld(key))) {
      await restore(path, join(root, shard, key));
      return;
    }
    if (name.endsWith(RELEASED_SUFFIX) || name.endsWith('.tmp')) await rm(path, { force: true });
  }
}
