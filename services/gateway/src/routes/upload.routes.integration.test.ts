import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileObjectStore, type ObjectStore } from '@pictura/common/object-store';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gatewayAppForSuite } from '../../../../test/support/gateway-app.ts';
import { ownObjectKey } from './upscale.routes.ts';

/** A multipart body with one part, built by hand so the test controls every header. */
function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = '----pictura-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// The jobs service is not running here: these are the refusals the gateway answers alone.
describe('image upload and upscale refusals', () => {
  let store: ObjectStore;
  const gateway = gatewayAppForSuite(() => {
    store = createFileObjectStore(mkdtempSync(join(tmpdir(), 'pictura-upload-')));
    return { store };
  });

  const upload = (body: ReturnType<typeof multipart>) =>
    gateway.app.inject({ method: 'POST', url: '/api/upload/image', ...body });

  it('stores an image without its metadata and links to it', async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#808000' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
      .toBuffer();
    const res = await upload(multipart('file', 'a.png', 'image/png', png));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; imageUrl: string };
    expect(body.success).toBe(true);
    expect(body.imageUrl).toMatch(/^\/files\/[a-f0-9]{64}\.png$/);
    const stored = await store.read(body.imageUrl.slice('/files/'.length));
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const meta = await sharp(stored!).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([20, 10, undefined]);
  });

  it('refuses text sent as image/png with 415', async () => {
    const res = await upload(
      multipart('file', 'a.png', 'image/png', Buffer.from('hello, I am not a picture')),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, error: 'Uploaded file is not an image' });
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.alloc(10_485_760 + 1024, 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await upload(multipart('file', 'big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, error: 'File is too large (maximum 10MB)' });
  });

  it('answers 400 when there is no `file` field', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const wrongField = await upload(multipart('image', 'a.png', 'image/png', png));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ success: false, error: 'No file provided' });
    const notMultipart = await gateway.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('asks for a link when upscale gets none, and cannot load a missing own file', async () => {
    const upscale = (payload: unknown) =>
      gateway.app.inject({ method: 'POST', url: '/api/upload/upscale', payload: payload as object });
    const none = await upscale({});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ success: false, error: 'No image URL provided' });
    const missing = await upscale({ image_url: `/files/${'a'.repeat(64)}.png` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ success: false, error: 'Cannot load image, please check the URL' });
    const badFormat = await upscale({ image_url: '/files/x.png', format: 'gif' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json()).toMatchObject({ success: false });
  });

  it('refuses a link to a loopback address without sending it anywhere', async () => {
    const res = await gateway.app.inject({
      method: 'POST',
      url: '/api/upload/upscale',
      payload: { image_url: 'http://127.0.0.1:1/a.png' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'Cannot load image, please check the URL' });
  });

  it('documents both calls in the OpenAPI document', async () => {
    const doc = (await gateway.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { post?: { requestBody?: unknown; responses: Record<string, unknown> } }>;
    };
    expect(doc.paths['/api/upload/image']?.post?.responses).toHaveProperty('200');
    expect(doc.paths['/api/upload/upscale']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/upload/upscale']?.post?.responses).toHaveProperty('202');
  });

  it('tells own-store links from foreign ones', () => {
    const key = `${'b'.repeat(64)}.png`;
    expect(ownObjectKey(`/files/${key}`, 'http://localhost:8080')).toBe(key);
    expect(ownObjectKey(`http://localhost:8080/files/${key}`, 'http://localhost:8080')).toBe(key);
    expect(ownObjectKey('/files/../secret', 'http://localhost:8080')).toBeNull();
    expect(ownObjectKey(`https://example.com/files/${key}`, 'http://localhost:8080')).toBeUndefined();
    expect(ownObjectKey(`//example.com/files/${key}`, 'http://localhost:8080')).toBeUndefined();
  });
});
