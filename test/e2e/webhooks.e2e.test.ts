// Signed webhooks across the real processes: a job submitted with a webhook URL ends, the jobs service POSTs
// it (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature) through the guarded fetcher, and
// a receiver on loopback verifies each delivery with the reference library, `standardwebhooks`, using the
// secret the user reads from GET /api/user/webhooks. The retry schedule is shortened by configuration.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_NAMES } from '../../scripts/lib/processes.mjs';
import { type Stack, startStack } from '../support/stack.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface JobPayload {
  type: 'job.completed' | 'job.failed' | 'job.cancelled';
  timestamp: string;
  data: {
    job_id: string;
    status: string;
    images: { url: string; width: number; height: number }[];
    error: { error: string; message: string } | null;
  };
}

interface Delivery {
  id: string;
  event_type: string;
  job_id: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
}

describe('signed webhooks', () => {
  let stack: Stack;
  let receiver: Server;
  let receiverUrl: string;
  let token: string;
  let secret: string;
  const received: Received[] = [];
  /** Per path: the statuses to answer in turn (then 200). */
  const scripts = new Map<string, number[]>([['/flaky', [500, 500]]]);

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const status = scripts.get(path)?.shift() ?? 200;
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    stack = await startStack({
      // No reuse of billing's answer: a test grants a plan between generations.
      env: { ALLOW_LOOPBACK_FETCH: 'true', WEBHOOK_RETRY_DELAYS_MS: '100,200', ENTITLEMENTS_CACHE_MS: '0' },
    });
    // The first account is the administrator, who has API access.
    const admin = await stack.api<{ token: string }>('POST', '/api/auth/register', undefined, {
      username: 'integrator',
      password: 'a long enough password',
    });
    token = admin.body.token;
    const webhooks = await stack.api<{ secret: { secret: string } }>('GET', '/api/user/webhooks', token);
    expect(webhooks.status).toBe(200);
    secret = webhooks.body.secret.secret;
    expect(secret).toMatch(/^whsec_/);
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    receiver?.close();
  });

  const at = (path: string) => received.filter((r) => r.path === path);
  /** Verifies like an integrator's receiver would, and returns the message. */
  const verified = (r: Received) =>
    new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as JobPayload;

  async function deliveryOf(jobId: string, status: Delivery['status'] = 'delivered'): Promise<Delivery> {
    let found: Delivery | undefined;
    await expect
      .poll(
        async () => {
          const list = await stack.api<{ items: Delivery[] }>('GET', '/api/user/webhooks/deliveries', token);
          found = list.body.items.find((d) => d.job_id === jobId);
          return found?.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(status);
    return found!;
  }

  const generate = (body: Record<string, unknown>, credential = token) =>
    stack.api<{ job_id: string; error?: string; message?: string }>('POST', '/api/generate', credential, {
      prompt: 'a red fox in the snow',
      ...body,
    });

  it('POSTs a completed job once, signed, with absolute image links', async () => {
    const submitted = await generate({ webhook_url: `${receiverUrl}/done` });
    expect(submitted.status).toBe(202);
    const delivery = await deliveryOf(submitted.body.job_id);
    expect(delivery).toMatchObject({ event_type: 'job.completed', attempts: 1, last_status: 200 });
    expect(delivery.id).toMatch(/^msg_/);

    const hits = at('/done');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.headers['webhook-id']).toBe(delivery.id);
    const message = verified(hits[0]!);
    expect(message.type).toBe('job.completed');
    expect(message.data).toMatchObject({ job_id: submitted.body.job_id, status: 'completed', error: null });
    // The same job as the API shows it, links made absolute on the public site so the receiver can fetch them.
    const job = await stack.api<{ images: { url: string }[] }>(
      'GET',
      `/api/jobs/${submitted.body.job_id}`,
      token,
    );
    expect(message.data.images.map((i) => i.url)).toEqual(job.body.images.map((i) => `${stack.url}${i.url}`));
    expect(message.data.images.length).toBeGreaterThan(0);
    expect((await fetch(message.data.images[0]!.url)).status).toBe(200);
    // A forged or altered message does not verify.
    expect(() =>
      new Webhook(secret).verify(
        hits[0]!.body.replace('completed', 'failed'),
        hits[0]!.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it("signs a private job's image links for its receiver: they work, the bare links answer 404", async () => {
    // A private generation is an Ultimate feature: the administrator grants it to itself (user 1).
    const me = await stack.api<{ user: { id: number } }>('GET', '/api/auth/me', token);
    const granted = await stack.api('POST', `/api/admin/users/${me.body.user.id}/plan-grants`, token, {
      plan: 'ultimate',
      months: 1,
    });
    expect(granted.status).toBe(201);
    const submitted = await generate({ webhook_url: `${receiverUrl}/private`, private: true });
    expect(submitted.body).not.toHaveProperty('error');
    expect(submitted.status).toBe(202);
    await deliveryOf(submitted.body.job_id);
    const message = verified(at('/private')[0]!);
    expect(message.data.images.length).toBeGreaterThan(0);
    for (const { url } of message.data.images) {
      expect(url).toMatch(new RegExp(`^${stack.url}/files/[^?]+\\?expires=\\d+&sig=[\\w-]+$`));
      expect((await fetch(url)).status).toBe(200);
      expect((await fetch(url.split('?')[0]!)).status).toBe(404);
    }
  });

  it('retries a failing receiver with the same webhook-id until it answers 2xx', async () => {
    const submitted = await generate({ webhook_url: `${receiverUrl}/flaky` });
    expect(submitted.status).toBe(202);
    const delivery = await deliveryOf(submitted.body.job_id);
    expect(delivery).toMatchObject({ attempts: 3, last_status: 200 });
    const hits = at('/flaky');
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((h) => h.headers['webhook-id']))).toEqual(new Set([delivery.id]));
    for (const hit of hits) expect(verified(hit).data.job_id).toBe(submitted.body.job_id);
  });

  it.each(['http://10.0.0.1/hook', 'http://[::ffff:169.254.169.254]/', 'http://169.254.169.254/latest'])(
    'refuses webhook_url %s with 400 before doing anything',
    async (url) => {
      const before = (await stack.api<{ items: Delivery[] }>('GET', '/api/user/webhooks/deliveries', token))
        .body.items.length;
      const refused = await generate({ webhook_url: url });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('webhook_url_refused');
      // An upscale is refused before its image link is fetched (the link is our receiver: it hears nothing).
      const requestsBefore = received.length;
      const upscale = await stack.api<{ success: boolean; code: string }>(
        'POST',
        '/api/upload/upscale?async=1',
        token,
        { image_url: `${receiverUrl}/image.png`, webhook_url: url },
      );
      expect(upscale.status).toBe(400);
      expect(upscale.body).toMatchObject({ success: false, code: 'webhook_url_refused' });
      const key = await stack.api<{ error: string }>('POST', '/api/user/api-keys', token, {
        name: 'refused',
        webhook_url: url,
      });
      expect(key.status).toBe(400);
      expect(key.body.error).toBe('webhook_url_refused');
      expect(received.length).toBe(requestsBefore);
      const after = (await stack.api<{ items: Delivery[] }>('GET', '/api/user/webhooks/deliveries', token))
        .body.items.length;
      expect(after).toBe(before);
    },
  );

  it("sends calls made with an API key to the key's default webhook URL", async () => {
    const created = await stack.api<{ key: string; api_key: { id: string; webhook_url: string } }>(
      'POST',
      '/api/user/api-keys',
      token,
      { name: 'with a default webhook', webhook_url: `${receiverUrl}/key-default` },
    );
    expect(created.status).toBe(201);
    expect(created.body.api_key.webhook_url).toBe(`${receiverUrl}/key-default`);

    const submitted = await generate({}, created.body.key);
    expect(submitted.status).toBe(202);
    const delivery = await deliveryOf(submitted.body.job_id);
    expect(delivery.url).toBe(`${receiverUrl}/key-default`);
    expect(verified(at('/key-default')[0]!).data.job_id).toBe(submitted.body.job_id);

    // The key's default is editable; an API key itself cannot change it (a session can).
    const path = `/api/user/api-keys/${created.body.api_key.id}`;
    const byKey = await stack.api('PATCH', path, created.body.key, { webhook_url: `${receiverUrl}/other` });
    expect(byKey.status).toBe(403);
    const edited = await stack.api<{ webhook_url: string }>('PATCH', path, token, {
      webhook_url: `${receiverUrl}/edited`,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.webhook_url).toBe(`${receiverUrl}/edited`);
    const listed = await stack.api<{ items: { id: string; webhook_url: string | null }[] }>(
      'GET',
      '/api/user/api-keys',
      token,
    );
    expect(listed.body.items.find((k) => k.id === created.body.api_key.id)?.webhook_url).toBe(
      `${receiverUrl}/edited`,
    );
  });

  it('POSTs a failed job as job.failed with its error', async () => {
    // Too wide to upscale to WebP (4 × 4100 px is past the format's 16383 px limit): the worker fails the job.
    const wide = await sharp({ create: { width: 4100, height: 4, channels: 3, background: '#446688' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([wide], { type: 'image/png' }), 'wide.png');
    const upload = await fetch(`${stack.url}/api/upload/image`, { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    const submitted = await stack.api<{ job_id: string }>('POST', '/api/upload/upscale?async=1', token, {
      image_url: imageUrl,
      format: 'webp',
      webhook_url: `${receiverUrl}/failed`,
    });
    expect(submitted.status).toBe(202);
    const delivery = await deliveryOf(submitted.body.job_id);
    expect(delivery.event_type).toBe('job.failed');
    const message = verified(at('/failed')[0]!);
    expect(message.type).toBe('job.failed');
    expect(message.data).toMatchObject({ job_id: submitted.body.job_id, status: 'error', images: [] });
    expect(message.data.error?.error).toBe('too_many_pixels');
  });

  it('rotates the secret at once; for a day deliveries are signed with the old one too', async () => {
    const rotated = await stack.api<{ secret: string }>('POST', '/api/user/webhooks/secret', token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(secret);
    const submitted = await generate({ webhook_url: `${receiverUrl}/rotated` });
    await deliveryOf(submitted.body.job_id);
    const hit = at('/rotated')[0]!;
    for (const key of [rotated.body.secret, secret]) {
      expect(new Webhook(key).verify(hit.body, hit.headers as Record<string, string>)).toBeTruthy();
    }
    const shown = await stack.api<{ secret: { secret: string } }>('GET', '/api/user/webhooks', token);
    expect(shown.body.secret.secret).toBe(rotated.body.secret);
    secret = rotated.body.secret;
  });

  it('keeps secrets and payloads out of every log', () => {
    for (const name of PROCESS_NAMES) {
      const log = stack.logs(name).join('\n');
      expect(log).not.toContain(secret.slice('whsec_'.length));
      expect(log).not.toContain('a red fox in the snow');
    }
  });
});
