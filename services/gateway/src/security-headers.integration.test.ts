import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createFileObjectStore } from '@pictura/common/object-store';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayDepsOverrides, gatewayTestDeps } from '../../../test/support/gateway-app.ts';
import { testRedis } from '../../../test/support/redis.ts';
import { buildApp } from './app.ts';
import { API_CSP, DOCS_CSP, pagePolicy, presignedImageOrigins } from './security-headers.ts';

const THEME_SCRIPT = "document.documentElement.dataset.theme = 'dark'";
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(2000).fill(0)]);

describe('security headers and compression on every kind of answer', () => {
  const env = testRedis();
  const dirs: string[] = [];
  const apps: FastifyInstance[] = [];
  let app: FastifyInstance;
  let fileKey: string;

  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pictura-headers-'));
    dirs.push(dir);
    return dir;
  };
  const start = async (overrides: GatewayDepsOverrides = {}) => {
    const started = await buildApp(gatewayTestDeps(env, overrides));
    apps.push(started);
    return started;
  };

  beforeAll(async () => {
    const web = tempDir();
    writeFileSync(join(web, 'index.html'), `<!doctype html><script>${THEME_SCRIPT}</script><div id="root">`);
    writeFileSync(join(web, 'route-manifest.json'), JSON.stringify({ pages: ['', 'admin'] }));
    const store = createFileObjectStore(tempDir());
    fileKey = (await store.put(PNG, 'png')).key;
    app = await start({ config: { WEB_DIST_DIR: web }, store });
  });
  afterAll(async () => {
    for (const started of apps) await started.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, on = app) =>
    on.inject({ method: 'GET', url, headers });

  it('keeps the admin console and every page out of frames, with its inline theme script allowed by hash', async () => {
    const res = await get('/en/admin');
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'] as string;
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(res.headers['permissions-policy']).toMatch(/(^|, )camera=\(\)/);
    expect(res.headers['permissions-policy']).toMatch(/(^|, )microphone=\(\)/);
    expect(res.headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)/);
  });

  it('answers an unknown page 404 under the same policy', async () => {
    const res = await get('/en/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toBe(
      (await get('/en/admin')).headers['content-security-policy'],
    );
  });

  it('gives API answers, errors included, a policy under which nothing runs or frames', async () => {
    for (const url of ['/api/openapi.json', '/api/no-such-thing']) {
      const res = await get(url);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe(API_CSP);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    expect((await get('/api/no-such-thing')).json()).toEqual({ error: 'not_found', message: 'Not found' });
    expect(API_CSP).toBe(
      "default-src 'none';object-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
    );
  });

  it('lets other sites embed stored images, never sniffed and never compressed', async () => {
    const res = await get(`/files/${fileKey}`, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(Buffer.from(PNG))).toBe(true);
  });

  it('serves the API docs under their own policy, still never framed', async () => {
    const res = await get('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(DOCS_CSP);
    expect(DOCS_CSP).toContain("frame-ancestors 'none'");
  });

  it('compresses JSON for clients that accept it, and only from 1 KiB', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await get('/api/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const small = await get('/api/no-such-thing', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends HSTS only when the site is HTTPS: by its PUBLIC_URL, or as the trusted proxy says', async () => {
    expect((await get('/en/')).headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy, X-Forwarded-Proto is the client's own say.
    const spoofed = await get('/en/', { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const https = await start({ config: { PUBLIC_URL: 'https://pictura.test' } });
    for (const url of ['/en/', '/api/no-such-thing']) {
      expect((await get(url, {}, https)).headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
    const proxied = await start({ config: { TRUST_PROXY: ['127.0.0.1'] } });
    const viaProxy = await get('/en/', { 'x-forwarded-proto': 'https' }, proxied);
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await get('/en/', {}, proxied)).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('where presigned /files/ links send the browser', () => {
  it('is nowhere else unless the operator chose presigned links', () => {
    expect(presignedImageOrigins({ FILES_REDIRECT: 'stream', S3_BUCKET: 'b' })).toEqual([]);
  });

  it('is the bucket on its endpoint, by path or as a subdomain, or on AWS', () => {
    const presigned = { FILES_REDIRECT: 'presigned', S3_BUCKET: 'images' } as const;
    expect(
      presignedImageOrigins({
        ...presigned,
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_ENDPOINT: 'http://localhost:9000/',
        S3_FORCE_PATH_STYLE: true,
      }),
    ).toEqual(['http://localhost:9000']);
    expect(presignedImageOrigins({ ...presigned, S3_REGION: 'eu-west-1' })).toEqual([
      'https://s3.eu-west-1.amazonaws.com',
      'https://images.s3.eu-west-1.amazonaws.com',
    ]);
  });

  it('is allowed as an image source in the pages', () => {
    const csp = pagePolicy({ imageOrigins: ['http://localhost:9000'] })('<p>');
    expect(csp).toContain("img-src 'self' data: blob: https: http://localhost:9000");
  });
});
