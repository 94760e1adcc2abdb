// The build's pre-rendering runs in Node with React alone: no browser is needed (or found: CHROMIUM_PATH
// points nowhere) to write every marketing page as complete, localised HTML. Builds the client into a
// folder of its own and pre-renders Arabic (right to left) and English from it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineCode } from '../../services/gateway/src/security-headers.ts';
import { type PrerenderedPage, prerender } from '../../web/scripts/prerender.ts';
import { type Locale, SUPPORTED_LOCALES } from '../../web/src/i18n/locale.ts';
import { PRERENDERED_ROUTES, SEO_ROUTES, type SeoTexts } from '../../web/src/seo/route-head.ts';

const webDir = fileURLToPath(new URL('../../web/', import.meta.url));
const ORIGIN = 'https://pictura.example';
const texts = (locale: Locale): SeoTexts =>
  JSON.parse(readFileSync(join(webDir, `src/seo/texts/${locale}.json`), 'utf8'));

describe('pre-rendering in Node', () => {
  let distDir: string;
  let pages: PrerenderedPage[];
  const html = (file: string) => readFileSync(join(distDir, file), 'utf8');

  beforeAll(async () => {
    process.env.CHROMIUM_PATH = '/nonexistent';
    distDir = mkdtempSync(join(tmpdir(), 'pictura-prerender-'));
    // The client build, as `npm run build -w @pictura/web` makes it, into a folder of its own.
    execFileSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: webDir,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    pages = await prerender({ webDir, distDir, origin: ORIGIN, loadTexts: texts, locales: ['ar', 'en'] });
  }, 240_000);
  afterAll(() => {
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  it('writes every marketing route of each locale', () => {
    expect(pages.map((page) => page.urlPath).sort()).toEqual(
      (['ar', 'en'] as const)
        .flatMap((locale) =>
          PRERENDERED_ROUTES.map((route) =>
            route === 'home' ? `/${locale}/` : `/${locale}${SEO_ROUTES[route]}`,
          ),
        )
        .sort(),
    );
  });

  it('gives Arabic pages dir="rtl", their Arabic head and their rendered content', () => {
    const ar = texts('ar');
    for (const route of PRERENDERED_ROUTES) {
      const path = route === 'home' ? '/ar/' : `/ar${SEO_ROUTES[route]}`;
      const page = html(pages.find((entry) => entry.urlPath === path)!.file);
      const url = `${ORIGIN}${path}`;
      expect(/<html[^>]*>/.exec(page)?.[0], path).toBe('<html lang="ar" dir="rtl">');
      const titles = [...page.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]);
      expect(titles, path).toEqual([ar.pages[route].title]);
      expect(ar.pages[route].title, path).toMatch(/[\u0600-\u06ff]/);
      expect(/<link rel="canonical" href="([^"]*)"/.exec(page)?.[1], path).toBe(url);
      const alternates = [...page.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)];
      expect(
        alternates.map((match) => match[1]),
        path,
      ).toEqual([...SUPPORTED_LOCALES, 'x-default']);
      expect(alternates.find((match) => match[1] === 'en')?.[2], path).toBe(url.replace('/ar', '/en'));
      const jsonLd = [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)];
      expect(jsonLd, path).toHaveLength(1);
      const graph = JSON.parse(jsonLd[0]![1]!)['@graph'] as { inLanguage?: string }[];
      expect(graph.length, path).toBeGreaterThan(0);
      expect(/<meta property="og:locale" content="([^"]*)"/.exec(page)?.[1], path).toBe('ar_AR');
      // The page itself, in Arabic, inside #root: a heading in <main>, the shell around it.
      const main = /<main\b[^>]*>([\s\S]*?)<\/main>/.exec(page)?.[1] ?? '';
      const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(main)?.[1]?.replace(/<[^>]+>/g, '') ?? '';
      expect(heading, path).toMatch(/[\u0600-\u06ff]/);
      // The shell, marked as rendered at build time (phone-width CSS folds its navigation until the app starts).
      expect(/<div id="root">(<[^>]*>)/.exec(page)?.[1], path).toBe(
        '<div class="app-shell app-shell--prerendered">',
      );
    }
  });

  it('needs no request to paint and nothing the page policy would refuse', () => {
    const page = html('ar/faq/index.html');
    // Style sheets written in; the links that stay are disabled.
    expect(page.match(/<link\b(?![^>]*\bdisabled)[^>]*rel="stylesheet"[^>]*>/g) ?? []).toEqual([]);
    expect(/<style data-href="(\/assets\/[^"]+\.css)">/.exec(page)?.[1]).toBeTruthy();
    // No script but the theme script, the app's start and the structured data: no React streaming
    // scripts, which a hashed policy would have to allow as well.
    expect(inlineCode(page).scripts).toHaveLength(3);
    expect(page.includes('$RC')).toBe(false);
    const start = /<script type="module">([^<]*)<\/script>/.exec(page)?.[1] ?? '';
    expect(start).toMatch(/^let started = false;.*import\("\/assets\/[^"]+\.js"\)/);
  });

  it('renders the controls that must work before the app starts: language links, cookie choices', () => {
    const page = html('en/faq/index.html');
    const banner = /<section class="cookie-banner"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
    expect(banner).toContain('data-cookie-choice="accepted"');
    expect(banner).toContain('data-cookie-choice="declined"');
    // Each language is a link to this page in it, marked with its language.
    const header = /<header class="topbar">[\s\S]*?<\/header>/.exec(page)?.[0] ?? '';
    const links = [...header.matchAll(/<a\b[^>]*>/g)]
      .map(([tag]) => [/hreflang="([^"]+)"/i.exec(tag)?.[1], /href="([^"]+)"/.exec(tag)?.[1]])
      .filter(([hreflang]) => hreflang);
    expect(links).toEqual(SUPPORTED_LOCALES.map((locale) => [locale, `/${locale}/faq`]));
  });
});
