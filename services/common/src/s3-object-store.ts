// The object store in an S3 bucket (AWS S3 or any server that speaks its protocol), for deployments where
// replicas share no volume. Same keys, holds and sweep as the filesystem store (object-store.ts).
//
// Layout in the bucket, under an optional prefix:
//   objects/<aa>/<key>               the object, with its Content-Type and immutable Cache-Control
//   holds/<key>/<encoded holder>     one empty object per holder
//   released/<key>.<nonce>           a copy of an object being deleted (see "Concurrency" below)
//
// Concurrency: S3 has no rename, so a deletion sets the object aside by copying it to released/ and deleting
// the original, then looks at the holds again, copies it back if a holder appeared, and deletes the copy
// last. Retain writes its mark first, then HEADs the object and copies back a released copy if the object is
// missing. S3 reads, writes and lists are strongly consistent, so the filesystem store's promise holds: once
// retain(key) has resolved while the object existed, the object is not deleted until every holder has
// released it (it may be missing for a moment while a deletion puts it back), and an object that has a holder
// is never deleted for good. Not promised, beyond what the filesystem store leaves out:
// - put() of the same bytes in the one request between a deletion's copy and its delete of the original is
//   undone (S3 cannot delete on the condition that an object is unchanged); the sweep re-reads the object's
//   time just before that delete, so only this short window remains.
// - release() may resolve true while a concurrent retain is copying the object back; the object is then
//   present and held, the safe way round.
// The sweep compares S3's LastModified (the server's clock) with this process's clock; they differ by seconds
// at most (S3 refuses requests signed with a clock 15 minutes off), nothing against a TTL of hours.
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  CONTENT_TYPES,
  encodeHolder,
  type ImageExtension,
  isObjectKey,
  type ObjectStore,
} from './object-store.ts';

/** A released copy older than this was left by a crashed process: S3's own tolerance for clock skew. */
const STALE_RELEASE_MS = 15 * 60_000;
const RELEASED_NAME = /^([a-f0-9]{64}\.(?:png|jpg|webp))\.[a-f0-9]{12}$/;
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

export interface S3ObjectStoreOptions {
  bucket: string;
  region: string;
  /** A non-AWS server's URL; unset: AWS's endpoint for the region. */
  endpoint?: string;
  /** The endpoint browsers reach for presigned URLs, when it differs from `endpoint` (e.g. inside a cluster). */
  publicEndpoint?: string;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: what most self-hosted servers need. */
  forcePathStyle?: boolean;
  /** Unset: the AWS SDK's default chain (IRSA, instance roles, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /**
   * 'when_required' sends request checksums only where S3 demands them, for servers that reject the newer
   * checksum headers the SDK adds by default.
   */
  checksums?: 'when_supported' | 'when_required';
  /** Keys live under this prefix, so one bucket can serve several installations. */
  prefix?: string;
  /** When set, the store offers directUrl(): presigned GET URLs valid this many seconds. */
  presignSeconds?: number;
  /** The clock the sweep compares LastModified with; tests move it forward. */
  now?: () => number;
}

/** 404s that mean "no such object"; a missing bucket (NoSuchBucket) is a misconfiguration and is thrown. */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

function normalisePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `${trimmed}/`;
}

export function createS3Client(options: S3ObjectStoreOptions, endpoint = options.endpoint): S3Client {
  const checksums = options.checksums === 'when_required' ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED';
  return new S3Client({
    region: options.region,
    endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    requestChecksumCalculation: checksums,
    responseChecksumValidation: checksums,
  });
}

export function createS3ObjectStore(options: S3ObjectStoreOptions): ObjectStore {
  const client = createS3Client(options);
  const presigner =
    options.publicEndpoint && options.publicEndpoint !== options.endpoint
      ? createS3Client(options, options.publicEndpoint)
      : client;
  const Bucket = options.bucket;
  const root = normalisePrefix(options.prefix);
  const now = options.now ?? Date.now;

  const checkKey = (key: string) => {
    if (!isObjectKey(key)) throw new Error('invalid object key');
  };
  const objectPath = (key: string) => {
    checkKey(key);
    return `${root}objects/${key.slice(0, 2)}/${key}`;
  };
  const holdsPath = (key: string) => {
    checkKey(key);
    return `${root}holds/${key}/`;
  };
  const contentTypeOf = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1) as ImageExtension];

  /** The object's LastModified in ms, or null when there is none. */
  async function modifiedAt(path: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: path }));
      return head.LastModified?.getTime() ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function isHeld(key: string): Promise<boolean> {
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket, Prefix: holdsPath(key), MaxKeys: 1 }),
    );
    return (listed.KeyCount ?? listed.Contents?.length ?? 0) > 0;
  }

  /** Copies `from` to `to` with its metadata; false when `from` is gone. */
  async function copy(from: string, to: string): Promise<boolean> {
    try {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: to,
          CopySource: `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async function remove(path: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket, Key: path }));
  }

  /** The released copies of `key` that a deletion is working on right now. */
  async function releasedCopies(key: string): Promise<string[]> {
    const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${root}released/${key}.` }));
    return (listed.Contents ?? []).map((item) => item.Key ?? '').filter((path) => path !== '');
  }

  /**
   * Deletes an unheld object: copy aside, delete, look at the holds again, then either copy it back (a holder
   * arrived) or delete the copy. Resolves true when this call deleted the object.
   */
  async function deleteIfUnheld(key: string, notNewerThan = Number.POSITIVE_INFINITY): Promise<boolean> {
    const path = objectPath(key);
    const aside = `${root}released/${key}.${randomBytes(6).toString('hex')}`;
    if (!(await copy(path, aside))) return false; // gone already
    // The sweep listed the time before the copy; a put() since made the object new again.
    const modified = Number.isFinite(notNewerThan) ? await modifiedAt(path) : null;
    if (modified !== null && modified > notNewerThan) {
      await remove(aside);
      return false;
    }
    await remove(path);
    if (await isHeld(key)) {
      await copy(aside, path);
      await remove(aside);
      return false;
    }
    await remove(aside);
    // A retain that came between the holds check and here has copied the object back: it stays.
    return (await modifiedAt(path)) === null;
  }

  /** A released copy left by a crashed process: put back what is held, remove the rest. */
  async function settleReleased(path: string, key: string): Promise<void> {
    if ((await isHeld(key)) && (await modifiedAt(objectPath(key))) === null)
      await copy(path, objectPath(key));
    await remove(path);
  }

  const store: ObjectStore = {
    async put(data, extension) {
      const key = `${createHash('sha256').update(data).digest('hex')}.${extension}`;
      // One PUT replaces the whole object at once, so a reader never sees half of it; storing the same bytes
      // again renews LastModified, so an object stored again is not swept as old.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectPath(key),
          Body: data,
          ContentLength: data.byteLength,
          ContentType: CONTENT_TYPES[extension],
          CacheControl: CACHE_FOREVER,
        }),
      );
      return { key, bytes: data.byteLength };
    },
    async open(key) {
      if (!isObjectKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectPath(key) }));
        return {
          stream: object.Body as Readable,
          bytes: object.ContentLength ?? 0,
          contentType: contentTypeOf(key),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key) {
      if (!isObjectKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectPath(key) }));
        return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await remove(objectPath(key));
    },
    async retain(key, holder) {
      const mark = `${holdsPath(key)}${encodeHolder(holder)}`;
      await client.send(
        new PutObjectCommand({ Bucket, Key: mark, Body: new Uint8Array(0), ContentLength: 0 }),
      );
      // The mark is down before we look, so a deletion that has not yet checked the holds will see it and
      // copy the object back; rescuing it here as well covers a deletion that looked before the mark.
      const path = objectPath(key);
      if ((await modifiedAt(path)) !== null) return;
      for (const aside of await releasedCopies(key)) {
        if (await copy(aside, path)) return;
      }
    },
    async release(key, holder) {
      const mark = `${holdsPath(key)}${encodeHolder(holder)}`;
      // Not held by this holder (a repeat, or never retained): it deletes nothing it did not hold; an object
      // left with no holder at all is the sweep's.
      if ((await modifiedAt(mark)) === null) return false;
      await remove(mark);
      if (await isHeld(key)) return false;
      return deleteIfUnheld(key);
    },
    async sweepUnheld(olderThanMs) {
      const cutoff = now() - olderThanMs;
      let deleted = 0;
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: `${root}objects/` })) {
        for (const item of page.Contents ?? []) {
          const key = item.Key?.slice(item.Key.lastIndexOf('/') + 1) ?? '';
          if (!isObjectKey(key) || item.Key !== objectPath(key)) continue;
          if ((item.LastModified?.getTime() ?? 0) > cutoff || (await isHeld(key))) continue;
          if (await deleteIfUnheld(key, cutoff)) deleted++;
        }
      }
      const staleBefore = now() - STALE_RELEASE_MS;
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: `${root}released/` })) {
        for (const item of page.Contents ?? []) {
          const key = RELEASED_NAME.exec((item.Key ?? '').slice(`${root}released/`.length))?.[1];
          if (!key || (item.LastModified?.getTime() ?? 0) > staleBefore) continue;
          await settleReleased(item.Key ?? '', key);
        }
      }
      return deleted;
    },
  };
  if (options.presignSeconds !== undefined) {
    const expiresIn = options.presignSeconds;
    store.directUrl = async (key) => {
      if (!isObjectKey(key) || (await modifiedAt(objectPath(key))) === null) return null;
      const url = await getSignedUrl(presigner, new GetObjectCommand({ Bucket, Key: objectPath(key) }), {
        expiresIn,
      });
      return { url, expiresInSeconds: expiresIn };
    };
  }
  return store;
}
