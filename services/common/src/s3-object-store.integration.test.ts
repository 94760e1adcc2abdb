import {
  CopyObjectCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../../../test/support/s3-server.ts';
import { objectStoreContract, uniqueBytes } from '../test/object-store.contract.ts';
import { createS3ObjectStore, type S3ObjectStoreOptions } from './s3-object-store.ts';

/** The store's options for a bucket on the test server. */
function optionsFor(server: S3Server, extra: Partial<S3ObjectStoreOptions> = {}): S3ObjectStoreOptions {
  return {
    bucket: server.bucket,
    region: server.region,
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    ...extra,
  };
}

/** Keys in the bucket under `prefix`. */
async function listKeys(client: S3Client, server: S3Server, prefix: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: server.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((item) => item.Key ?? '');
}

describe('S3 object store', () => {
  objectStoreContract(
    async (now) => {
      const server = await startS3Server();
      const prefix = 'contract/';
      const client = new S3Client({
        region: server.region,
        endpoint: server.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
      });
      const objectPath = (key: string) => `${prefix}objects/${key.slice(0, 2)}/${key}`;
      return {
        store: createS3ObjectStore(optionsFor(server, { prefix, now })),
        age: (key, ms) => server.backdate(objectPath(key), ms),
        async setAside(key, nonce) {
          const aside = `${prefix}released/${key}.${nonce}`;
          await client.send(
            new CopyObjectCommand({
              Bucket: server.bucket,
              Key: aside,
              CopySource: `${server.bucket}/${objectPath(key)}`,
            }),
          );
          await client.send(new DeleteObjectCommand({ Bucket: server.bucket, Key: objectPath(key) }));
        },
        asides: (key) => listKeys(client, server, `${prefix}released/${key}.`),
        empty: () => createS3ObjectStore(optionsFor(server, { prefix: 'nothing-here' })),
        async stop() {
          client.destroy();
          await server.stop();
        },
      };
    },
    // Each round is about fifteen requests to a server on one of two cores.
    { raceRounds: 40, raceSpreadMs: 40 },
  );

  describe('in the bucket', () => {
    let server: S3Server;
    let client: S3Client;
    beforeAll(async () => {
      server = await startS3Server();
      client = new S3Client({
        region: server.region,
        endpoint: server.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
      });
    });
    afterAll(async () => {
      client?.destroy();
      await server?.stop();
    });

    it('keeps objects under the prefix with their type and immutable caching, holds beside them', async () => {
      const store = createS3ObjectStore(optionsFor(server, { prefix: '/site-a/' }));
      const { key } = await store.put(uniqueBytes(), 'webp');
      await store.retain(key, 'history:item 1');
      const head = await client.send(
        new HeadObjectCommand({ Bucket: server.bucket, Key: `site-a/objects/${key.slice(0, 2)}/${key}` }),
      );
      expect(head.ContentType).toBe('image/webp');
      expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
      expect(await listKeys(client, server, `site-a/holds/${key}/`)).toEqual([
        `site-a/holds/${key}/history%3Aitem%201`,
      ]);
      // Another installation's prefix does not see it.
      const other = createS3ObjectStore(optionsFor(server, { prefix: 'site-b' }));
      expect(await other.read(key)).toBeNull();
      expect(await store.release(key, 'history:item 1')).toBe(true);
      expect(await listKeys(client, server, 'site-a/')).toEqual([]);
    });

    it('offers presigned URLs only when asked, and they download the bytes', async () => {
      const streaming = createS3ObjectStore(optionsFor(server));
      expect(streaming.directUrl).toBeUndefined();

      const store = createS3ObjectStore(optionsFor(server, { presignSeconds: 120 }));
      const data = uniqueBytes();
      const { key } = await store.put(data, 'png');
      const direct = await store.directUrl!(key);
      expect(direct?.expiresInSeconds).toBe(120);
      const response = await fetch(direct!.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(data));
      // The bucket is private: without the signature, or with the URL altered, nothing comes back.
      expect((await fetch(direct!.url.split('?')[0]!)).status).toBe(403);
      expect((await fetch(direct!.url.replace('X-Amz-Expires=120', 'X-Amz-Expires=9999'))).status).toBe(403);
      expect(await store.directUrl!(`${'0'.repeat(64)}.png`)).toBeNull();
    });

    it('signs presigned URLs for the public endpoint when the cluster reaches the bucket elsewhere', async () => {
      const publicEndpoint = server.endpoint.replace('127.0.0.1', 'localhost');
      const store = createS3ObjectStore(optionsFor(server, { presignSeconds: 60, publicEndpoint }));
      const data = uniqueBytes();
      const { key } = await store.put(data, 'jpg');
      const direct = await store.directUrl!(key);
      expect(direct!.url.startsWith(`${publicEndpoint}/`)).toBe(true);
      const response = await fetch(direct!.url);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(data));
    });

    it('works with request checksums only where required, for servers that reject the newer ones', async () => {
      const store = createS3ObjectStore(optionsFor(server, { checksums: 'when_required' }));
      const data = uniqueBytes();
      const { key } = await store.put(data, 'png');
      await store.retain(key, 'history:c');
      expect(await store.read(key)).toEqual(Buffer.from(data));
      expect(await store.release(key, 'history:c')).toBe(true);
    });

    it('a wrong secret or a missing bucket is an error, never a missing image', async () => {
      const wrongSecret = createS3ObjectStore(
        optionsFor(server, { credentials: { accessKeyId: server.accessKeyId, secretAccessKey: 'wrong' } }),
      );
      await expect(wrongSecret.open(`${'1'.repeat(64)}.png`)).rejects.toThrow();
      await expect(wrongSecret.put(uniqueBytes(), 'png')).rejects.toThrow();
      const noBucket = createS3ObjectStore(optionsFor(server, { bucket: 'no-such-bucket' }));
      await expect(noBucket.open(`${'1'.repeat(64)}.png`)).rejects.toThrow();
      await expect(noBucket.sweepUnheld(0)).rejects.toThrow();
    });
  });
});
