// Pre-renders the public marketing routes of every locale to static HTML (dist/<locale>/<route>/index.html)
// with React itself, in Node: src/prerender-entry.tsx is bundled for Node (a Vite SSR build), renders each
// page with react-dom/static, and the markup goes into the built index.html with the route's head tags, its
// style sheets written in and its chunks preloaded. Crawlers and the first paint need no JavaScript, and the
// build needs no browser. The app then hydrates the same markup when its script runs (src/main.tsx).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type UserConfig } from 'vite';
import { type Locale, SUPPORTED_LOCALES, textDirection } from '../src/i18n/locale.ts';
import { PAGE_PATHS } from '../src/page-paths.ts';
import {
  MANAGED_ATTRIBUTE,
  PRERENDERED_ROUTES,
  renderHeadHtml,
  routeHead,
  SEO_ROUTES,
  type SeoRoute,
  type SeoTexts,
} from '../src/seo/route-head.ts';
import viteConfig from '../vite.config.ts';

export interface PrerenderedPage {
  /** The URL path it answers, e.g. /ja/faq or /ja/ */
  urlPath: string;
  /** Its file under dist, e.g. ja/faq/index.html */
  file: string;
}

/** One chunk of the client build's manifest (dist/.vite/manifest.json, `build.manifest` in vite.config.ts). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const CLIENT_MANIFEST = '.vite/manifest.json';
const ENTRY = 'src/prerender-entry.tsx';
/** The module ids (relative to web/) each bundled module reports when it is evaluated. */
const MODULES_GLOBAL = '__prerenderModules';

type Renderer = { renderPage(pathname: string, locale: Locale): Promise<string> };

function outputFile(locale: Locale, route: SeoRoute): PrerenderedPage {
  const path = SEO_ROUTES[route];
  const urlPath = route === 'home' ? `/${locale}/` : `/${locale}${path}`;
  const file = route === 'home' ? `${locale}/index.html` : `${locale}${path}/index.html`;
  return { urlPath, file };
}

/**
 * Every module of the app reports itself when it is evaluated. The bundle is one file (dynamic imports
 * inlined, evaluated when first imported), loaded afresh for each route, so what a route reports is exactly
 * the code its page runs: the client build's manifest names that code's chunks and style sheets.
 */
function reportModules(webDir: string): Plugin {
  const source = `${join(webDir, 'src')}/`;
  return {
    name: 'pictura:prerender-report-modules',
    transform(code, id) {
      if (!id.startsWith(source) || !/\.[cm]?[jt]sx?$/.test(id)) return null;
      const name = JSON.stringify(relative(webDir, id));
      return { code: `globalThis.${MODULES_GLOBAL}?.add(${name});\n${code}`, map: null };
    },
  };
}

/** Bundles the render entry for Node; returns the bundle's path. */
async function buildRenderer(webDir: string): Promise<string> {
  // Inside web/, so that Node finds the packages the bundle leaves external; one folder per process, so
  // that two builds (a test's and `npm start`'s) never share it.
  const outDir = join(webDir, `.cache/prerender-${process.pid}`);
  const config = viteConfig as UserConfig;
  await build({
    configFile: false,
    root: webDir,
    mode: 'production',
    logLevel: 'warn',
    plugins: [...(config.plugins ?? []), reportModules(webDir)],
    define: config.define,
    resolve: config.resolve,
    build: {
      ssr: ENTRY,
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      sourcemap: false,
      rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'prerender-entry.js' } },
    },
  });
  return join(outDir, 'prerender-entry.js');
}

/** The JavaScript chunks and style sheets of some manifest entries, with everything they import. */
function chunkFiles(manifest: Manifest, keys: Iterable<string>): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    js.add(`/${chunk.file}`);
    for (const sheet of chunk.css ?? []) css.add(`/${sheet}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css };
}

/** A locale's own modules (its long texts), of which a page needs only its locale's. */
const LOCALE_MODULE = /^src\/content\/texts\/([^/]+)\.ts$/;

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
    /<script type="module" crossorigin(?:="")? src="(\/assets\/[^"]+\.js)"><\/script>/,
    (_tag, src: string) => `<script type="module">${start.replace('SRC', JSON.stringify(src))}</script>`,
  );
}

/**
 * One page: the built index.html with the locale's lang and dir, the route's head in place of the
 * template's title and description, the page's own style sheets (written in) and chunks (preloaded when the
 * app starts), and the rendered markup in #root.
 */
export function pageHtml(input: {
  template: string;
  distDir: string;
  locale: Locale;
  markup: string;
  head: string;
  styleSheets: Iterable<string>;
  preloads: Iterable<string>;
}): string {
  const { template, locale } = input;
  // Resources React hoists (an image the page shows at once, preloaded) lead its markup: they belong in
  // the head, where the browser finds them before the body.
  const hoisted = /^(?:<link\b[^>]*>)*/.exec(input.markup)![0];
  const markup = input.markup.slice(hoisted.length);
  const links = [
    ...[...input.preloads].map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...[...input.styleSheets].map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
  ];
  let html = template
    .replace(/<html\b[^>]*>/, `<html lang="${locale}" dir="${textDirection(locale)}">`)
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(new RegExp(`\\s*<meta\\b[^>]*\\b${MANAGED_ATTRIBUTE}=""[^>]*>`, 'g'), '')
    .replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  if (!html.includes('<div id="root"></div>')) throw new Error('no empty <div id="root"> in index.html');
  html = startAppAfterFirstPaint(inlineStyleSheets(html, input.distDir));
  // Replacer functions: `$` in the markup or the head is text, not a replacement pattern.
  return html
    .replace('</head>', () => `  ${[hoisted, input.head].filter(Boolean).join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}

export async function prerender(options: {
  webDir: string;
  distDir: string;
  origin: string;
  loadTexts: (locale: Locale) => SeoTexts;
  /** The locales to render (all by default). */
  locales?: readonly Locale[];
}): Promise<PrerenderedPage[]> {
  const { webDir, distDir, origin } = options;
  const locales = options.locales ?? SUPPORTED_LOCALES;
  const template = readFileSync(join(distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(distDir, CLIENT_MANIFEST), 'utf8')) as Manifest;
  const startup = chunkFiles(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]!.isEntry),
  );
  const bundle = await buildRenderer(webDir);
  const reported = globalThis as { [MODULES_GLOBAL]?: Set<string> };
  const written: PrerenderedPage[] = [];
  try {
    for (const route of PRERENDERED_ROUTES) {
      if (!PAGE_PATHS.includes(SEO_ROUTES[route].slice(1) as (typeof PAGE_PATHS)[number])) {
        console.warn(`pre-rendering: the app has no page ${SEO_ROUTES[route]}, skipped`);
        continue;
      }
      // A fresh copy of the bundle per route: the modules it reports are this route's alone.
      const modules = new Set<string>();
      reported[MODULES_GLOBAL] = modules;
      const renderer = (await import(`${pathToFileURL(bundle).href}?route=${route}`)) as Renderer;
      for (const locale of locales) {
        const page = outputFile(locale, route);
        try {
          const markup = await renderer.renderPage(page.urlPath, locale);
          const used = [...modules].filter((id) => {
            const own = LOCALE_MODULE.exec(id)?.[1];
            return own === undefined || own === locale;
          });
          const dynamic = used.filter((id) => manifest[id]?.isDynamicEntry);
          const { js, css } = chunkFiles(manifest, dynamic);
          const html = pageHtml({
            template,
            distDir,
            locale,
            markup,
            head: renderHeadHtml(
              routeHead({ pathname: page.urlPath, locale, origin, texts: options.loadTexts(locale) }),
            ),
            styleSheets: [...css].filter((href) => !startup.css.has(href)),
            preloads: [...js].filter((href) => !startup.js.has(href)),
          });
          const target = join(distDir, page.file);
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, html);
          written.push(page);
        } catch (error) {
          throw new Error(
            `pre-rendering ${page.urlPath} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
          );
        }
      }
    }
  } finally {
    delete reported[MODULES_GLOBAL];
    rmSync(dirname(bundle), { recursive: true, force: true });
  }
  return written.sort((a, b) => a.urlPath.localeCompare(b.urlPath));
}
