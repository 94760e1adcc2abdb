// Every process that keeps images opens its store here, so the gateway, the worker, history and community
// always agree on where the bytes are (OBJECT_STORE and the S3_* variables in config.ts).
import { join } from 'node:path';
import type { z } from 'zod';
import type { objectStoreConfigShape } from './config.ts';
import { createFileObjectStore, type ObjectStore } from './object-store.ts';
import { createS3ObjectStore } from './s3-object-store.ts';

export type ObjectStoreConfig = Readonly<z.infer<z.ZodObject<typeof objectStoreConfigShape>>>;

export function createObjectStore(config: ObjectStoreConfig, options: { dataDir: string }): ObjectStore {
  if (config.OBJECT_STORE === 'filesystem') return createFileObjectStore(join(options.dataDir, 'objects'));
  // parseConfig has already refused OBJECT_STORE=s3 without a bucket; this guards direct callers.
  if (!config.S3_BUCKET) throw new Error('OBJECT_STORE=s3 needs S3_BUCKET');
  return createS3ObjectStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    checksums: config.S3_CHECKSUMS,
    prefix: config.S3_PREFIX,
    presignSeconds: config.FILES_REDIRECT === 'presigned' ? config.FILES_PRESIGN_SECONDS : undefined,
  });
}
