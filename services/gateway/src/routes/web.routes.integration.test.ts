import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AppError } from '@pictura/common/app-error';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../../../../web/src/page-paths.ts';
import { inlineCode, pagePolicy } from '../security-headers.ts';
import { POST_PAGE, webRoutes } from './web.routes.ts';

const BUILD_ORIGIN = 'http://localhost:8080';
const SITE = 'https://pictura.example';
const POST_ID = '0b5c7a52-3f0e-4d8e-9a57-5d2f3c1e0a11';
const THEME_SCRIPT = "document.documentElement.setAttribute('data-theme','dark')";

/** A web/dist as the build leaves it: the SPA shell, one pre-rendered page, sitemap and robots. */
function fakeDist(): string {
  const root = mkdtempSync(join(tmpdir(), 'pictura-web-'));
  const write = (file: string, text: string) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write(
    'index.html',
    `<!doctype html><title>shell</title><script>${THEME_SCRIPT}</script><div id="root"></div>`,
  );
  write(
    'en/faq/index.html',
    `<title>FAQ</title><link rel="canonical" href="${BUILD_ORIGIN}/en/faq"><p style="inline-size: 15px;">`,
  );
  write('en/index.html', `<title>Home</title><link rel="canonical" href="${BUILD_ORIGIN}/en/">`);
  write('sitemap.xml', `<urlset><url><loc>${BUILD_ORIGIN}/en/faq</loc></url></urlset>`);
  write('robots.txt', `User-agent: *\nSitemap: ${BUILD_ORIGIN}/sitemap.xml\n`);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('assets/index-abc123.js', 'console.log("app")');
  write('assets/index-abc123.js.gz', 'pretend-gzip');
  write('assets/small-def456.js', 'console.log("too small to compress")');
  write(
    'route-manifest.json',
    JSON.stringify({
      pages: ['', 'faq', 'history', 'blog/:slug', POST_PAGE],
      params: { 'blog/:slug': ['writing-better-prompts'] },
    }),
  );
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

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

describe('finding the inline code of a page', () => {
  it('hashes inline scripts, style elements and decoded style attributes, never script files', () => {
    const html =
      '<script type="module" src="/a.js"></script><script>go()</script><style>p{}</style>' +
      '<div style="font-family: &quot;Inter&quot;, a&amp;b"></div><div style="">';
    expect(inlineCode(html)).toEqual({
      scripts: ['go()'],
      styles: ['p{}'],
      styleAttributes: ['font-family: "Inter", a&b', ''],
    });
  });
});

describe('the web app routes', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = fakeDist();
    app = Fastify();
    await app.register(webRoutes, {
      webRoot: root,
      publicUrl: `${SITE}/`,
      pagePolicy: pagePolicy(),
      // Community as the post page sees it: one post, a malformed id is not found, 'down' cannot answer.
      community: {
        getPost: async ({ id }: { id?: string }) => {
          if (id === POST_ID) return {} as never;
          if (id === 'down') throw new AppError('unavailable', 'Service unavailable');
          throw new AppError('not_found', 'Post not found');
        },
      } as never,
    });
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
      expect(res.body).toBe(
        `<title>FAQ</title><link rel="canonical" href="${SITE}/en/faq"><p style="inline-size: 15px;">`,
      );
    },
  );

  it('serves the locale home at /en and /en/', async () => {
    for (const url of ['/en', '/en/']) expect((await get(url)).body).toContain(`href="${SITE}/en/"`);
  });

  it("falls back to the SPA shell for the app's other pages, with or without a locale prefix", async () => {
    const pages = [
      '/en/history',
      '/ja/faq',
      '/',
      '/history',
      '/EN/History/',
      '/fr-CA/faq',
      '/en/blog/writing-better-prompts',
    ];
    for (const url of pages) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>shell</title>');
    }
  });

  it('answers 404 with the shell, whose router shows the not-found page, for addresses that are no page', async () => {
    for (const url of [
      '/en/nope',
      '/en/faq/index.html',
      '/nope/deeper',
      '/en/history/extra',
      '/assets/gone.js',
      '/en/blog/no-such-post',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<title>shell</title>');
    }
  });

  it('answers HEAD as GET, without the body: 200 for a page, 404 for no page, each with its page policy', async () => {
    for (const [url, status] of [
      ['/en/faq', 200],
      ['/en/history', 200],
      ['/en/nope', 404],
    ] as const) {
      const [head, got] = [await app.inject({ method: 'HEAD', url }), await get(url)];
      expect(head.statusCode, url).toBe(status);
      expect(head.body, url).toBe('');
      expect(head.headers['content-type'], url).toMatch(/^text\/html/);
      expect(head.headers['content-security-policy'], url).toBe(got.headers['content-security-policy']);
    }
  });

  it('checks the post page the web app really has', () => {
    expect(PAGE_PATHS).toContain(POST_PAGE);
  });

  it('answers a post page 200 only while the post is there to see', async () => {
    expect((await get(`/en/community/post/${POST_ID}`)).statusCode).toBe(200);
    expect((await get(`/ar/community/post/${POST_ID.toUpperCase()}x`)).statusCode).toBe(404);
    expect((await get('/en/community/post/not-a-uuid')).statusCode).toBe(404);
    expect((await get(`/en/community/post/${'a'.repeat(65)}`)).statusCode).toBe(404);
    // When community cannot answer, the page loads and tells the visitor itself.
    expect((await get('/en/community/post/down')).statusCode).toBe(200);
  });

  it('allows each page exactly its own inline code in its Content-Security-Policy', async () => {
    const shell = await get('/en/history');
    const csp = shell.headers['content-security-policy'] as string;
    expect(csp).toContain(`script-src 'self' 'sha256-${sha256(THEME_SCRIPT)}'`);
    expect(csp).toContain("style-src-attr 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const faq = (await get('/en/faq')).headers['content-security-policy'] as string;
    expect(faq).toContain(`style-src-attr 'unsafe-hashes' 'sha256-${sha256('inline-size: 15px;')}'`);
    expect(faq).toMatch(/script-src 'self'(;|$)/);
    expect((await get('/en/nope')).headers['content-security-policy']).toBe(csp);
  });

  it('varies pre-compressed files on Accept-Encoding, whichever copy is sent', async () => {
    for (const encoding of ['identity', 'gzip']) {
      const res = await get('/assets/index-abc123.js', { 'accept-encoding': encoding });
      expect(res.headers.vary, encoding).toBe('accept-encoding');
    }
    expect((await get('/assets/small-def456.js')).headers.vary).toBeUndefined();
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
