// Pre-renders the public marketing routes of every locale to static HTML (dist/<locale>/<route>/index.html):
// the built app runs in headless Chromium against a loopback static server, its rendered page is saved
// with the route's head tags, so crawlers and the first paint need no JavaScript. The app then renders
// over the same markup when its script runs.
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { type Locale, SUPPORTED_LOCALES } from '../src/i18n/locale.ts';
import {
  MANAGED_ATTRIBUTE,
  PRERENDERED_ROUTES,
  renderHeadHtml,
  routeHead,
  SEO_ROUTES,
  type SeoRoute,
  type SeoTexts,
} from '../src/seo/route-head.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Locales rendered side by side, one tab each. */
const TABS_AT_ONCE = 3;
/** Quiet time after the last DOM change before the page counts as rendered. */
const SETTLE_MS = 150;
const RENDER_TIMEOUT_MS = 20_000;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

export interface PrerenderedPage {
  /** The URL path it answers, e.g. /ja/faq or /ja/ */
  urlPath: string;
  /** Its file under dist, e.g. ja/faq/index.html */
  file: string;
}

/**
 * Serves dist on 127.0.0.1 with the SPA template for every page path. API calls never answer: the pages
 * are captured in the state a visitor sees before any data arrives, never an error state.
 */
async function startStaticServer(
  distDir: string,
  template: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path.startsWith('/api/')) return; // left pending until the server closes
    const file = normalize(join(distDir, path));
    if (file.startsWith(distDir + sep) && extname(file) && existsSync(file) && statSync(file).isFile()) {
      response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(readFileSync(file));
      return;
    }
    if (extname(path)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES['.html']! }).end(template);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('static server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/**
 * In the page: waits for content in <main> that differs from `previous` and then stays unchanged for
 * `settleMs`, and returns the document's HTML without the head tags the build writes itself. Works on a
 * copy, so the live page (reused for the locale's next route) is untouched.
 */
const CAPTURE_SCRIPT = `(async ({ previous, stalePreloads, settleMs, timeoutMs, managed }) => {
  const deadline = Date.now() + timeoutMs;
  const content = () => document.querySelector('#root main')?.innerHTML ?? '';
  while (!document.querySelector('#root main')?.textContent?.trim() || content() === previous) {
    if (Date.now() > deadline) throw new Error('the page rendered no new content in <main>');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  let last = Date.now();
  const observer = new MutationObserver(() => { last = Date.now(); });
  observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  while (Date.now() - last < settleMs && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await document.fonts.ready;
  observer.disconnect();
  const copy = document.documentElement.cloneNode(true);
  for (const element of copy.querySelectorAll('head title, head [' + managed + '], [data-prerender-skip]')) element.remove();
  // Chunks preloaded for routes rendered earlier in this tab are not this page's.
  for (const link of copy.querySelectorAll('link[rel="modulepreload"]')) {
    if (stalePreloads.includes(link.href)) link.remove();
  }
  // The visitor's own theme is applied before the first paint by index.html's inline script.
  copy.removeAttribute('data-theme');
  copy.style.removeProperty('color-scheme');
  if (!copy.getAttribute('style')) copy.removeAttribute('style');
  const preloads = [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.href);
  return { html: '<!doctype html>\\n' + copy.outerHTML, main: content(), preloads };
})`;

function outputFile(locale: Locale, route: SeoRoute): PrerenderedPage {
  const path = SEO_ROUTES[route];
  const urlPath = route === 'home' ? `/${locale}/` : `/${locale}${path}`;
  const file = route === 'home' ? `${locale}/index.html` : `${locale}${path}/index.html`;
  return { urlPath, file };
}

/**
 * Style sheets written into the page, so the first paint waits for no request. The link stays, disabled:
 * never fetched, yet it tells the app's chunk loader the sheet is present, so it is not added twice.
 */
export function inlineStyleSheets(html: string, distDir: string): string {
  return html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (link) => {
    const href = /\bhref="(\/assets\/[^"]+\.css)"/.exec(link)?.[1];
    if (!href) return link;
    const css = readFileSync(join(distDir, href), 'utf8').replaceAll('</style', '<\\/style');
    return `<style data-href="${href}">${css}</style><link rel="stylesheet" href="${href}" disabled>`;
  });
}

/**
 * The app's entry starts once the page has painted: the page is already there, so the first paint gets
 * the network and the main thread to itself instead of waiting for the app to boot (which redraws the
 * same page anyway). The page's chunk preloads move into that start too, for the same reason (and
 * Lighthouse counts high-priority scripts fetched before the first paint as render-blocking). Where
 * paint timing never reports (a background tab, an old browser), the app starts after a second.
 */
export function startAppAfterFirstPaint(html: string): string {
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)">\s*/g)];
  const hrefs = preloads.map((match) => match[1]!);
  let page = html;
  for (const [link] of preloads) page = page.replace(link, '');
  const start = [
    'let started = false;',
    'const start = () => {',
    '  if (started) return;',
    '  started = true;',
    `  for (const href of ${JSON.stringify(hrefs)}) {`,
    "    const link = document.createElement('link');",
    "    link.rel = 'modulepreload';",
    "    link.crossOrigin = '';",
    '    link.href = href;',
    '    document.head.append(link);',
    '  }',
    '  import(SRC);',
    '};',
    'try {',
    "  new PerformanceObserver((list, observer) => { observer.disconnect(); setTimeout(start); }).observe({ type: 'paint', buffered: true });",
    '} catch {',
    '  start();',
    '}',
    'setTimeout(start, 1000);',
  ]
    .map((line) => line.trim())
    .join(' ');
  return page.replace(
    /<script type="module" crossorigin="" src="(\/assets\/[^"]+\.js)"><\/script>/,
    (_tag, src: string) => `<script type="module">${start.replace('SRC', JSON.stringify(src))}</script>`,
  );
}

/** A path no route matches: what it renders is the app's not-found page, never written out. */
const PROBE_PATH = '__prerender-probe__';

/**
 * One locale in one tab: client-side navigations (the app's router follows popstate) after one full
 * load, several times faster than loading every page afresh. A route the app does not have yet renders
 * the not-found page and is skipped. Style sheets of routes rendered earlier in the tab stay linked, as
 * they would in a visitor's session.
 */
async function renderLocale(
  context: BrowserContext,
  baseUrl: string,
  distDir: string,
  template: string,
  locale: Locale,
  write: (page: PrerenderedPage, html: string) => void,
  headFor: (page: PrerenderedPage) => string,
): Promise<void> {
  const tab = await context.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  const capture = async (previous: string, stalePreloads: string[]) => {
    const captured = (await tab.evaluate(
      `${CAPTURE_SCRIPT}(${JSON.stringify({ previous, stalePreloads, settleMs: SETTLE_MS, timeoutMs: RENDER_TIMEOUT_MS, managed: MANAGED_ATTRIBUTE })})`,
    )) as { html: string; main: string; preloads: string[] };
    if (errors.length > 0) throw new Error(errors.join('\n'));
    return captured;
  };
  try {
    await tab.goto(`${baseUrl}/${locale}/${PROBE_PATH}`, { waitUntil: 'load', timeout: RENDER_TIMEOUT_MS });
    const probe = await capture('', []);
    const notFound = probe.main;
    // The template's own preloads belong to every page; the ones added later only to their route.
    const templatePreloads = new Set(
      [...template.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(
        (m) => `${baseUrl}${m[1]}`,
      ),
    );
    let loaded: string[] = [];
    // Content only counts as the next route's once it differs from what was shown before; after the
    // not-found page that is unknowable for a missing route, so the next route is a full load.
    let previous = notFound;
    for (const route of PRERENDERED_ROUTES) {
      const page = outputFile(locale, route);
      try {
        let stale = loaded.filter((href) => !templatePreloads.has(href));
        if (previous === notFound) {
          await tab.goto(`${baseUrl}${page.urlPath}`, { waitUntil: 'load', timeout: RENDER_TIMEOUT_MS });
          previous = '';
          stale = [];
        } else {
          await tab.evaluate(`history.pushState(null, '', ${JSON.stringify(page.urlPath)});
            dispatchEvent(new PopStateEvent('popstate', { state: null }));
            scrollTo(0, 0);`);
        }
        const captured = await capture(previous, stale);
        previous = captured.main;
        loaded = captured.preloads;
        if (captured.main === notFound) {
          console.warn(`pre-rendering: ${page.urlPath} shows the not-found page, skipped`);
          continue;
        }
        if (!captured.html.includes('</head>')) throw new Error('no </head> in the rendered page');
        // Chunks the app linked at run time carry the build server's address; the site serves them from /.
        const html = startAppAfterFirstPaint(
          inlineStyleSheets(captured.html.replaceAll(`${baseUrl}/`, '/'), distDir),
        ).replace('</head>', `  ${headFor(page)}\n  </head>`);
        write(page, html);
      } catch (error) {
        throw new Error(
          `pre-rendering ${page.urlPath} failed: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
  } finally {
    await tab.close();
  }
}

export async function prerender(options: {
  distDir: string;
  origin: string;
  loadTexts: (locale: Locale) => SeoTexts;
}): Promise<PrerenderedPage[]> {
  const { distDir, origin } = options;
  const template = readFileSync(join(distDir, 'index.html'), 'utf8');
  const server = await startStaticServer(distDir, template);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    // A first visit: no stored choices, dark scheme, no offline worker (it would cache the build server).
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: 'dark',
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    });
    const locales = [...SUPPORTED_LOCALES];
    const written: PrerenderedPage[] = [];
    const write = (page: PrerenderedPage, html: string) => {
      const target = join(distDir, page.file);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, html);
      written.push(page);
    };
    const lane = async () => {
      for (let locale = locales.shift(); locale; locale = locales.shift()) {
        const texts = options.loadTexts(locale);
        await renderLocale(context, server.url, distDir, template, locale, write, (page) =>
          renderHeadHtml(routeHead({ pathname: page.urlPath, locale, origin, texts })),
        );
      }
    };
    await Promise.all(Array.from({ length: TABS_AT_ONCE }, lane));
    return written.sort((a, b) => a.urlPath.localeCompare(b.urlPath));
  } finally {
    await browser?.close();
    await server.close();
  }
}
