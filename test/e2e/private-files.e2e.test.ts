// Private generations' files on the running product (issue 17): the owner's history answer carries a
// short-lived signed link that works; the bare link, an expired link and a forged one answer 404, as for a
// file that does not exist; a public file stays public and cached forever.
import { createHmac, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { HistoryService } from '@pictura/common/gen/history/v1/history_pb';
import { JobsService } from '@pictura/common/gen/jobs/v1/jobs_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { createFileObjectStore } from '@pictura/common/object-store';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../support/stack.ts';

const SECRET = 'a test secret for file links, 32+';

/** A small PNG of one colour: a different image per shade. */
const png = (shade: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: shade, g: 90, b: 160 } } })
    .png()
    .toBuffer();

describe('private generations’ files', () => {
  let stack: Stack;
  let owner: { token: string; id: number };
  let privateKey: string;
  let publicKey: string;

  beforeAll(async () => {
    stack = await startStack({
      processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway'],
      env: { FILES_SIGNING_SECRET: SECRET },
    });
    const registered = await stack.api<{ token: string; user: { id: number } }>(
      'POST',
      '/api/auth/register',
      undefined,
      { username: 'private-owner', password: 'private password' },
    );
    owner = { token: registered.body.token, id: registered.body.user.id };
    // Two finished generations, as the jobs service records them: one private (Ultimate), one not.
    const store = createFileObjectStore(join(stack.env.DATA_DIR!, 'objects'));
    privateKey = (await store.put(await png(10), 'png')).key;
    publicKey = (await store.put(await png(200), 'png')).key;
    const history = createServiceClient(HistoryService, stack.env.HISTORY_ADDR!, { deadlineMs: 5000 });
    try {
      for (const [key, isPrivate] of [
        [privateKey, true],
        [publicKey, false],
      ] as const) {
        await history.recordItem({
          jobId: randomUUID(),
          userId: owner.id,
          type: 'generated',
          prompt: isPrivate ? 'a private lighthouse' : 'a public lighthouse',
          images: [{ key, width: 64, height: 64, seed: 1 }],
          private: isPrivate,
        });
      }
    } finally {
      history.close();
    }
  }, 240_000);
  afterAll(() => stack?.stop());

  const file = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.url}${path}`, { headers });

  it('gives the owner a signed link that works, kept private in caches', async () => {
    const page = await stack.api<{ items: { private: boolean; images: { url: string }[] }[] }>(
      'GET',
      '/api/history',
      owner.token,
    );
    const urls = Object.fromEntries(
      page.body.items.map((item) => [String(item.private), item.images[0]!.url]),
    );
    expect(urls.true).toMatch(new RegExp(`^/files/${privateKey}\\?expires=\\d+&sig=[\\w-]+$`));
    expect(urls.false).toBe(`/files/${publicKey}`);
    const signed = await file(urls.true!);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toBe('image/png');
    expect(signed.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
  });

  it('answers 404 for the bare link, with or without an ETag, as for a missing file', async () => {
    const bare = await file(`/files/${privateKey}`);
    expect(bare.status).toBe(404);
    expect(await bare.json()).toEqual({ error: 'file_not_found', message: 'Image not found' });
    expect((await file(`/files/${privateKey}`, { 'if-none-match': `"${privateKey}"` })).status).toBe(404);
  });

  it('answers 404 for an expired link and a forged one', async () => {
    const expired = Math.floor(Date.now() / 1000) - 60;
    const sig = createHmac('sha256', SECRET).update(`${privateKey}\n${expired}`).digest('base64url');
    expect((await file(`/files/${privateKey}?expires=${expired}&sig=${sig}`)).status).toBe(404);
    const later = Math.floor(Date.now() / 1000) + 600;
    const forged = createHmac('sha256', 'another secret')
      .update(`${privateKey}\n${later}`)
      .digest('base64url');
    expect((await file(`/files/${privateKey}?expires=${later}&sig=${forged}`)).status).toBe(404);
    // The gateway's own signature over a time it did not give still works only until then.
    const honest = createHmac('sha256', SECRET).update(`${privateKey}\n${later}`).digest('base64url');
    expect((await file(`/files/${privateKey}?expires=${later}&sig=${honest}`)).status).toBe(200);
  });

  it('does not upscale a private file for someone who has only its bare link', async () => {
    const upscale = (imageUrl: string) =>
      stack.api('POST', '/api/upload/upscale?async=1', undefined, { image_url: imageUrl });
    const missing = await upscale(`/files/${'0'.repeat(64)}.png`);
    expect(missing.status).toBe(400);
    expect(await upscale(`/files/${privateKey}`)).toEqual(missing);
  });

  it("makes the owner's upscale of a private image private too; a public image's upscale stays public", async () => {
    const page = await stack.api<{ items: { private: boolean; images: { url: string }[] }[] }>(
      'GET',
      '/api/history',
      owner.token,
    );
    const signedUrl = page.body.items.find((item) => item.private)!.images[0]!.url;
    const upscale = (imageUrl: string) =>
      stack.api<{ job_id: string }>('POST', '/api/upload/upscale?async=1', owner.token, {
        image_url: imageUrl,
      });
    const [fromPrivate, fromPublic] = [await upscale(signedUrl), await upscale(`/files/${publicKey}`)];
    expect([fromPrivate.status, fromPublic.status]).toEqual([202, 202]);
    const jobs = createServiceClient(JobsService, stack.env.JOBS_ADDR!, { deadlineMs: 5000 });
    try {
      const job = (jobId: string) => jobs.getJob({ jobId, viewerUserId: owner.id });
      expect((await job(fromPrivate.body.job_id)).private).toBe(true);
      expect((await job(fromPublic.body.job_id)).private).toBe(false);
    } finally {
      jobs.close();
    }
  });

  it('keeps every other file public and cached forever', async () => {
    const open = await file(`/files/${publicKey}`);
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
