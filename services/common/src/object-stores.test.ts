import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseConfigShape, ConfigError, objectStoreConfigShape, parseConfig } from './config.ts';
import { createObjectStore } from './object-stores.ts';

const shape = { ...baseConfigShape, ...objectStoreConfigShape };
/** The message parseConfig stops a process with, or '' when the configuration is valid. */
const problems = (env: Record<string, string>) => {
  try {
    parseConfig(shape, env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
};

describe('object store configuration', () => {
  it('keeps images on the filesystem under DATA_DIR/objects unless told otherwise', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pictura-stores-'));
    try {
      const config = parseConfig(shape, { DATA_DIR: dataDir });
      expect(config).toMatchObject({ OBJECT_STORE: 'filesystem', FILES_REDIRECT: 'stream' });
      const store = createObjectStore(config, { dataDir });
      const { key } = await store.put(new Uint8Array([1, 2, 3]), 'png');
      expect(readdirSync(join(dataDir, 'objects', key.slice(0, 2)))).toEqual([key]);
      expect(store.directUrl).toBeUndefined();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('names what an S3 store is missing', () => {
    expect(problems({ OBJECT_STORE: 's3' })).toMatch(/S3_BUCKET: required when OBJECT_STORE=s3/);
    expect(problems({ OBJECT_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toMatch(
      /S3_SECRET_ACCESS_KEY: set both S3 keys or neither/,
    );
    expect(problems({ FILES_REDIRECT: 'presigned' })).toMatch(
      /FILES_REDIRECT: presigned needs OBJECT_STORE=s3/,
    );
    expect(problems({ OBJECT_STORE: 'minio' })).toMatch(/OBJECT_STORE/);
    expect(problems({ OBJECT_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toMatch(/S3_ENDPOINT/);
  });

  it('accepts a bucket alone: region and credentials then come from their defaults', () => {
    expect(problems({ OBJECT_STORE: 's3', S3_BUCKET: 'pictura-images' })).toBe('');
    const config = parseConfig(shape, {
      OBJECT_STORE: 's3',
      S3_BUCKET: 'pictura-images',
      S3_FORCE_PATH_STYLE: 'true',
      FILES_REDIRECT: 'presigned',
    });
    expect(config).toMatchObject({
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
      FILES_PRESIGN_SECONDS: 300,
    });
    expect(createObjectStore(config, { dataDir: '/nowhere' }).directUrl).toBeTypeOf('function');
  });
});
