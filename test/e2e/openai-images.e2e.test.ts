// An integrator's OpenAI client against Pictura: POST /v1/images/generations with a Pictura API key, on the
// real processes. The images come back as links on this site or inline, at the size asked for, and the
// errors keep OpenAI's shape, so an unchanged OpenAI SDK can read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngSize, type Stack, startStack } from '../support/stack.ts';

interface OpenAiError {
  error: { message: string; type: string; param: string | null; code: string | null };
}

describe('the OpenAI-compatible image call', () => {
  let stack: Stack;
  let apiKey: string;
  beforeAll(async () => {
    stack = await startStack();
    // The first account is the administrator, and administrators have API access.
    const admin = await stack.api<{ token: string }>('POST', '/api/auth/register', undefined, {
      username: 'integrator',
      password: 'a long enough password',
    });
    const key = await stack.api<{ key: string }>('POST', '/api/user/api-keys', admin.body.token, {
      name: 'openai client',
    });
    expect(key.status).toBe(201);
    apiKey = key.body.key;
  }, 180_000);
  afterAll(() => stack?.stop());

  const images = (body: unknown, key: string | null = apiKey) =>
    fetch(`${stack.url}/v1/images/generations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: JSON.stringify(body),
    });

  it('answers with links to PNGs of the nearest aspect ratio', async () => {
    const res = await images({ prompt: 'a lighthouse at dusk', size: '1792x1024', n: 2 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { created: number; data: { url: string }[] };
    expect(Math.abs(body.created - Date.now() / 1000)).toBeLessThan(600);
    expect(body.data).toHaveLength(2);
    for (const { url } of body.data) {
      expect(url.startsWith(`${stack.url}/files/`)).toBe(true);
      const png = Buffer.from(await (await fetch(url)).arrayBuffer());
      expect(pngSize(png)).toEqual({ width: 1024, height: 576 });
    }
  });

  it('inlines the image with response_format b64_json', async () => {
    const res = await images({ prompt: 'a fox in snow', response_format: 'b64_json', size: '1024x1024' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { b64_json: string; url?: string }[] };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]!.url).toBeUndefined();
    expect(pngSize(Buffer.from(body.data[0]!.b64_json, 'base64'))).toEqual({ width: 512, height: 512 });
  });

  it('refuses a caller without a key, in OpenAI error shape', async () => {
    const res = await images({ prompt: 'a cat' }, null);
    expect(res.status).toBe(401);
    const body = (await res.json()) as OpenAiError;
    expect(body.error.type).toBe('authentication_error');
  });

  it.each([
    ['an empty prompt', { prompt: '  ' }, 'prompt'],
    ['an unreadable size', { prompt: 'a cat', size: 'huge' }, 'size'],
  ])('refuses %s naming the parameter', async (_, request, param) => {
    const res = await images(request);
    expect(res.status).toBe(400);
    const body = (await res.json()) as OpenAiError;
    expect(body.error).toMatchObject({ type: 'invalid_request_error', param });
    expect(body.error.message).not.toBe('');
  });

  it('refuses more images than a request may make, and unknown fields, without a 500', async () => {
    for (const request of [
      { prompt: 'a cat', n: 10 },
      { prompt: 'a cat', colour: 'red' },
    ]) {
      const res = await images(request);
      expect(res.status).toBe(400);
      expect(((await res.json()) as OpenAiError).error.type).toBe('invalid_request_error');
    }
  });
});
