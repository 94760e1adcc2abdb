// The whole generation path across every real process: gateway → jobs (gRPC) → BullMQ → worker
// (ONNX on a worker thread) → object store → job events → the client.
import type { PublicJobBody as JobBody } from '@pictura/common/job-body';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStack } from '../support/shared-stack.ts';
import { pngSize, readEvents, type Stack } from '../support/stack.ts';

describe('generating an image end to end', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await sharedStack();
  }, 180_000);
  afterAll(() => stack?.stop());

  const post = (body: unknown) =>
    fetch(`${stack.url}/api/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function generate(body: Record<string, unknown>): Promise<{ events: JobBody[]; job: JobBody }> {
    const res = await post(body);
    expect(res.status).toBe(202);
    const submitted = (await res.json()) as { job_id: string; status: string; position: number };
    expect(submitted.status).toBe('waiting');
    expect(submitted.position).toBeGreaterThanOrEqual(0);
    const events = await readEvents<JobBody>(
      `${stack.url}/api/jobs/${submitted.job_id}/events`,
      (e) => e.status === 'completed' || e.status === 'error',
    );
    return { events, job: events.at(-1)! };
  }

  it('lists the built-in models, Pictura Scenes as the default', async () => {
    const res = await fetch(`${stack.url}/api/models`);
    const { models } = (await res.json()) as {
      models: { name: string; title: string; kind: string; builtin: boolean; default: boolean }[];
    };
    expect(models).toContainEqual(
      expect.objectContaining({
        name: 'pictura-emoji',
        title: 'Pictura Scenes',
        kind: 'generate',
        builtin: true,
        default: true,
      }),
    );
    expect(models).toContainEqual(
      expect.objectContaining({ name: 'pictura-abstract', kind: 'generate', builtin: true, default: false }),
    );
  });

  it('draws what prompts name, in several languages, from the model this project trained', async () => {
    const cases: [string, RegExp][] = [
      ['a red fox', /fox/],
      ['a snowman', /snowman/],
      ['pizza', /pizza/],
      ['一只猫', /cat/],
      ['un cohete', /rocket/],
    ];
    for (const [prompt, name] of cases) {
      const { job } = await generate({ prompt, seed: 5 });
      expect(job.status, prompt).toBe('completed');
      const [image] = job.images;
      expect(image!.subject, prompt).toMatchObject({ found: true, name: expect.stringMatching(name) });
      expect(pngSize(new Uint8Array(await (await fetch(`${stack.url}${image!.url}`)).arrayBuffer()))).toEqual(
        {
          width: 512,
          height: 512,
        },
      );
    }
  });

  it('says so when a prompt names nothing it knows, and paints an abstract picture instead', async () => {
    const { job } = await generate({ prompt: 'zzkx qwv', seed: 5 });
    expect(job.images[0]!.subject).toEqual({ found: false });
    expect(job.images[0]!.scene?.subjects).toEqual([]);
    // Other models report neither.
    const abstract = await generate({ prompt: 'a red fox', model: 'pictura-abstract', seed: 5 });
    expect(abstract.job.images[0]!.subject).toBeNull();
    expect(abstract.job.images[0]!.scene).toBeNull();
  });

  it('leaves the background transparent when asked, and refuses a model that cannot before queueing', async () => {
    const { job } = await generate({ prompt: 'a red fox', background: 'transparent', seed: 5 });
    expect(job.status).toBe('completed');
    const png = Buffer.from(await (await fetch(`${stack.url}${job.images[0]!.url}`)).arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', channels: 4, hasAlpha: true });
    // The corners are see-through (the free plan's mark keeps a margin), the subject is not.
    const { data, info } = await sharp(png).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    const { width, height } = info;
    const corners = [0, width - 1, (height - 1) * width, height * width - 1].map((at) => data[at]);
    expect(corners).toEqual([0, 0, 0, 0]);
    expect((await sharp(png).stats()).channels[3]!.max).toBe(255);

    const refused = await post({ prompt: 'a red fox', model: 'pictura-abstract', background: 'transparent' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'background_unsupported',
      message: 'This model cannot make a transparent background',
    });
  });

  it('turns a prompt into a PNG the browser can fetch, reporting progress on the way', async () => {
    const { events, job } = await generate({
      prompt: 'a lighthouse on a cliff at dusk',
      style: 'watercolor',
      seed: 42,
    });
    expect(job.status).toBe('completed');
    expect(job.error).toBeNull();
    expect(job.progress).toBe(1);
    expect(job.images).toHaveLength(1);
    expect(events.map((e) => e.status)).toContain('completed');
    const [image] = job.images;
    expect(image).toMatchObject({ width: 512, height: 512, seed: 42, flagged: false });
    const file = await fetch(`${stack.url}${image!.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toContain('immutable');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 512, height: 512 });
    // The same job read by polling agrees with the stream.
    const polled = (await (await fetch(`${stack.url}/api/jobs/${job.job_id}`)).json()) as JobBody & {
      events_url: string;
    };
    // …besides saying where the stream is (a guest's job needs no token to read it).
    const { events_url, ...snapshot } = polled;
    expect(snapshot).toEqual(job);
    expect(events_url).toBe(`/api/jobs/${job.job_id}/events`);
  });

  it('gives different prompts different images, and the same request the same image', async () => {
    const a = await generate({ prompt: 'a quiet forest lake', seed: 7 });
    const b = await generate({ prompt: 'neon city traffic at night', seed: 7 });
    const again = await generate({ prompt: 'a quiet forest lake', seed: 7 });
    expect(a.job.images[0]!.url).not.toBe(b.job.images[0]!.url);
    // Keys are content hashes: the same bytes give the same URL.
    expect(again.job.images[0]!.url).toBe(a.job.images[0]!.url);
  });

  it('renders every image of a request at the aspect ratio asked for', async () => {
    const { job } = await generate({
      prompt: 'mountains',
      aspect_ratio: 'landscape_16_9',
      count: 2,
      seed: 100,
    });
    expect(job.images.map((i) => [i.width, i.height, i.seed])).toEqual([
      [1024, 576, 100],
      [1024, 576, 101],
    ]);
  });

  it('marks a prompt that may not suit public viewing as flagged', async () => {
    const { job } = await generate({ prompt: 'a nude figure study', seed: 3 });
    expect(job.images[0]!.flagged).toBe(true);
  });

  it('answers bad input with 4xx and {error, message}, never 500', async () => {
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ prompt: 'x'.repeat(100_000) }, 400],
      [{ prompt: 'a cat', aspect_ratio: 'circle' }, 400],
      [{ prompt: 'a cat', model: 'no-such-model' }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      const json = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(json).sort()).toEqual(['error', 'message']);
    }
    const broken = await fetch(`${stack.url}/api/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"prompt": ',
    });
    expect(broken.status).toBe(400);
    const missing = await fetch(`${stack.url}/api/jobs/6f1c1f8e-8d9c-4a53-9c39-000000000000`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'job_not_found', message: 'Job not found' });
    const missingEvents = await fetch(`${stack.url}/api/jobs/not-a-job/events`);
    expect(missingEvents.status).toBe(404);
  });

  it('serves the web app for locale routes', async () => {
    const res = await fetch(`${stack.url}/en/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});
