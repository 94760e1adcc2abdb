// Issue 15's "done when", as an integrator lives it on a fresh product: they ask for Enterprise through the
// contact form, the administrator grants it from the console's call, they create a key with a default webhook,
// and the unmodified `openai` client generates, lists models and makes a variation, each job's end arriving at
// their receiver signed per Standard Webhooks; errors reach the SDK in OpenAI's shape.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAI } from '@ai-sdk/openai';
import { generateImage } from 'ai';
import OpenAI, { toFile } from 'openai';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoPath } from '../support/photos.ts';
import { pngSize, type Stack, startStack } from '../support/stack.ts';

type Body = Record<string, unknown>;

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

describe('an integrator’s first day', () => {
  let stack: Stack;
  let receiver: Server;
  let hookUrl: string;
  const deliveries: Delivery[] = [];
  let adminToken: string;
  let integratorToken: string;
  let integratorId: number;
  let apiKey: string;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/pictura-events`;
    stack = await startStack({ env: { ALLOW_LOOPBACK_FETCH: 'true' } });
    // The first account is the administrator (spec section 6); the integrator signs up after.
    const admin = await stack.api<Body>('POST', '/api/auth/register', undefined, {
      username: 'site-admin',
      password: 'a long admin password',
    });
    adminToken = admin.body.token as string;
    const integrator = await stack.api<Body>('POST', '/api/auth/register', undefined, {
      username: 'ines',
      password: 'a long integrator password',
    });
    integratorToken = integrator.body.token as string;
    integratorId = (integrator.body.user as { id: number }).id;
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    receiver?.close();
  });

  const client = () => new OpenAI({ apiKey, baseURL: `${stack.url}/v1`, maxRetries: 0 });

  it('asks for Enterprise, is granted it from the console, and creates a key with a default webhook', async () => {
    const before = await stack.api<Body>('POST', '/api/user/api-keys', integratorToken, { name: 'prod' });
    expect(before.status).toBe(403);

    const asked = await stack.api<Body>('POST', '/api/support/requests', integratorToken, {
      kind: 'sales',
      name: 'Ines',
      email: 'ines@example.com',
      company: 'Acme Images',
      message: 'We want to call Pictura from our CMS.',
    });
    expect(asked.status).toBe(201);
    const inbox = await stack.api<{ items: { user_id: number }[] }>(
      'GET',
      '/api/admin/support-requests',
      adminToken,
    );
    expect(inbox.body.items.map((item) => item.user_id)).toContain(integratorId);

    const granted = await stack.api<Body>(
      'POST',
      `/api/admin/users/${integratorId}/plan-grants`,
      adminToken,
      { plan: 'enterprise', months: 12, note: 'CMS integration' },
    );
    expect(granted.status).toBe(201);

    const key = await stack.api<{ key: string }>('POST', '/api/user/api-keys', integratorToken, {
      name: 'prod',
      webhook_url: hookUrl,
    });
    expect(key.status).toBe(201);
    apiKey = key.body.key;
    expect(apiKey.startsWith('sk_')).toBe(true);
  });

  it('generates with the unmodified openai client, at the size asked for', async () => {
    const result = await client().images.generate({
      model: 'dall-e-3',
      prompt: 'a red fox',
      size: '1024x1024',
      n: 2,
      response_format: 'b64_json',
    });
    expect(result.data).toHaveLength(2);
    for (const image of result.data ?? []) {
      expect(pngSize(Buffer.from(image.b64_json!, 'base64'))).toEqual({ width: 1024, height: 1024 });
    }
  });

  it('lists the models the workers offer', async () => {
    const ids: string[] = [];
    for await (const model of client().models.list()) ids.push(model.id);
    expect(ids).toContain('pictura-emoji');
    expect(ids).toContain('dall-e-3');
  });

  it('makes a variation of a photo', async () => {
    const photo = await toFile(readFileSync(photoPath('chelsea')), 'chelsea.png', { type: 'image/png' });
    const result = await client().images.createVariation({ image: photo, n: 1, size: '512x512' });
    expect(result.data).toHaveLength(1);
    const url = result.data![0]!.url!;
    expect(url.startsWith(`${stack.url}/files/`)).toBe(true);
    expect(pngSize(Buffer.from(await (await fetch(url)).arrayBuffer()))).toEqual({ width: 512, height: 512 });
  });

  it('works with the AI SDK’s OpenAI provider too: a generation and an edit with gpt-image-1', async () => {
    const provider = createOpenAI({ apiKey, baseURL: `${stack.url}/v1` });
    const made = await generateImage({
      model: provider.image('gpt-image-1'),
      prompt: 'a snowman',
      size: '768x512',
      maxRetries: 0,
    });
    expect(pngSize(made.image.uint8Array)).toEqual({ width: 768, height: 512 });
    const edited = await generateImage({
      model: provider.image('gpt-image-1'),
      prompt: { images: [readFileSync(photoPath('chelsea'))], text: 'a cat in the snow' },
      size: '512x512',
      maxRetries: 0,
    });
    expect(pngSize(edited.image.uint8Array)).toEqual({ width: 512, height: 512 });
  });

  it('receives each job’s end at the key’s webhook, signed with the account’s secret', async () => {
    const settings = await stack.api<{ secret: { secret: string } }>(
      'GET',
      '/api/user/webhooks',
      integratorToken,
    );
    const verifier = new Webhook(settings.body.secret.secret);
    await expect.poll(() => deliveries.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    const events = deliveries.map(({ headers, body }) =>
      verifier.verify(body, {
        'webhook-id': String(headers['webhook-id']),
        'webhook-timestamp': String(headers['webhook-timestamp']),
        'webhook-signature': String(headers['webhook-signature']),
      }),
    ) as { type: string; data: { status: string; images: unknown[] } }[];
    // generate (n = 2), the variation, the AI SDK's generation and edit: each one signed delivery.
    expect(events.map((event) => event.type)).toEqual(Array(4).fill('job.completed'));
    expect(events.map((event) => event.data.images.length).sort()).toEqual([1, 1, 1, 2]);
  });

  it('reads every error in OpenAI’s shape', async () => {
    const badKey = new OpenAI({ apiKey: 'sk_not-a-key', baseURL: `${stack.url}/v1`, maxRetries: 0 });
    await expect(badKey.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const unknownModel = await client()
      .images.generate({ model: 'no-such-model', prompt: 'a cat' })
      .catch((error: unknown) => error);
    expect(unknownModel).toBeInstanceOf(OpenAI.BadRequestError);
    expect((unknownModel as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('model');
    const session = new OpenAI({ apiKey: integratorToken, baseURL: `${stack.url}/v1`, maxRetries: 0 });
    await expect(session.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });
});
