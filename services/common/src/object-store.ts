// Images live behind this small interface: the filesystem under DATA_DIR/objects by default (a shared
// volume in Kubernetes). Keys are content hashes, so the same bytes are stored once and URLs never change.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

export const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type ImageExtension = keyof typeof CONTENT_TYPES;

const KEY_PATTERN = /^[a-f0-9]{64}\.(png|jpg|webp)$/;

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
  delete(key: string): Promise<void>;
}

export function createFileObjectStore(root: string): ObjectStore {
  const pathOf = (key: string) => {
    if (!isObjectKey(key)) throw new Error('invalid object key');
    return join(root, key.slice(0, 2), key);
  };
  return {
    async put(data, extension) {
      const key = `${createHash('sha256').update(data).digest('hex')}.${extension}`;
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
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
  };
}
