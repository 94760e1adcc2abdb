// An integrator's unchanged OpenAI client (the real `openai` package) against Pictura's /v1 with a Pictura API
// key, on the real processes: generations at the size asked for, models, variations and edits of a real
// photo on the default model, and every refusal in OpenAI's error shape, read by the SDK's own error classes.
import { readFile } from 'node:fs/promises';
import OpenAI, { AuthenticationError, BadRequestError, NotFoundError, toFile } from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoPath } from '../support/photos.ts';
import { pngSize, type Stack, startStack } from '../support/stack.ts';

describe('the OpenAI Images API, driven by the openai package', () => {
  let stack: Stack;
  let apiKey: string;
  let sessionToken: string;
  let client: OpenAI;
  const clientWith = (key: string) => new OpenAI({ apiKey: key, baseURL: `${stack.url}/v1`, maxRetries: 0 });

  beforeAll(async () => {
    stack = await startStack();
    // The first account is the administrator, and administrators have API access.
    const admin = await stack.api<{ token: string }>('POST', '/api/auth/register', undefined, {
      username: 'integrator',
      password: 'a long enough password',
    });
    sessionToken = admin.body.token;
    const key = await stack.api<{ key: string }>('POST', '/api/user/api-keys', sessionToken, {
      name: 'openai client',
    });
    expect(key.status).toBe(201);
    apiKey = key.body.key;
    client = clientWith(apiKey);
  }, 180_000);
  afterAll(() => stack?.stop());

  const download = async (url: string) => {
    expect(url.startsWith(`${stack.url}/files/`)).toBe(true);
    return Buffer.from(await (await fetch(url)).arrayBuffer());
  };
  const photo = async () =>
    toFile(await readFile(photoPath('chelsea')), 'chelsea.png', { type: 'image/png' });

  it('generates n = 2 links to PNGs of exactly the size asked for, and says the size', async () => {
    const { data: result, response } = await client.images
      .generate({ prompt: 'a lighthouse at dusk', size: '1024x1024', n: 2 })
      .withResponse();
    expect(response.headers.get('x-pictura-image-size')).toBe('1024x1024');
    expect(Math.abs(result.created - Date.now() / 1000)).toBeLessThan(600);
    expect(result.data).toHaveLength(2);
    for (const image of result.data ?? []) {
      expect(pngSize(await download(image.url!))).toEqual({ width: 1024, height: 1024 });
    }
  });

  it('inlines the image with b64_json, at a non-square size', async () => {
    const result = await client.images.generate({
      prompt: 'a fox in snow',
      response_format: 'b64_json',
      size: '1536x1024',
    });
    expect(result.data).toHaveLength(1);
    expect(result.data![0]!.url).toBeUndefined();
    const png = Buffer.from(result.data![0]!.b64_json!, 'base64');
    expect(pngSize(png)).toEqual({ width: 1536, height: 1024 });
  });

  it("accepts OpenAI's own parameters and model names: dall-e-3 is the default model", async () => {
    const result = await client.images.generate({
      model: 'dall-e-3',
      prompt: 'a red apple',
      quality: 'hd',
      style: 'vivid',
      user: 'user-1234',
      size: '1024x1024',
    });
    expect(pngSize(await download(result.data![0]!.url!))).toEqual({ width: 1024, height: 1024 });
    const gptImage = await client.images.generate({
      model: 'gpt-image-1',
      prompt: 'a red apple',
      background: 'opaque',
      moderation: 'low',
      output_format: 'jpeg',
      output_compression: 80,
      response_format: 'b64_json',
      size: '256x256',
    });
    const jpeg = Buffer.from(gptImage.data![0]!.b64_json!, 'base64');
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('leaves the background transparent in PNG or WebP, and refuses it in JPEG as OpenAI does', async () => {
    const result = await client.images.generate({
      model: 'gpt-image-1',
      prompt: 'a red fox',
      background: 'transparent',
      output_format: 'webp',
      size: '256x256',
    });
    expect(result.background).toBe('transparent');
    const webp = Buffer.from(result.data![0]!.b64_json!, 'base64');
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', hasAlpha: true });
    const error = await client.images
      .generate({
        model: 'gpt-image-1',
        prompt: 'a red fox',
        background: 'transparent',
        output_format: 'jpeg',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, param: 'background' });
  });

  it('lists the models the workers offer and the OpenAI names mapped to them', async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(
      expect.arrayContaining(['pictura-emoji', 'pictura-abstract', 'dall-e-3', 'gpt-image-1']),
    );
    const dalle = await client.models.retrieve('dall-e-3');
    expect(dalle).toMatchObject({ id: 'dall-e-3', object: 'model', owned_by: 'pictura' });
    await expect(client.models.retrieve('no-such-model')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('makes variations of a real photo on the default model, at the size asked or in the photo’s shape', async () => {
    const result = await client.images.createVariation({ image: await photo(), n: 2, size: '512x512' });
    expect(result.data).toHaveLength(2);
    for (const image of result.data ?? []) {
      expect(pngSize(await download(image.url!))).toEqual({ width: 512, height: 512 });
    }
    // The 451×300 photo is nearest the 3:2 landscape ratio.
    const unsized = await client.images.createVariation({ image: await photo() });
    expect(pngSize(await download(unsized.data![0]!.url!))).toEqual({ width: 768, height: 512 });
  });

  it('edits a real photo after a prompt, the mask accepted', async () => {
    const result = await client.images.edit({
      image: await photo(),
      mask: await photo(),
      prompt: 'a cat wearing a hat',
      size: '256x256',
      response_format: 'b64_json',
    });
    expect(pngSize(Buffer.from(result.data![0]!.b64_json!, 'base64'))).toEqual({ width: 256, height: 256 });
  });

  it('refuses image input on a model that cannot start from an image, naming the model', async () => {
    const error = await client.images
      .createVariation({ image: await photo(), model: 'pictura-abstract' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, param: 'model', code: 'unsupported_model_capability' });
  });

  it('refuses a bad key and a session token with 401', async () => {
    for (const key of ['sk_not_a_real_key', sessionToken]) {
      const error = await clientWith(key)
        .images.generate({ prompt: 'a cat' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ status: 401, type: 'invalid_request_error', code: 'invalid_api_key' });
    }
    await expect(clientWith(sessionToken).models.list()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it.each([
    ['a size no model can take', { prompt: 'a cat', size: '1000x1004' }, 'size'],
    ['more images than a request may make', { prompt: 'a cat', n: 10 }, 'n'],
    ['an empty prompt', { prompt: '  ' }, 'prompt'],
    ['an unknown model', { prompt: 'a cat', model: 'no-such-model' }, 'model'],
    ['an unknown parameter', { prompt: 'a cat', colour: 'red' }, 'colour'],
  ])('refuses %s as a BadRequestError naming the parameter', async (_, request, param) => {
    const error = await client.images
      .generate(request as OpenAI.ImageGenerateParamsNonStreaming)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, param, type: 'invalid_request_error' });
    expect((error as BadRequestError).message).not.toBe('');
  });

  it('answers an unknown /v1 path with a 404 in OpenAI shape', async () => {
    const error = await client.get('/assistants').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).error).toEqual({
      message: 'Invalid URL (GET /v1/assistants)',
      type: 'invalid_request_error',
      param: null,
      code: 'unknown_url',
    });
  });
});
