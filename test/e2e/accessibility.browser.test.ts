// axe-core in real Chromium on every public page, in English and in Arabic (right-to-left), at desktop and
// phone widths: no serious or critical accessibility violation anywhere.
import { readFileSync } from 'node:fs';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pageSettled, waitInPage } from '../support/browser.ts';
import { sharedStack } from '../support/shared-stack.ts';
import type { Stack } from '../support/stack.ts';

/** Every page a guest can open (spec 2), by path after the locale prefix. */
const PUBLIC_PAGES = [
  '/',
  '/features',
  '/examples',
  '/faq',
  '/pricing',
  '/privacy',
  '/terms',
  '/upscaler',
  '/community',
  '/login',
  '/register',
  '/forgot-password',
  '/about',
  '/contact',
  '/blog',
  '/cookies',
  '/payment/cancel',
  '/subscription/success',
];

/**
 * Routes in web/src/app.tsx that are not checked here, and why. A new route must land in one list or the
 * other, so no page escapes the check by being forgotten.
 */
const NOT_CHECKED: Record<string, string> = {
  '*': 'the not-found page (checked below through an unknown path)',
  'oauth-callback': 'finishes a Google sign-in and redirects',
  'auth/callback': 'finishes a Google sign-in and redirects',
  'blog/:slug': 'checked through the first post the blog lists',
  'community/post/:id': 'needs a published post',
  'reset-password': 'needs a mailed link (the account-recovery browser test walks it)',
  'verify-email': 'needs a mailed link and sign-in',
  history: 'needs sign-in',
  settings: 'needs sign-in',
  'user/posts': 'needs sign-in',
  chat: 'needs sign-in',
  'payment/success': 'needs sign-in and payment parameters',
  admin: 'administrators only',
  'admin/users': 'administrators only',
  'admin/reports': 'administrators only',
  'admin/community-stats': 'administrators only',
  'admin/content': 'administrators only',
  'admin/settings': 'administrators only',
  'admin/models': 'administrators only (axe runs on it in the admin and models browser tests)',
  'admin/support': 'administrators only (axe runs on it in the admin browser test)',
  'admin/audit': 'administrators only (axe runs on it in the admin browser test)',
};

/** The static paths the app routes today, read from its router definition. */
function appRoutePaths(): string[] {
  const source = readFileSync(new URL('../../web/src/app.tsx', import.meta.url), 'utf8');
  return [...source.matchAll(/(?:lazyPage\(|path:\s*)'([^']+)'/g)]
    .map((match) => match[1]!)
    .filter((path) => path !== '/:locale');
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Waits until the app has taken over the page and nothing has changed for a moment. */
async function settled(page: Page): Promise<void> {
  await waitInPage(
    page,
    `Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')) &&
     !!document.querySelector('main')?.textContent?.trim()`,
    { timeout: 30_000 },
  );
  await pageSettled(page, { quietMs: 400 });
}

async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axe.source); // not addScriptTag: the page's CSP refuses inline scripts
  const result = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`)) as {
    violations: Violation[];
  };
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function describeViolations(where: string, violations: Violation[]): string[] {
  return violations.map(
    (v) =>
      `${where} · ${v.impact} · ${v.id}: ${v.help} · ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : ''}`,
  );
}

describe('accessibility of every public page (axe-core)', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    // Guest pages only, nothing written: the worker's shared stack serves them.
    [stack, browser] = await Promise.all([sharedStack(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('knows every route of the app: checked here, or listed with the reason it is not', () => {
    const known = new Set([...PUBLIC_PAGES.map((path) => path.slice(1)), ...Object.keys(NOT_CHECKED)]);
    known.add('');
    const unknown = appRoutePaths().filter((path) => !known.has(path.replace(/^\//, '')));
    expect(unknown).toEqual([]);
  });

  describe.each([
    ['en', { width: 1280, height: 900 }],
    ['ar', { width: 1280, height: 900 }],
    ['en', { width: 375, height: 780 }],
    ['ar', { width: 375, height: 780 }],
  ] as const)('%s at %o', (locale, viewport) => {
    it('has no serious or critical violations on any public page', { timeout: 300_000 }, async () => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const found: string[] = [];
      // Spec pages the app does not route yet (issue 8's) would only show the not-found page, itself checked.
      const routed = new Set(appRoutePaths().map((path) => path.replace(/^\//, '')));
      const pages = PUBLIC_PAGES.filter((path) => path === '/' || routed.has(path.slice(1)));
      for (const path of [...pages, '/no-such-page']) {
        await page.goto(`${stack.url}/${locale}${path}`);
        try {
          await settled(page);
        } catch {
          found.push(`/${locale}${path} · did not finish rendering within 30 s`);
          continue;
        }
        found.push(...describeViolations(`/${locale}${path}`, await seriousViolations(page)));
        if (path === '/blog') {
          const post = page.locator(`main a[href^="/${locale}/blog/"]`).first();
          if ((await post.count()) > 0) {
            const href = (await post.getAttribute('href'))!;
            await page.goto(`${stack.url}${href}`);
            await settled(page);
            found.push(...describeViolations(href, await seriousViolations(page)));
          }
        }
      }
      // The cookie banner, the sign-in modal and (narrow) the navigation drawer, on the home page.
      await page.goto(`${stack.url}/${locale}/`);
      await settled(page);
      const signIn = page
        .locator('header')
        .getByRole('button', { name: /sign in|log ?in|تسجيل/i })
        .first();
      if ((await signIn.count()) > 0 && (await signIn.isVisible())) {
        await signIn.click();
        await page.getByRole('dialog').waitFor();
        found.push(...describeViolations(`/${locale}/ sign-in modal`, await seriousViolations(page)));
        await page.keyboard.press('Escape');
      }
      if (viewport.width < 768) {
        await page.goto(`${stack.url}/${locale}/`);
        await settled(page);
        const menu = page.locator('header button[aria-expanded]').first();
        if ((await menu.count()) > 0 && (await menu.isVisible())) {
          await menu.click();
          await settled(page);
          found.push(...describeViolations(`/${locale}/ navigation drawer`, await seriousViolations(page)));
        }
      }
      await context.close();
      expect(found).toEqual([]);
    });
  });
});
