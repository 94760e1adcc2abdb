// The built web app: static assets, the pages pre-rendered at build time, and index.html for every other
// client-side route: 200 for the app's pages, 404 (the app then shows its not-found page) for the rest.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { AppError } from '@pictura/common/app-error';
import { isLocale } from '@pictura/common/locales';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CommunityClient } from '../clients.ts';
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
  /** Its Content-Security-Policy, from its own text (pages only). */
  csp?: string;
}

type PagePolicy = (html: string) => string;

function prepare(type: string, text: string, pagePolicy?: PagePolicy): Prepared {
  const body = Buffer.from(text);
  const csp = pagePolicy && type === TYPES['.html'] ? pagePolicy(text) : undefined;
  return { type, body, gzip: gzipSync(body), ...(csp ? { csp } : {}) };
}

/**
 * The pre-rendered pages, sitemap.xml and robots.txt that web/scripts/postbuild.ts lists in
 * prerender-manifest.json: written with the build's origin in their canonical and alternate links,
 * served with this site's PUBLIC_URL instead. Keyed by URL path (/en/, /en/faq, /sitemap.xml).
 */
function loadPrerendered(
  root: string,
  publicUrl: string | undefined,
  pagePolicy: PagePolicy | undefined,
): Map<string, Prepared> {
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
    pages.set(urlPath, prepare(TYPES[extname(file)] ?? 'application/octet-stream', text, pagePolicy));
  }
  return pages;
}

/**
 * The app's page addresses, from the route table the web build writes (web/src/page-paths.ts →
 * route-manifest.json): whether a path after the locale prefix is a page, and its parameters (decoded; one
 * that cannot be decoded, or that is not among the values the app knows for it, is no page). Without the
 * manifest (an older build) every path counts as a page.
 */
function loadPages(root: string): ((rest: string) => { page: string; params: string[] } | null) | null {
  const manifestFile = join(root, 'route-manifest.json');
  if (!existsSync(manifestFile)) return null;
  const { pages, params = {} } = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    pages: string[];
    params?: Record<string, string[]>;
  };
  const decoded = (values: string[]) => {
    try {
      return values.map((value) => decodeURIComponent(value));
    } catch {
      return null;
    }
  };
  // react-router matches case-insensitively, ignores a trailing slash, and a :param is one segment.
  const patterns = pages.map((page) => ({
    page,
    pattern: new RegExp(
      `^${page
        .split('/')
        .map((segment) =>
          segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/')}$`,
      'i',
    ),
  }));
  return (rest) => {
    for (const { page, pattern } of patterns) {
      const match = pattern.exec(rest);
      if (!match) continue;
      const values = decoded(match.slice(1));
      const known = params[page];
      if (!values || (known && !values.every((value) => known.includes(value)))) return null;
      return { page, params: values };
    }
    return null;
  };
}

/** A path segment the app reads as a language tag (web/src/i18n/locale.ts LANGUAGE_TAG_SEGMENT). */
const LANGUAGE_TAG_SEGMENT = /^[a-z]{2}(?:[-_][a-z0-9]{2,8})*$/i;

/**
 * The page a path shows, as the app routes it: /{locale}/rest, or a path without a supported locale,
 * which the app sends to the same rest under the visitor's locale (a language-tag-like first segment is
 * replaced, anything else gets the prefix).
 */
function pagePathOf(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  const [first = ''] = segments;
  const rest = isLocale(first) || LANGUAGE_TAG_SEGMENT.test(first) ? segments.slice(1) : segments;
  return rest.join('/');
}

/** The static files the build compressed (x.js beside x.js.gz / x.js.br), whose answer depends on Accept-Encoding. */
function precompressedFiles(root: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(?:gz|br)$/.test(entry.name)) {
        files.add(path).add(path.slice(0, -3));
      }
    }
  };
  walk(root);
  return files;
}

function send(request: FastifyRequest, reply: FastifyReply, page: Prepared, status = 200) {
  reply.status(status).type(page.type).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (page.csp) reply.header('content-security-policy', page.csp);
  const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  if (gzip) reply.header('content-encoding', 'gzip');
  const body = gzip ? page.gzip : page.body;
  // HEAD: the headers GET would have, the length included, and no body.
  if (request.method === 'HEAD') return reply.header('content-length', Buffer.byteLength(body)).send();
  return reply.send(body);
}

export interface WebRoutesDeps {
  webRoot: string;
  publicUrl?: string;
  /** A page's Content-Security-Policy from its served text (security-headers.ts); none set without it. */
  pagePolicy?: PagePolicy;
  /** Asked whether a post page's post is there; without it every post page answers 200. */
  community?: Pick<CommunityClient, 'getPost'>;
}

/** The page of one community post (web/src/page-paths.ts), answered 404 when the post is not there. */
export const POST_PAGE = 'community/post/:id';
/** Post ids are UUIDs; the API's limit on the id stops a long path before it reaches community. */
const MAX_POST_ID = 64;

export async function webRoutes(app: FastifyInstance, deps: WebRoutesDeps): Promise<void> {
  const root = resolve(deps.webRoot);
  const indexFile = join(root, 'index.html');
  const built = existsSync(indexFile);
  const prerendered = built
    ? loadPrerendered(root, deps.publicUrl, deps.pagePolicy)
    : new Map<string, Prepared>();
  const shell = prepare(
    TYPES['.html']!,
    built ? readFileSync(indexFile, 'utf8') : NOT_BUILT,
    deps.pagePolicy,
  );
  const pageAt = built ? loadPages(root) : null;
  const compressed = built ? precompressedFiles(root) : new Set<string>();
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
        // The service worker runs under the policy of its own script's answer, so it gets the app's.
        if (shell.csp) res.setHeader('content-security-policy', shell.csp);
        if (compressed.has(path)) res.setHeader('vary', 'accept-encoding');
        // Vite fingerprints everything under assets/, so those can be cached for good; the rest (sw.js,
        // the manifest, icons) keeps its name across releases and is revalidated on every use.
        res.setHeader(
          'cache-control',
          path.startsWith(join(root, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  /** A post page whose post the visitor cannot see (missing, taken down, malformed id) is not a page. */
  async function postShown(id: string, request: FastifyRequest): Promise<boolean> {
    if (!deps.community) return true;
    if (id.length > MAX_POST_ID) return false;
    try {
      await deps.community.getPost(
        { id, viewerId: request.viewer?.userId ?? 0, skipView: true },
        { requestId: request.id },
      );
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return false;
      // Community unavailable: the page loads and says so itself.
      request.log.warn({ err: error }, 'post page check failed');
      return true;
    }
  }

  async function pageStatus(path: string, request: FastifyRequest): Promise<200 | 404> {
    if (!pageAt) return 200;
    const found = pageAt(pagePathOf(path));
    if (!found) return 404;
    if (found.page === POST_PAGE && !(await postShown(found.params[0]!, request))) return 404;
    return 200;
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // HEAD answers as GET does, without the body (link checkers and uptime monitors ask with HEAD).
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (path.startsWith('/api/') || path.startsWith('/files/') || !reading) {
      return sendError(reply, 404, { error: 'not_found', message: 'Not found' });
    }
    // /en and /en/ are the same page, as are /en/faq and /en/faq/.
    const alternate = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
    const page = prerendered.get(path) ?? prerendered.get(alternate);
    if (page) return send(request, reply, page);
    return send(request, reply, shell, await pageStatus(path, request));
  });
}
