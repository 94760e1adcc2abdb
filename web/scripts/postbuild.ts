// Runs after `vite build` (web/package.json "build"): the offline worker, sitemap.xml and robots.txt, the
// pre-rendered pages, and the manifest through which the gateway serves them under its own origin.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '../src/i18n/locale.ts';
import { PAGE_PARAMS, PAGE_PATHS } from '../src/page-paths.ts';
import type { SeoTexts } from '../src/seo/route-head.ts';
import { buildServiceWorker } from './build-service-worker.ts';
import { precompress } from './precompress.ts';
import { prerender } from './prerender.ts';
import { BUILD_ORIGIN } from './site-origin.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(webDir, 'dist');
const started = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

await buildServiceWorker(webDir);
writeFileSync(join(distDir, 'sitemap.xml'), sitemapXml(BUILD_ORIGIN));
writeFileSync(
  join(distDir, 'robots.txt'),
  robotsTxt(readFileSync(join(webDir, 'public/robots.txt'), 'utf8'), BUILD_ORIGIN),
);

// Rendered by React in Node: every machine that builds writes the same pages, no browser needed.
const renderStarted = performance.now();
const pages = await prerender({
  webDir,
  distDir,
  origin: BUILD_ORIGIN,
  loadTexts: (locale: Locale) =>
    JSON.parse(readFileSync(join(webDir, `src/seo/texts/${locale}.json`), 'utf8')) as SeoTexts,
});
console.log(`pre-rendered ${pages.length} pages in ${seconds(renderStarted)}`);
// The client build's manifest served its purpose; it is not for the site's visitors.
rmSync(join(distDir, '.vite'), { recursive: true, force: true });

const files: Record<string, string> = { '/sitemap.xml': 'sitemap.xml', '/robots.txt': 'robots.txt' };
for (const page of pages) files[page.urlPath] = page.file;
writeFileSync(
  join(distDir, 'prerender-manifest.json'),
  `${JSON.stringify({ origin: BUILD_ORIGIN, files }, null, 2)}\n`,
);
// The app's pages, so the gateway answers 404 for any other address (services/gateway/src/routes/web.routes.ts).
writeFileSync(
  join(distDir, 'route-manifest.json'),
  `${JSON.stringify({ pages: PAGE_PATHS, params: PAGE_PARAMS }, null, 2)}\n`,
);
const compressStarted = performance.now();
const compressed = precompress(distDir);
console.log(`compressed ${compressed} files in ${seconds(compressStarted)}`);
console.log(`post-build done in ${seconds(started)}`);
