// The upscale path across every real process: upload → object store → gateway → jobs (gRPC) → BullMQ
// `upscale` queue → worker (4x on an inference thread) → object store → job events → the client.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngSize, readEvents, type Stack, startStack } from '../support/stack.ts';

interface JobBody {
  job_id: string;
  status: 'waiting' | 'processing' | 'completed' | 'error';
  progress: number;
  images: { url: string; width: number; height: number }[];
}

describe('upscaling an image end to end', () => {
  let stack: Stack;
  let imageServer: Server;
  let imageServerHits = 0;
  let png: Buffer;

  beforeAll(async () => {
    png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#2266aa' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="48" height="32"><circle cx="24" cy="16" r="10" fill="#fff"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    // A foreign image host on loopback: the gateway must refuse it without ever connecting.
    imageServer = createServer((_, res) => {
      imageServerHits++;
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
    // The processes on the upscale path (jobs asks billing for the plan and history records signed-in results).
    stack = await startStack({ processes: ['billing', 'history', 'jobs', 'worker', 'gateway'] });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    imageServer?.close();
  });

  async function uploadPng(): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'scene.png');
    const res = await fetch(`${stack.url}/api/upload/image`, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; imageUrl: string };
    expect(body.success).toBe(true);
    return body.imageUrl;
  }

  const upscale = (body: unknown, query = '') =>
    fetch(`${stack.url}/api/upload/upscale${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('lists the built-in upscaler beside the generator', async () => {
    const { models } = (await (await fetch(`${stack.url}/api/models`)).json()) as {
      models: { name: string; kind: string }[];
    };
    expect(models).toContainEqual(
      expect.objectContaining({ name: 'pictura-upscale-x4', kind: 'upscale', builtin: true, default: true }),
    );
    expect(models).toContainEqual(expect.objectContaining({ name: 'pictura-abstract', kind: 'generate' }));
  });

  it('upscales an uploaded image 4x by its /files link', async () => {
    const imageUrl = await uploadPng();
    const res = await upscale({ image_url: imageUrl });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      imageUrl: string;
      width: number;
      height: number;
      bytes: number;
      job_id: string;
    };
    expect(body).toMatchObject({ success: true, width: 192, height: 128 });
    const file = await fetch(`${stack.url}${body.imageUrl}`);
    expect(file.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes.byteLength).toBe(body.bytes);
    expect(pngSize(bytes)).toEqual({ width: 192, height: 128 });
    // The same job is readable as a job.
    const job = (await (await fetch(`${stack.url}/api/jobs/${body.job_id}`)).json()) as JobBody;
    expect(job).toMatchObject({
      status: 'completed',
      images: [{ url: body.imageUrl, width: 192, height: 128 }],
    });
  });

  it("reads a link on the site's own origin from the store and answers in the format asked", async () => {
    const imageUrl = await uploadPng();
    const res = await upscale({ image_url: `${stack.url}${imageUrl}`, format: 'webp' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { imageUrl: string; width: number };
    expect(body.imageUrl).toMatch(/\.webp$/);
    expect(body.width).toBe(192);
  });

  it('answers ?async=1 at once with a job whose progress streams over SSE', async () => {
    const imageUrl = await uploadPng();
    const res = await upscale({ image_url: imageUrl }, '?async=1');
    expect(res.status).toBe(202);
    const { job_id } = (await res.json()) as { job_id: string };
    const events = await readEvents<JobBody>(
      `${stack.url}/api/jobs/${job_id}/events`,
      (e) => e.status === 'completed' || e.status === 'error',
    );
    const last = events.at(-1)!;
    expect(last.status).toBe('completed');
    expect(last.progress).toBe(1);
    expect(last.images[0]).toMatchObject({ width: 192, height: 128 });
  });

  it('refuses a foreign link to a loopback server without contacting it', async () => {
    const { port } = imageServer.address() as AddressInfo;
    const res = await upscale({ image_url: `http://127.0.0.1:${port}/scene.png` });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: 'Cannot load image, please check the URL' });
    expect(imageServerHits).toBe(0);
  });

  it("answers bad input with the spec's statuses, never 500", async () => {
    const none = await upscale({});
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ success: false, error: 'No image URL provided' });
    const missing = await upscale({ image_url: `/files/${'c'.repeat(64)}.png` });
    expect(missing.status).toBe(400);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('plain text')], { type: 'image/png' }), 'fake.png');
    const fake = await fetch(`${stack.url}/api/upload/image`, { method: 'POST', body: form });
    expect(fake.status).toBe(415);
    expect(await fake.json()).toEqual({ success: false, error: 'Uploaded file is not an image' });
  });
});
