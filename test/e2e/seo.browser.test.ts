// What a crawler and a link preview see: every marketing page of every locale as complete HTML without
// JavaScript (title, description, social cards, structured data, canonical and alternate links under the
// site's own address), the sitemap and robots.txt; and, with JavaScript, a head that follows the route. The
// pages are rendered by React in Node at build time (test/build/prerender.test.ts runs that step alone); the
// language links and the cookie banner's buttons work before the app's script has run.
import { readFileSync } from 'node:fs';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Locale, SUPPORTED_LOCALES } from '../../web/src/i18n/locale.ts';
import {
  PRERENDERED_ROUTES,
  SEO_ROUTES,
  type SeoRoute,
  type SeoTexts,
} from '../../web/src/seo/route-head.ts';
import { registerUser } from '../support/accounts.ts';
import { appStarted, launchBrowser, waitInPage } from '../support/browser.ts';
import { type Stack, startStack } from '../support/stack.ts';

const texts = (locale: Locale): SeoTexts =>
  JSON.parse(readFileSync(new URL(`../../web/src/seo/texts/${locale}.json`, import.meta.url), 'utf8'));

const pathOf = (locale: Locale, route: SeoRoute) => `/${locale}${SEO_ROUTES[route]}`;

interface HeadFacts {
  lang: string;
  dir: string;
  title: string;
  description: string[];
  canonical: string[];
  alternates: [string, string][];
  og: Record<string, string>;
  twitterCard: string | null;
  robots: string | null;
  jsonLd: string[];
  heading: string;
  blockingStyleSheets: number;
}

/** Reads the head and the first heading of the document as loaded (works with JavaScript off). */
function headFacts(page: Page): Promise<HeadFacts> {
  return page.evaluate(`(() => {
    const all = (selector, attribute) => [...document.querySelectorAll(selector)].map((e) => e.getAttribute(attribute));
    return {
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      title: document.title,
      description: all('meta[name="description"]', 'content'),
      canonical: all('link[rel="canonical"]', 'href'),
      alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((e) => [e.getAttribute('hreflang'), e.getAttribute('href')]),
      og: Object.fromEntries([...document.querySelectorAll('meta[property^="og:"]')].filter((e) => e.getAttribute('property') !== 'og:locale:alternate').map((e) => [e.getAttribute('property'), e.getAttribute('content')])),
      twitterCard: document.querySelector('meta[name="twitter:card"]')?.getAttribute('content') ?? null,
      robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((e) => e.textContent),
      heading: document.querySelector('main h1')?.textContent?.trim() ?? '',
      blockingStyleSheets: document.querySelectorAll('link[rel="stylesheet"]:not([disabled])').length,
    };
  })()`);
}

type Node = Record<string, unknown>;
const graphOf = (facts: HeadFacts): Node[] =>
  facts.jsonLd.flatMap((text) => JSON.parse(text)['@graph'] as Node[]);

describe('search and sharing', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('serves every marketing page of every locale as complete HTML, without JavaScript', {
    timeout: 240_000,
  }, async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const locale of SUPPORTED_LOCALES) {
      const localeTexts = texts(locale);
      for (const route of PRERENDERED_ROUTES) {
        const path = pathOf(locale, route);
        const response = await page.goto(`${stack.url}${path}`);
        const facts = await headFacts(page);
        const url = `${stack.url}${path}`;
        if (facts.canonical.length === 0 && !facts.heading) {
          problems.push(`${path}: not pre-rendered (the SPA shell was served)`);
          continue;
        }
        const check = (what: string, actual: unknown, expected: unknown) => {
          if (JSON.stringify(actual) !== JSON.stringify(expected))
            problems.push(`${path} ${what}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
        };
        check('status', response?.status(), 200);
        check('lang', [facts.lang, facts.dir], [locale, locale === 'ar' ? 'rtl' : 'ltr']);
        check('title', facts.title, localeTexts.pages[route].title);
        check('description', facts.description, [localeTexts.pages[route].description]);
        check('canonical', facts.canonical, [url]);
        check(
          'alternates',
          facts.alternates,
          [...SUPPORTED_LOCALES, 'x-default'].map((hreflang) => [
            hreflang,
            `${stack.url}${pathOf(hreflang === 'x-default' ? 'en' : (hreflang as Locale), route)}`,
          ]),
        );
        check('og:url', facts.og['og:url'], url);
        check('og:title', facts.og['og:title'], localeTexts.pages[route].title);
        check('og:image', facts.og['og:image'], `${stack.url}/og-image.png`);
        check('twitter:card', facts.twitterCard, 'summary_large_image');
        check('robots', facts.robots, null);
        check('structured data blocks', facts.jsonLd.length, 1);
        // Styles are in the page: the first paint waits for no other request.
        check('render-blocking style sheets', facts.blockingStyleSheets, 0);
        // The page's own content is in the HTML: a crawler or a first paint needs no script.
        if (!facts.heading) problems.push(`${path}: no <h1> in <main> without JavaScript`);
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it('describes the offers (0 to 24 USD, 3 offers), the organisation and the FAQ as structured data', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const en = texts('en');
    await page.goto(`${stack.url}/en/`);
    const home = graphOf(await headFacts(page));
    expect(home.map((node) => node['@type'])).toEqual(['Organization', 'WebSite', 'WebApplication']);
    expect(home[0]).toMatchObject({ name: 'Pictura', url: `${stack.url}/` });

    await page.goto(`${stack.url}/en/faq`);
    const [faq] = graphOf(await headFacts(page));
    expect(faq?.['@type']).toBe('FAQPage');
    expect((faq!.mainEntity as { name: string }[]).map((q) => q.name)).toEqual(en.faq.map((q) => q.question));

    // The card image and icons named in the head exist.
    for (const path of ['/og-image.png', '/icons/icon-512.png', '/manifest.webmanifest']) {
      expect((await fetch(`${stack.url}${path}`)).status, path).toBe(200);
    }
    // The offers, on the home page and on /pricing.
    for (const route of ['home', 'pricing'] as const) {
      await page.goto(`${stack.url}${pathOf('en', route)}`);
      const graph = graphOf(await headFacts(page));
      const app = graph.find((node) => node['@type'] === 'WebApplication');
      expect(app?.offers, route).toMatchObject({
        '@type': 'AggregateOffer',
        lowPrice: 0,
        highPrice: 24,
        offerCount: 3,
        priceCurrency: 'USD',
      });
    }
    await context.close();
  });

  it("lists every locale's marketing pages in sitemap.xml, which robots.txt points to", async () => {
    const sitemap = await (await fetch(`${stack.url}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs.sort()).toEqual(
      SUPPORTED_LOCALES.flatMap((locale) =>
        PRERENDERED_ROUTES.map((route) => `${stack.url}${pathOf(locale, route)}`),
      ).sort(),
    );
    expect(sitemap).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${stack.url}/en/faq"/>`,
    );
    const robots = await (await fetch(`${stack.url}/robots.txt`)).text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).toContain(`Sitemap: ${stack.url}/sitemap.xml`);
  });

  it('keeps the pre-rendered page on screen while the app starts, then keeps the head in step', {
    timeout: 90_000,
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Every change to the page, from the first parse on: was the heading ever gone?
    await context.addInitScript(`
      window.__headingMissing = [];
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver(() => {
          if (!document.querySelector('#root main h1')) window.__headingMissing.push(performance.now());
        }).observe(document.documentElement, { subtree: true, childList: true });
      });
    `);
    const page = await context.newPage();
    const de = texts('de');
    await page.goto(`${stack.url}/de/faq`);
    await appStarted(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate('window.__headingMissing')).toEqual([]);
    expect((await headFacts(page)).title).toBe(de.pages.faq.title);

    // A client-side navigation (no page load) updates title, description, canonical, alternates.
    await page.evaluate('window.__samePage = true');
    await page.locator(`a[href="/de/features"]:visible`).first().click();
    await expect.poll(() => page.title()).toBe(de.pages.features.title);
    expect(await page.evaluate('window.__samePage')).toBe(true);
    const features = await headFacts(page);
    expect(features.canonical).toEqual([`${stack.url}/de/features`]);
    expect(features.description).toEqual([de.pages.features.description]);
    expect(features.alternates).toHaveLength(17);
    expect(graphOf(features)).toHaveLength(1);

    // A payment page is kept out of search results (a guest may open it; personal pages send a guest
    // home to sign in first, so their head is never on show to a crawler).
    await page.evaluate(
      `history.pushState(null, '', '/de/payment/cancel'); dispatchEvent(new PopStateEvent('popstate'))`,
    );
    await expect.poll(async () => (await headFacts(page)).robots).toBe('noindex');
    const payment = await headFacts(page);
    expect(payment.canonical).toEqual([]);
    expect(payment.alternates).toEqual([]);
    await context.close();
  });

  it('takes over every pre-rendered page without drawing it again, then shows what the visitor stored', {
    timeout: 240_000,
  }, async () => {
    // The first account is the administrator: registered first, so the visitor below is a plain user.
    await registerUser(stack, 'hydration-admin');
    const visitor = await registerUser(stack, 'hydration-visitor');
    const me = await stack.api<{ user: unknown }>('GET', '/api/auth/me', visitor.token);
    const stored = `
      localStorage.setItem('token', ${JSON.stringify(visitor.token)});
      localStorage.setItem('cached_user_data', ${JSON.stringify(JSON.stringify(me.body.user))});
      localStorage.setItem('cookieConsent', 'declined');
      localStorage.setItem('theme', 'light');
      localStorage.setItem('sideNavCollapsed', 'true');`;
    const mismatches: string[] = [];
    for (const [viewport, visit] of [
      [{ width: 375, height: 780 }, ''],
      [{ width: 1280, height: 900 }, stored],
      [{ width: 375, height: 780 }, stored],
    ] as const) {
      const context = await browser.newContext({ viewport });
      await context.addInitScript(`${visit}
        document.addEventListener('DOMContentLoaded', () => {
          window.__preRendered = document.querySelector('#root main h1');
        });`);
      for (const locale of ['en', 'ar'] as const) {
        for (const route of PRERENDERED_ROUTES) {
          const page = await context.newPage();
          const where = `${viewport.width} px${visit ? ', stored choices' : ''}, ${pathOf(locale, route)}`;
          page.on('console', (message) => {
            if (message.type() === 'error' && message.text().includes('did not match')) {
              mismatches.push(`${where}: ${message.text()}`);
            }
          });
          await page.goto(`${stack.url}${pathOf(locale, route)}`);
          await appStarted(page);
          // Hydrated: the heading the browser parsed is the one on screen (a fresh render replaces it).
          expect(await page.evaluate('window.__preRendered?.isConnected'), where).toBe(true);
          // One render later, the shell is this visitor's.
          const shell = page.locator('.app-shell');
          await expect
            .poll(() => shell.getAttribute('class'), { message: where })
            .not.toContain('app-shell--prerendered');
          if (viewport.width < 768)
            expect(await shell.getAttribute('class'), where).toContain('--nav-collapsed');
          if (visit) {
            await page.locator('header .user-menu').waitFor();
            expect(await page.locator('.cookie-banner').count(), where).toBe(0);
            expect(await page.getAttribute('html', 'data-theme'), where).toBe('light');
          } else {
            await page.locator('.cookie-banner').waitFor();
          }
          await page.close();
        }
      }
      await context.close();
    }
    expect(mismatches).toEqual([]);
  });

  it('keeps a language or cookie choice made before the app has started', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The app's scripts are held back until released: what shows is the pre-rendered page alone.
    const held: Route[] = [];
    let holding = true;
    await context.route('**/assets/*.js', (route) => {
      if (holding) held.push(route);
      else void route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${stack.url}/en/faq`);
    const banner = page.locator('.cookie-banner');
    await banner.waitFor();
    const started = () => page.evaluate('window.__picturaReady === true');
    expect(await started()).toBe(false);

    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'hidden' });
    expect(await page.evaluate("localStorage.getItem('cookieConsent')")).toBe('accepted');

    // The language switcher's links lead to the page in the other language, no script needed.
    await page.locator('header .language-switcher summary').click();
    await page.getByRole('banner').getByRole('link', { name: 'العربية' }).click();
    await page.waitForURL(`${stack.url}/ar/faq`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await page.getByRole('heading', { level: 1, name: 'الأسئلة الشائعة' }).waitFor();
    expect(await page.locator('.cookie-banner').isVisible()).toBe(false);
    expect(await started()).toBe(false);
    expect(held.length).toBeGreaterThan(0);

    // The app starts: both choices hold.
    holding = false;
    for (const route of held.splice(0)) await route.continue().catch(() => {});
    await appStarted(page);
    await waitInPage(page, "localStorage.getItem('userLocale') === 'ar'");
    expect(page.url()).toBe(`${stack.url}/ar/faq`);
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.locator('.cookie-banner').count()).toBe(0);
    expect(await page.evaluate("localStorage.getItem('cookieConsent')")).toBe('accepted');
    await context.close();
  });
});
