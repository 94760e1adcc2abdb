// The security headers as Chromium enforces them: every main page, signed out, signed in and as the
// administrator, runs under its Content-Security-Policy without a single violation (so the policy allows
// exactly what the pages use); another site cannot frame the admin console; and an address that is no
// page, or a post that is not there, answers 404 with the app's not-found page.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedItem, publishPost, registerUser } from '../support/accounts.ts';
import { launchBrowser, openApp } from '../support/browser.ts';
import { type Stack, startStack } from '../support/stack.ts';

/** Collects what the page's policy blocked: the DOM's violation events and Chromium's console reports. */
const WATCH_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI + ' ' + (event.sample || ''));
  });`;

describe('security headers in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let attacker: Server;
  let attackerUrl = '';
  const tokens = { admin: '', alice: '' };
  let postId = '';
  const consoleReports: string[] = [];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    tokens.admin = (await registerUser(stack, 'root')).token; // the first account is the administrator
    tokens.alice = (await registerUser(stack, 'alice')).token;
    const item = await generatedItem(stack, tokens.alice, {
      prompt: 'a harbour at dawn with fishing boats',
      seed: 5,
    });
    postId = await publishPost(stack, tokens.alice, {
      historyId: item.id,
      title: 'Harbour at dawn',
      tags: ['harbour'],
    });
    // Another site, on another loopback origin, that tries to show the admin console in a frame.
    attacker = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>elsewhere</title><iframe src="${stack.url}/en/admin"></iframe>`);
    });
    attacker.listen(0, 'localhost');
    await once(attacker, 'listening');
    const address = attacker.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    attackerUrl = `http://localhost:${address.port}/`;
  }, 300_000);

  afterAll(async () => {
    attacker?.close();
    await browser?.close();
    await stack?.stop();
  });

  async function session(token?: string): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(
      `localStorage.setItem('cookieConsent', 'declined');${token ? ` localStorage.setItem('token', ${JSON.stringify(token)});` : ''}${WATCH_VIOLATIONS}`,
    );
    return context;
  }

  function watchConsole(page: Page) {
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) {
        consoleReports.push(`${page.url()}: ${message.text()}`);
      }
    });
  }

  /** Visits each page until its content is in, and returns what its policy blocked on the way. */
  async function violationsOn(page: Page, paths: string[]): Promise<string[]> {
    const found: string[] = [];
    for (const path of paths) {
      await openApp(page, `${stack.url}${path}`);
      await page.locator('main h1, main h2').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const seen = (await page.evaluate('window.__cspViolations')) as string[];
      found.push(...seen.map((violation) => `${path}: ${violation}`));
    }
    return found;
  }

  // Ten and nine page visits, each waiting for the network to fall quiet: a budget for the visits, not the
  // default 30 s for one step (on two busy cores a visit takes up to 4 s).
  it('runs every main page with no policy violation, as a guest', { timeout: 120_000 }, async () => {
    const context = await session();
    const page = await context.newPage();
    watchConsole(page);
    const violations = await violationsOn(page, [
      '/en/',
      '/ar/',
      '/en/community',
      `/en/community/post/${postId}`,
      '/en/pricing',
      '/en/login',
      '/en/register',
      '/en/upscaler',
      '/en/faq',
      '/en/no-such-page',
    ]);
    expect(violations).toEqual([]);
    expect(consoleReports).toEqual([]);
    await context.close();
  });

  it('runs the signed-in and admin pages with no policy violation', { timeout: 120_000 }, async () => {
    for (const [token, paths] of [
      [
        tokens.alice,
        ['/en/', '/en/history', '/en/settings', '/en/user/posts', `/en/community/post/${postId}`],
      ],
      [tokens.admin, ['/en/admin', '/en/admin/users', '/en/admin/settings', '/en/admin/models']],
    ] as const) {
      const context = await session(token);
      const page = await context.newPage();
      watchConsole(page);
      expect(await violationsOn(page, [...paths])).toEqual([]);
      await context.close();
    }
    expect(consoleReports).toEqual([]);
  });

  it('runs the API docs under their own policy with no violation', async () => {
    const context = await session();
    const page = await context.newPage();
    watchConsole(page);
    const res = await page.goto(`${stack.url}/api/docs/`);
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('.swagger-ui .info .title').waitFor({ timeout: 30_000 });
    await page.locator('.opblock').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate('window.__cspViolations')).toEqual([]);
    expect(consoleReports).toEqual([]);
    await context.close();
  });

  it('keeps the admin console out of another site’s frame', async () => {
    const context = await session(tokens.admin);
    const page = await context.newPage();
    const refused = page.waitForEvent('console', {
      predicate: (message) => /frame-ancestors/.test(message.text()),
      timeout: 30_000,
    });
    await page.goto(attackerUrl);
    await refused;
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    // Chromium puts its own error page in place of the refused document: nothing of ours rendered.
    expect(frame?.url() ?? '').not.toContain('/en/admin');
    await context.close();
  });

  it('answers an address that is no page 404 and shows the app’s not-found page', async () => {
    const context = await session();
    const page = await context.newPage();
    const res = await page.goto(`${stack.url}/en/no-such-page`);
    expect(res?.status()).toBe(404);
    await expect
      .poll(() => page.locator('main h1').textContent(), { timeout: 30_000 })
      .toBe('Page not found');
    expect((await page.goto(`${stack.url}/en/blog/no-such-post`))?.status()).toBe(404);
    for (const path of [
      '/en/community',
      `/en/community/post/${postId}`,
      '/en/pricing',
      '/history',
      '/en/blog/welcome-to-pictura',
    ]) {
      expect((await page.goto(`${stack.url}${path}`))?.status(), path).toBe(200);
    }
    await context.close();
  });

  it('answers a post that is not there, or a malformed post id, with 404', async () => {
    const context = await session();
    const page = await context.newPage();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-post']) {
      const res = await page.goto(`${stack.url}/en/community/post/${id}`);
      expect(res?.status(), id).toBe(404);
      expect(res?.headers()['content-type'], id).toMatch(/^text\/html/);
    }
    await context.close();
  });
});
