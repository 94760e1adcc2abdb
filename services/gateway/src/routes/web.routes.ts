// The built web app: static assets, the pages pre-rendered at build time, and index.html for every other
// client-side route.
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http-errors.ts';

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Pictura</title>
<body style="font-family:system-ui;padding:2rem"><h1>The web app is not built</h1>
<p>Run <code>npm start</code> (it builds everything), or <code>npm run build</code>.</p></body></html>`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

interface Prepared {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

function prepare(type: string, text: string): Prepared {
  const body = Buffer.from(text);
  return { type, body, gzip: gzipSync(body) };
}

/**
 * The pre-rendered pages, sitemap.xml and robots.txt that web/scripts/postbuild.ts lists in
 * prerender-manifest.json: written with the build's origin in their canonical and alternate links,
 * served with this site's PUBLIC_URL instead. Keyed by URL path (/en/, /en/faq, /sitemap.xml).
 */
function loadPrerendered(root: string, publicUrl: string | undefined): Map<string, Prepared> {
  const pages = new Map<string, Prepared>();
  const manifestFile = join(root, 'prerender-manifest.json');
  if (!existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    origin: string;
    files: Record<string, string>;
  };
  const origin = publicUrl?.replace(/\/+$/, '') ?? manifest.origin;
  for (const [urlPath, file] of Object.entries(manifest.files)) {
    const text = readFileSync(join(root, file), 'utf8').replaceAll(manifest.origin, origin);
    pages.set(urlPath, prepare(TYPES[extname(file)] ?? 'application/octet-stream', text));
  }
  return pages;
}

function send(request: FastifyRequest, reply: FastifyReply, page: Prepared) {
  reply.type(page.type).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(page.gzip);
  }
  return reply.send(page.body);
}

export async function webRoutes(
  app: FastifyInstance,
  deps: { webRoot: string; publicUrl?: string },
): Promise<void> {
  const root = resolve(deps.webRoot);
  const indexFile = join(root, 'index.html');
  const built = existsSync(indexFile);
  const prerendered = built ? loadPrerendered(root, deps.publicUrl) : new Map<string, Prepared>();
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside scripts and styles.
      preCompressed: true,
      // Files rewritten above are answered from memory by the not-found handler below, under their
      // URL paths only (never as /en/faq/index.html).
      allowedPath: (path) =>
        !prerendered.has(path) && (path === '/index.html' || !path.endsWith('/index.html')),
      // Set here alone: the static plugin's own cache-control would overwrite the one set below.
      cacheControl: false,
      setHeaders(res, path) {
        // Vite fingerprints everything under assets/, so those can be cached for good; the rest (sw.js,
        // the manifest, icons) keeps its name across releases and is revalidated on every use.
        res.setHeader(
          'cache-control',
          path.startsWith(join(root, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const shell = prepare(TYPES['.html']!, built ? readFileSync(indexFile, 'utf8') : NOT_BUILT);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path.startsWith('/files/') || request.method !== 'GET') {
      return sendError(reply, 404, { error: 'not_found', message: 'Not found' });
    }
    // /en and /en/ are the same page, as are /en/faq and /en/faq/.
    const alternate = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
    return send(request, reply, prerendered.get(path) ?? prerendered.get(alternate) ?? shell);
  });
}
