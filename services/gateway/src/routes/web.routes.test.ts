import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoutes } from './web.routes.ts';

const BUILD_ORIGIN = 'http://localhost:8080';
const SITE = 'https://pictura.example';

/** A web/dist as the build leaves it: the SPA shell, one pre-rendered page, sitemap and robots. */
function fakeDist(): string {
  const root = mkdtempSync(join(tmpdir(), 'pictura-web-'));
  const write = (file: string, text: string) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write('index.html', '<!doctype html><title>shell</title><div id="root"></div>');
  write('en/faq/index.html', `<title>FAQ</title><link rel="canonical" href="${BUILD_ORIGIN}/en/faq">`);
  write('en/index.html', `<title>Home</title><link rel="canonical" href="${BUILD_ORIGIN}/en/">`);
  write('sitemap.xml', `<urlset><url><loc>${BUILD_ORIGIN}/en/faq</loc></url></urlset>`);
  write('robots.txt', `User-agent: *\nSitemap: ${BUILD_ORIGIN}/sitemap.xml\n`);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('assets/index-abc123.js', 'console.log("app")');
  write('assets/index-abc123.js.gz', 'pretend-gzip');
  write(
    'prerender-manifest.json',
    JSON.stringify({
      origin: BUILD_ORIGIN,
      files: {
        '/sitemap.xml': 'sitemap.xml',
        '/robots.txt': 'robots.txt',
        '/en/': 'en/index.html',
        '/en/faq': 'en/faq/index.html',
      },
    }),
  );
  return root;
}

describe('the web app routes', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = fakeDist();
    app = Fastify();
    await app.register(webRoutes, { webRoot: root, publicUrl: `${SITE}/` });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

  it.each(['/en/faq', '/en/faq/', '/en/faq?utm=1'])(
    'serves the pre-rendered page at %s with the site origin',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(`<title>FAQ</title><link rel="canonical" href="${SITE}/en/faq">`);
    },
  );

  it('serves the locale home at /en and /en/', async () => {
    for (const url of ['/en', '/en/']) expect((await get(url)).body).toContain(`href="${SITE}/en/"`);
  });

  it('falls back to the SPA shell for other client routes', async () => {
    for (const url of ['/en/history', '/ja/faq', '/', '/en/faq/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>shell</title>');
    }
  });

  it('rewrites sitemap.xml and robots.txt to the site origin', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toBe(`<urlset><url><loc>${SITE}/en/faq</loc></url></urlset>`);
    expect((await get('/robots.txt')).body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it('compresses pages for clients that accept gzip', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/en/faq',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(res.rawPayload).toString()).toContain(`${SITE}/en/faq`);
  });

  it('serves fingerprinted assets for good, pre-compressed when the build wrote a .gz', async () => {
    const plain = await get('/assets/index-abc123.js');
    expect(plain.body).toBe('console.log("app")');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzipped = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body).toBe('pretend-gzip');
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has other static files revalidated, since their names stay the same across releases', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API paths with a JSON 404, not the shell', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Not found' });
  });
});
