// Getting API access in Chromium: a free member's settings say API keys come with Enterprise and link to
// the Enterprise form; the administrator grants a plan from the users page's dialog and Enterprise in one
// click from a sales request; the member then has API keys. Screenshots at 1280 and 375 px, English and
// Arabic, go to /tmp/plan-grants-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, visitorContext } from '../support/browser.ts';
import { type Stack, startStack } from '../support/stack.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 780 };
/** The admin pages are shot in Arabic at both widths and in English on a phone; English at 1280 below. */
const ADMIN_SHOTS = [
  ['ar', DESKTOP, 1280],
  ['ar', PHONE, 375],
  ['en', PHONE, 375],
] as const;
type Body = Record<string, unknown>;

describe('granting plans in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  const tokens = { admin: '', ines: '', omar: '' };

  const api = (method: string, path: string, token?: string, body?: unknown) =>
    stack.api<Body>(method, path, token, body);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startStack({ processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway'] }),
      launchBrowser(),
    ]);
    // The first account of a stack is the administrator.
    for (const name of ['admin', 'ines', 'omar'] as const) {
      const res = await api('POST', '/api/auth/register', undefined, {
        username: name,
        password: `${name} password`,
      });
      expect(res.status).toBe(201);
      tokens[name] = res.body.token as string;
    }
    await api('POST', '/api/support/requests', tokens.omar, {
      kind: 'sales',
      name: 'Omar',
      email: 'omar@example.com',
      company: 'Omar Ltd',
      message: 'Enterprise for our image pipeline, please.',
    });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** Opens `path` of the app signed in with `token` in a fresh browser context, and closes it after `use`. */
  async function onPage(
    token: string,
    path: string,
    use: (page: Page) => Promise<void>,
    viewport: { width: number; height: number } = DESKTOP,
  ): Promise<void> {
    const context = await visitorContext(browser, { viewport, reducedMotion: 'reduce', token });
    try {
      const page = await context.newPage();
      await openApp(page, `${stack.url}${path}`);
      await use(page);
    } finally {
      await context.close();
    }
  }

  const shoot = (page: Page, name: string) =>
    page.screenshot({ path: `/tmp/plan-grants-${name}.png`, fullPage: true });

  it('tells a free member that API keys come with Enterprise, with the way to ask', {
    timeout: 90_000,
  }, async () => {
    for (const [locale, viewport, size] of [
      ['en', DESKTOP, 1280],
      ['ar', PHONE, 375],
    ] as const) {
      await onPage(
        tokens.ines,
        `/${locale}/settings`,
        async (page) => {
          const section = page.locator('#api-keys');
          await section.locator('.api-access-notice').waitFor();
          await section.scrollIntoViewIfNeeded();
          await section.screenshot({ path: `/tmp/plan-grants-settings-${locale}-${size}.png` });
          if (locale === 'en' && size === 1280) {
            expect(await section.getByRole('textbox').count()).toBe(0);
            await section.getByRole('link', { name: 'Request Enterprise' }).click();
            await page.getByRole('dialog').waitFor();
            expect(new URL(page.url()).pathname).toBe('/en/pricing');
            await shoot(page, 'enterprise-form-en-1280');
          }
        },
        viewport,
      );
    }
  });

  it('grants a plan from the users page', { timeout: 120_000 }, async () => {
    // The dialog as it looks, in both languages and widths, before the real grant.
    for (const [locale, viewport, size] of ADMIN_SHOTS) {
      await onPage(
        tokens.admin,
        `/${locale}/admin/users`,
        async (page) => {
          await page.locator('.admin-table tbody tr').nth(2).waitFor();
          await shoot(page, `users-${locale}-${size}`);
          const row = page.locator('tr', { hasText: '@ines' });
          await row.locator('button').first().click();
          await page.getByRole('alertdialog').waitFor();
          await shoot(page, `grant-dialog-${locale}-${size}`);
        },
        viewport,
      );
    }

    await onPage(tokens.admin, '/en/admin/users', async (page) => {
      await page.getByRole('button', { name: 'Grant plan to ines' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Grant a plan to ines' });
      await dialog.getByLabel('Plan', { exact: true }).selectOption('enterprise');
      // A bad number is caught in place, before anything is sent.
      await dialog.getByLabel('Number of months (1 to 36)').fill('40');
      await dialog.getByRole('button', { name: 'Grant plan' }).click();
      await dialog.getByText('Enter a whole number of months from 1 to 36.').waitFor();
      await shoot(page, 'grant-dialog-invalid-en-1280');
      expect((await api('POST', '/api/user/api-keys', tokens.ines, { name: 'ci' })).status).toBe(403);

      await dialog.getByLabel('Number of months (1 to 36)').fill('6');
      await dialog.getByLabel('Note for administrators (optional)').fill('Pilot for the image pipeline');
      await shoot(page, 'grant-dialog-en-1280');
      await dialog.getByRole('button', { name: 'Grant plan' }).click();
      await page.getByText(/^ines now has Enterprise until /).waitFor();
      await dialog.waitFor({ state: 'detached' });
    });

    expect((await api('POST', '/api/user/api-keys', tokens.ines, { name: 'ci' })).status).toBe(201);
    // Ines's settings now show the plan as granted, and the key form instead of the notice.
    await onPage(tokens.ines, '/en/settings', async (page) => {
      await page.locator('.plan-card').getByText('Granted by an administrator').waitFor();
      await page.locator('#api-keys').getByRole('button', { name: 'Create key' }).waitFor();
      await shoot(page, 'settings-granted-en-1280');
    });
  });

  it('grants Enterprise in one click from a sales request', { timeout: 90_000 }, async () => {
    const omarsRequest = (page: Page) => page.locator('.request', { hasText: 'Omar Ltd' });
    for (const [locale, viewport, size] of ADMIN_SHOTS) {
      await onPage(
        tokens.admin,
        `/${locale}/admin`,
        async (page) => {
          const request = omarsRequest(page);
          await request.locator('.request__actions button').waitFor();
          await request.scrollIntoViewIfNeeded();
          await shoot(page, `requests-${locale}-${size}`);
        },
        viewport,
      );
    }

    await onPage(tokens.admin, '/en/admin', async (page) => {
      const request = omarsRequest(page);
      await request.getByRole('button', { name: 'Grant Enterprise to Omar' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Grant Enterprise to Omar?' });
      await shoot(page, 'requests-confirm-en-1280');
      await confirm.getByRole('button', { name: 'Grant Enterprise' }).click();
      await page.getByText('Omar now has Enterprise.').waitFor();
      await request.getByText('Enterprise granted').waitFor();
      await shoot(page, 'requests-granted-en-1280');
    });

    expect((await api('POST', '/api/user/api-keys', tokens.omar, { name: 'pipeline' })).status).toBe(201);
    const [payment] = (await api('GET', '/api/v1/payments/payments', tokens.omar)).body.items as Body[];
    expect(payment).toMatchObject({ amount: 0, provider: 'grant', plan_id: 'enterprise_grant' });
  });
});
