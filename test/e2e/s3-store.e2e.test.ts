// The product on an S3 bucket instead of DATA_DIR: every process that keeps images (gateway, worker,
// history, community) stores and reads them in a real S3-protocol server on loopback, /files/ streams from
// it or redirects to presigned URLs, and deleting and sweeping remove objects from the bucket as they do
// files from the disk.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.ts';
import { type S3Server, startS3Server } from '../support/s3-server.ts';
import { pngSize, type Stack, startStack } from '../support/stack.ts';

/** Unheld images expire this soon here, so a guest's image goes while the test watches. */
const GUEST_OUTPUT_TTL_MS = 10_000;

describe('images in an S3 bucket', () => {
  let s3: S3Server;
  let bucket: S3Client;
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    stack = await startStack({
      processes: ['auth', 'billing', 'community', 'history', 'jobs', 'worker', 'gateway'],
      env: {
        ...s3.env,
        S3_PREFIX: 'e2e',
        GUEST_OUTPUT_TTL_MS: String(GUEST_OUTPUT_TTL_MS),
        OBJECT_SWEEP_INTERVAL_MS: '1000',
      },
    });
    const registered = await stack.api<{ token: string }>('POST', '/api/auth/register', undefined, {
      username: 's3-owner',
      password: 's3-owner password',
    });
    expect(registered.status).toBe(201);
    token = registered.body.token;
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    bucket?.destroy();
    await s3?.stop();
  });

  /** Whether the bucket holds the object behind a /files/ URL. */
  async function inBucket(url: string): Promise<boolean> {
    const key = url.slice('/files/'.length);
    try {
      await bucket.send(
        new HeadObjectCommand({ Bucket: s3.bucket, Key: `e2e/objects/${key.slice(0, 2)}/${key}` }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'NotFound') return false;
      throw error;
    }
  }

  /** The user's (`as`, the owner by default) history item made from `prompt`, once history has recorded it. */
  const itemFor = (prompt: string, as = token) =>
    eventually(async () => {
      const page = await stack.api<{ items: { id: string; prompt: string }[] }>(
        'GET',
        `/api/history?q=${encodeURIComponent(prompt)}`,
        as,
      );
      return page.body.items.find((i) => i.prompt === prompt);
    }, 'the history item');

  /**
   * The image's /files/ URL once the job is done and, for a signed-in user, once history has recorded (and so
   * holds) it: jobs reports the job done before history records it, and until then the sweep, with the short
   * lifetime set here, may take the image like a guest's.
   */
  async function generate(as: string | undefined, body: Record<string, unknown>): Promise<string> {
    const submitted = await stack.api<{ job_id: string }>('POST', '/api/generate', as, body);
    expect(submitted.status).toBe(202);
    const url = await eventually(async () => {
      const job = await stack.api<{ status: string; images: { url: string }[] }>(
        'GET',
        `/api/jobs/${submitted.body.job_id}`,
        as,
      );
      if (job.body.status === 'error') throw new Error(`generation failed: ${JSON.stringify(job.body)}`);
      return job.body.status === 'completed' ? job.body.images[0]!.url : undefined;
    }, 'the generation');
    if (as) await itemFor(body.prompt as string, as);
    return url;
  }

  it('generates into the bucket and streams the image through /files with immutable caching', async () => {
    const url = await generate(token, { prompt: 'a lantern in the bucket', seed: 21 });
    expect(await inBucket(url)).toBe(true);
    const file = await fetch(`${stack.url}${url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(Number(file.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(pngSize(bytes)).toEqual({ width: 512, height: 512 });
    const again = await fetch(`${stack.url}${url}`, {
      headers: { 'if-none-match': file.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect((await fetch(`${stack.url}/files/${'d'.repeat(64)}.png`)).status).toBe(404);
  });

  it('upscales an upload: the upload and the result both live in the bucket', async () => {
    const png = await sharp({ create: { width: 40, height: 24, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'small.png');
    const uploaded = await fetch(`${stack.url}/api/upload/image`, { method: 'POST', body: form });
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    expect(await inBucket(imageUrl)).toBe(true);

    const res = await fetch(`${stack.url}/api/upload/upscale`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ image_url: imageUrl }),
    });
    const body = (await res.json()) as { imageUrl: string; width: number; height: number };
    expect(body).toMatchObject({ width: 160, height: 96 });
    expect(await inBucket(body.imageUrl)).toBe(true);
    const file = new Uint8Array(await (await fetch(`${stack.url}${body.imageUrl}`)).arrayBuffer());
    expect(pngSize(file)).toEqual({ width: 160, height: 96 });
  });

  it('deleting a history item deletes its object from the bucket', async () => {
    const prompt = 'a kettle to be deleted';
    const url = await generate(token, { prompt, seed: 22 });
    const item = await itemFor(prompt);
    expect(await inBucket(url)).toBe(true);
    expect((await stack.api('DELETE', `/api/history/${item.id}`, token)).status).toBe(200);
    expect(await inBucket(url)).toBe(false);
    expect((await fetch(`${stack.url}${url}`)).status).toBe(404);
  });

  it('keeps a published image in the bucket after its history item is deleted', async () => {
    const prompt = 'a lighthouse kept by its post';
    const url = await generate(token, { prompt, seed: 26 });
    const item = await itemFor(prompt);
    const published = await stack.api('POST', '/api/community/posts', token, {
      history_id: item.id,
      title: 'Kept',
      tags: ['kept'],
      agree: true,
    });
    expect(published.status).toBe(201);
    expect((await stack.api('DELETE', `/api/history/${item.id}`, token)).status).toBe(200);
    expect(await inBucket(url)).toBe(true);
    expect((await fetch(`${stack.url}${url}`)).status).toBe(200);
  });

  it('a guest’s image expires from the bucket; a held one stays', async () => {
    const held = await generate(token, { prompt: 'a held teapot', seed: 23 });
    const guest = await generate(undefined, { prompt: 'a guest teapot', seed: 24 });
    await eventually(async () => ((await inBucket(guest)) ? undefined : true), 'the guest image to expire');
    expect(await inBucket(held)).toBe(true);
  }, 60_000);

  it('with FILES_REDIRECT=presigned, /files answers 302 to a URL that downloads the bytes', async () => {
    const url = await generate(token, { prompt: 'a presigned compass', seed: 25 });
    const streamed = Buffer.from(await (await fetch(`${stack.url}${url}`)).arrayBuffer());
    await stack.kill('gateway');
    stack.env.FILES_REDIRECT = 'presigned';
    await stack.start('gateway');

    const redirect = await fetch(`${stack.url}${url}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('cache-control')).toBe('private, max-age=150');
    const location = redirect.headers.get('location')!;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/e2e/objects/`)).toBe(true);
    const direct = await fetch(location);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await direct.arrayBuffer())).toEqual(streamed);
    expect((await fetch(`${stack.url}/files/${'e'.repeat(64)}.png`, { redirect: 'manual' })).status).toBe(
      404,
    );
  }, 120_000);

  it('wrote nothing under DATA_DIR/objects', () => {
    expect(existsSync(join(stack.env.DATA_DIR!, 'objects'))).toBe(false);
  });
});
