// The Security check dialog in Chromium against the real processes: a sign-in that the server answers with
// challenge_required opens the dialog, the page solves the proof of work in Web Workers, sends the sign-in
// again with the solution, and the person is signed in without doing anything more.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, visitorContext } from '../support/browser.ts';
import { type Stack, startStack } from '../support/stack.ts';

const PASSWORD = 'rosalind secret words';

describe('the security check in a real browser', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startStack({
        processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway'],
        // One failure of an (account, address) pair is enough to ask that address for the check.
        env: { AUTH_SIGN_IN_FAILURES_BEFORE_CHECK: '1' },
      }),
      launchBrowser(),
    ]);
    const res = await stack.api('POST', '/api/auth/register', undefined, {
      username: 'rosalind',
      password: PASSWORD,
    });
    expect(res.status).toBe(201);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A wrong password from this machine's address: its next sign-in is asked for the check. */
  async function failOnce() {
    const res = await stack.api('POST', '/api/auth/login', undefined, {
      username: 'rosalind',
      password: 'not the password',
    });
    expect(res.status).toBe(401);
    const asked = await stack.api('POST', '/api/auth/login', undefined, {
      username: 'rosalind',
      password: PASSWORD,
    });
    expect(asked).toMatchObject({ status: 403, body: { error: 'challenge_required' } });
  }

  async function visitor(
    viewport: { width: number; height: number },
    locale: string,
  ): Promise<BrowserContext> {
    const context = await visitorContext(browser, { viewport, locale });
    return context;
  }

  // No Google client on this server: the modal offers the password form itself.
  async function fillSignIn(page: Page, names: { dialog: string; submit: string }) {
    const dialog = page.getByRole('dialog', { name: names.dialog });
    await dialog.waitFor();
    await dialog.locator('input[autocomplete="username"]').fill('rosalind');
    await dialog.locator('input[type="password"]').fill(PASSWORD);
    await dialog.getByRole('button', { name: names.submit, exact: true }).click();
  }

  it('opens the dialog on challenge_required, solves it and signs the person in', {
    timeout: 120_000,
  }, async () => {
    await failOnce();
    const context = await visitor({ width: 1280, height: 900 }, 'en-US');
    const page = await context.newPage();
    const challenges: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/security-check/challenge')) challenges.push(response.status());
    });
    const logins: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/login')) logins.push(response.status());
    });
    await openApp(page, `${stack.url}/en/login`);
    await fillSignIn(page, {
      dialog: 'Sign in to Pictura',
      submit: 'Sign in',
    });
    // Signed in: the account menu shows and the token is stored, after one check and one retry.
    await page.getByRole('banner').getByRole('button', { name: 'Account menu for rosalind' }).waitFor();
    expect(await page.evaluate("localStorage.getItem('token')")).toBeTruthy();
    expect(challenges).toEqual([200]);
    expect(logins).toEqual([403, 200]);
    expect(await page.getByRole('dialog', { name: 'Security check' }).count()).toBe(0);
    await context.close();
  });

  it('shows the dialog in Arabic, right to left, on a phone, with progress and focus inside', {
    timeout: 120_000,
  }, async () => {
    await failOnce();
    const context = await visitor({ width: 375, height: 740 }, 'ar');
    const page = await context.newPage();
    // Hold the challenge until the dialog has been looked at, so its first state can be checked.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/security-check/challenge', async (route) => {
      await held;
      await route.continue();
    });
    await openApp(page, `${stack.url}/ar/login`);
    await fillSignIn(page, {
      dialog: 'سجّل الدخول إلى Pictura',
      submit: 'تسجيل الدخول',
    });
    const check = page.getByRole('dialog', { name: 'فحص الأمان' });
    await check.waitFor();
    await check.getByText('نتحقق من أنك شخص حقيقي…').waitFor();
    expect(await check.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(await page.evaluate('document.documentElement.dir')).toBe('rtl');
    expect(
      await page.evaluate(
        "document.querySelector('[data-testid=security-check-dialog]').contains(document.activeElement)",
      ),
    ).toBe(true);
    const box = (await check.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '/tmp/security-check-ar-375.png' }).catch(() => {});
    release();
    await check.waitFor({ state: 'detached' });
    await page
      .getByRole('banner')
      .getByRole('button', { name: /rosalind/ })
      .waitFor();
    expect(await page.evaluate("localStorage.getItem('token')")).toBeTruthy();
    await context.close();
  });
});
