// A person in Chromium who forgets their password: adds an e-mail address in settings and confirms it with the
// link from the mail (a real SMTP server on loopback), signs out, follows "Forgot password?", opens the reset
// link from the next mail, sets a new password and signs in with it. The recovery pages are checked at phone
// width in Arabic (right to left) for anything wider than the screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, visitorContext } from '../support/browser.ts';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';
import { type Stack, startStack } from '../support/stack.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 780 };

describe('account recovery in the browser', () => {
  let smtp: TestSmtpServer;
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    [stack, browser] = await Promise.all([
      startStack({
        processes: ['auth', 'billing', 'jobs', 'gateway'],
        env: { SMTP_URL: smtp.url },
      }),
      launchBrowser(),
    ]);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await smtp?.close();
  });

  async function visitor(viewport = DESKTOP, locale = 'en-US'): Promise<BrowserContext> {
    // The page's CSP forbids string evaluation, which openApp's readiness wait uses; the CSP has its own tests.
    const context = await visitorContext(browser, { viewport, locale, bypassCSP: true });
    return context;
  }

  const toast = (page: Page, text: string | RegExp) =>
    page.getByRole('region', { name: 'Notifications' }).getByText(text).first();

  async function signIn(page: Page, username: string, password: string) {
    const dialog = page.getByRole('dialog', { name: 'Sign in to Pictura' });
    await dialog.waitFor();
    // No Google client on this server: the password form is the modal's way in.
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await toast(page, 'Signed in successfully').waitFor();
  }

  const userMenu = (page: Page, name: string) =>
    page.getByRole('banner').getByRole('button', { name: `Account menu for ${name}` });

  it('confirms an address in settings, then resets a forgotten password through the mailed link', {
    timeout: 180_000,
  }, async () => {
    const registered = await stack.api('POST', '/api/auth/register', undefined, {
      username: 'rosa',
      password: 'rosa first words',
    });
    expect(registered.status).toBe(201);
    const context = await visitor();
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await signIn(page, 'rosa', 'rosa first words');

    // Settings: add an address; it stays "Not verified" until the mailed link is opened.
    await openApp(page, `${stack.url}/en/settings#email`);
    const emailSection = page.getByRole('region', { name: 'E-mail address' });
    await emailSection.getByText('No address yet').waitFor();
    await emailSection.getByLabel('E-mail address').fill('rosa@example.com');
    await emailSection.getByRole('button', { name: 'Send confirmation link' }).click();
    await emailSection.getByText('Not verified').waitFor();
    const confirmation = await smtp.nextMailTo('rosa@example.com');
    expect(confirmation.subject).toBe('Confirm your e-mail address for Pictura');
    await openApp(page, linkIn(confirmation, `${stack.url}/en/verify-email?token=`));
    await page.getByText('rosa@example.com is now confirmed for your account.').waitFor();
    await page.getByRole('link', { name: 'Back to settings' }).click();
    await page
      .getByRole('region', { name: 'E-mail address' })
      .getByText('Verified', { exact: true })
      .waitFor();
    for (const name of ['Password', 'E-mail address']) {
      await page
        .getByRole('region', { name })
        .screenshot({ path: `/tmp/recovery-settings-${name.split(' ')[0]}.png` })
        .catch(() => {});
    }

    await userMenu(page, 'rosa').click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Pictura' });
    await dialog.getByRole('link', { name: 'Forgot password?' }).click();

    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Username or e-mail address').fill('rosa@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByRole('status')
      .getByText(/If an account with a confirmed e-mail address matches/)
      .waitFor();

    const mail = await smtp.nextMailTo('rosa@example.com');
    expect(mail.subject).toBe('Reset your Pictura password');
    await openApp(page, linkIn(mail, `${stack.url}/en/reset-password?token=`));
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('rosa second words');
    await page.getByLabel('Type the new password again').fill('rosa other words');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('alert').getByText('The two passwords do not match.').waitFor();
    await page.getByLabel('Type the new password again').fill('rosa second words');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page
      .getByRole('status')
      .getByText(/Your password has been changed/)
      .waitFor();

    await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
    await signIn(page, 'rosa', 'rosa second words');
    await userMenu(page, 'rosa').waitFor();
    const old = await stack.api('POST', '/api/auth/login', undefined, {
      username: 'rosa',
      password: 'rosa first words',
    });
    expect(old.status).toBe(401);
    await context.close();
  });

  it('fits the recovery pages on a phone in Arabic, right to left', { timeout: 120_000 }, async () => {
    const context = await visitor(PHONE, 'ar');
    const page = await context.newPage();
    for (const path of ['forgot-password', 'reset-password?token=x']) {
      await openApp(page, `${stack.url}/ar/${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button').last().waitFor();
      expect(await page.evaluate('document.documentElement.dir')).toBe('rtl');
      const overflow = await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `/tmp/recovery-${path.split('?')[0]}-ar-375.png`, fullPage: true });
    }
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('اختر كلمة مرور جديدة');
    await context.close();
  });
});
