// A person in Chromium buying a plan on the real stack in test mode: a guest is asked to sign in first; a
// signed-in free user sees the upgrade banner, pays for Premium on the built-in test checkout page with the
// test card the pricing page shows, lands on a verified payment success page, and the banner is gone.
// Also: yearly prices, a tampered return, the test reset, contact sales, and axe in English and Arabic.
import { TEST_CARD_DISPLAY } from '@pictura/common/test-card';
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, visitorContext } from '../support/browser.ts';
import { type Stack, startStack } from '../support/stack.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 780 };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describe('pricing and payments in a real browser (test mode)', () => {
  let stack: Stack;
  let browser: Browser;
  const tokens: Record<'admin' | 'buyer' | 'guestToBe', string> = { admin: '', buyer: '', guestToBe: '' };
  /** The address the test checkout sent the buyer back to, with its signed return parameters. */
  let successUrl = '';

  beforeAll(async () => {
    // Test mode on (billing's PAYMENTS_TEST_MODE): the built-in provider with its test card page. The site
    // is reached as 127.0.0.1 (PUBLIC_URL) and as localhost, both allowed origins.
    [stack, browser] = await Promise.all([
      startStack({
        env: ({ port }) => ({ PAYMENTS_TEST_MODE: 'true', ALLOWED_ORIGINS: `http://localhost:${port}` }),
      }),
      launchBrowser(),
    ]);
    // The first account is the administrator; the buyers come after.
    for (const name of ['admin', 'buyer', 'guestToBe'] as const) {
      const res = await stack.api<{ token: string }>('POST', '/api/auth/register', undefined, {
        username: `${name.toLowerCase()}-${Date.now().toString(36)}`,
        password: `${name} password 1`,
      });
      expect(res.status).toBe(201);
      tokens[name] = res.body.token;
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /**
   * A visitor who already answered the cookie banner; signed in when given a token. Every toast shown is
   * recorded in window.__toasts, so a test can tell which never appeared.
   */
  async function visitor(viewport = DESKTOP, token?: string): Promise<BrowserContext> {
    const context = await visitorContext(browser, { viewport, reducedMotion: 'reduce' });
    await context.addInitScript(`
      window.__toasts = [];
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver((changes) => {
          for (const change of changes)
            for (const node of change.addedNodes)
              if (node instanceof Element && node.matches('.toast')) window.__toasts.push(node.textContent);
        }).observe(document.body, { subtree: true, childList: true });
      });
    `);
    if (token) {
      const me = await stack.api<{ user: unknown }>('GET', '/api/auth/me', token);
      await context.addInitScript(
        `localStorage.setItem('token', ${JSON.stringify(token)});
         localStorage.setItem('cached_user_data', ${JSON.stringify(JSON.stringify(me.body.user))});`,
      );
    }
    return context;
  }

  async function shoot(page: Page, name: string) {
    await page.screenshot({ path: `/tmp/payments-${name}.png`, fullPage: true }).catch(() => {});
  }

  const planCard = (page: Page, name: string) => page.getByRole('article', { name });
  const toastsShown = (page: Page) => page.evaluate('window.__toasts') as Promise<string[]>;
  /** The page's controls (buttons, links, fields) that a shown toast covers, by name. */
  const coveredByToasts = (page: Page) =>
    page.evaluate(`(() => {
      const covered = [];
      for (const toast of document.querySelectorAll('.toasts .toast')) {
        const t = toast.getBoundingClientRect();
        for (const control of document.querySelectorAll('button, a[href], input, select, textarea, [role=slider]')) {
          if (toast.contains(control)) continue;
          const c = control.getBoundingClientRect();
          if (c.width && c.height && c.left < t.right && c.right > t.left && c.top < t.bottom && c.bottom > t.top)
            covered.push(control.getAttribute('aria-label') || control.textContent.trim());
        }
      }
      return covered;
    })()`) as Promise<string[]>;

  it('shows monthly and yearly prices with the saving, and the test card', { timeout: 60_000 }, async () => {
    const context = await visitor();
    // The page is pre-rendered: its heading and plans are there from the first parse and never go away
    // while the app takes over.
    await context.addInitScript(`
      window.__pricingMissing = [];
      document.addEventListener('DOMContentLoaded', () => {
        const check = () => {
          if (!document.querySelector('#root main h1') || document.querySelectorAll('#root main article').length !== 4)
            window.__pricingMissing.push(performance.now());
        };
        check();
        new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true });
      });
    `);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/pricing`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate('window.__pricingMissing')).toEqual([]);
    for (const name of ['Free', 'Premium', 'Ultimate', 'Enterprise']) {
      await planCard(page, name).waitFor();
    }
    expect(await planCard(page, 'Premium').textContent()).toContain('$12/ month');
    expect(await planCard(page, 'Ultimate').textContent()).toContain('$24/ month');
    expect(await planCard(page, 'Enterprise').getByRole('button', { name: 'Contact sales' }).count()).toBe(1);
    // One saving figure, computed from the prices: $100 instead of 12 × $12 saves 30 % (rounded down), on
    // the toggle, the cards and in the FAQ alike.
    const yearly = page.getByRole('radio', { name: 'Yearly Save 30%' });
    expect(await page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
    await yearly.check();
    expect(await yearly.isChecked()).toBe(true);
    const premium = (await planCard(page, 'Premium').textContent()) ?? '';
    expect(premium).toContain('$100/ year');
    expect(premium).toContain('$8.33 a month, billed yearly');
    expect(premium).toContain('You save $44 a year (30%)');
    expect(await planCard(page, 'Ultimate').textContent()).toContain('$200/ year');
    expect(await planCard(page, 'Ultimate').textContent()).toContain('You save $88 a year (30%)');
    expect(await page.locator('#pricing-faq-yearly').textContent()).toContain('saves at least 30%');

    // Test mode (the plans say so): the card to pay with, any expiry and CVV; no reset for a guest.
    const testMode = page.getByRole('region', { name: /Test mode/ });
    await testMode.waitFor();
    expect(await testMode.textContent()).toContain(TEST_CARD_DISPLAY);
    expect(await testMode.textContent()).toContain('Any expiry date and CVV are accepted.');
    expect(await testMode.getByRole('button', { name: 'Reset test subscription' }).count()).toBe(0);
    await shoot(page, 'pricing-yearly');
    await context.close();
  });

  it('asks a guest to sign in, then brings them back to pricing', { timeout: 60_000 }, async () => {
    const context = await visitor(PHONE);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/pricing`);
    await page.getByRole('radio', { name: /Yearly/ }).check();
    await planCard(page, 'Premium').getByRole('button', { name: 'Get Premium' }).click();
    const modal = page.getByRole('dialog', { name: 'Sign in to Pictura' });
    await modal.waitFor();
    expect(page.url()).toBe(`${stack.url}/en/pricing`);
    expect(await page.evaluate("sessionStorage.getItem('redirectAfterLogin')")).toBe(
      '/en/pricing?billing=yearly',
    );

    const me = await stack.api<{ user: { username: string } }>('GET', '/api/auth/me', tokens.guestToBe);
    // No Google client on this server: no Google button, the password form at once.
    expect(await modal.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    await modal.getByLabel('Username').fill(me.body.user.username);
    await modal.getByLabel('Password').fill('guestToBe password 1');
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.waitForURL(/\/en\/pricing\?billing=yearly$/);
    expect(await page.getByRole('radio', { name: /Yearly/ }).isChecked()).toBe(true);
    // The sign-in toast: under the top bar, covering none of the page's controls on a phone.
    await page.getByRole('region', { name: 'Notifications' }).getByText('Signed in successfully').waitFor();
    expect(await coveredByToasts(page)).toEqual([]);
    // Signed in on the free plan: marked as the current one.
    await planCard(page, 'Free').getByText('Current plan', { exact: true }).waitFor();
    await context.close();
  });

  it('takes a free user through the test checkout to a verified Premium payment', {
    timeout: 120_000,
  }, async () => {
    const context = await visitor(DESKTOP, tokens.buyer);
    const page = await context.newPage();
    // The buyer came by localhost, not PUBLIC_URL's 127.0.0.1: checkout and return stay on localhost, where
    // the sign-in and cookie answer are kept.
    const origin = stack.url.replace('//127.0.0.1:', '//localhost:');
    await openApp(page, `${origin}/en/pricing`);
    // Free plan: the upgrade banner in the side navigation and the prompt on the page.
    const banner = page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'See plans' });
    await banner.waitFor();
    await page.getByRole('region', { name: 'Create faster with Premium' }).waitFor();
    await planCard(page, 'Free').getByText('Current plan', { exact: true }).waitFor();
    const testCard = (await page.locator('.test-mode__card').textContent()) ?? '';
    expect(testCard).toBe(TEST_CARD_DISPLAY);

    await planCard(page, 'Premium').getByRole('button', { name: 'Get Premium' }).click();
    // The built-in provider's checkout page, on this site.
    await page.waitForURL(/\/payments\/test-checkout\/chk_/, { timeout: 30_000 });
    expect(new URL(page.url()).origin).toBe(origin);
    expect(await page.getByRole('heading', { name: 'Pictura Premium' }).isVisible()).toBe(true);
    await page.getByLabel('Card number').fill(testCard);
    await page.getByLabel('Expiry (MM / YY)').fill('09 / 31');
    await page.getByLabel('CVV').fill('321');
    await page.getByRole('button', { name: 'Pay $12.00' }).click();

    await page.waitForURL(/\/en\/payment\/success\?/, { timeout: 30_000 });
    successUrl = page.url();
    expect(new URL(successUrl).origin).toBe(origin);
    await page.getByRole('heading', { level: 1, name: 'Payment successful' }).waitFor({ timeout: 30_000 });
    const details = page.locator('.payment-details');
    const returned = new URL(successUrl).searchParams;
    expect(returned.get('order_id')).toMatch(/^ord_/);
    expect(await details.textContent()).toContain(returned.get('order_id')!);
    expect(await details.textContent()).toContain(returned.get('subscription_id')!);
    expect(await details.textContent()).toContain('Premium, billed monthly');
    const features = page.getByRole('list').filter({ hasText: 'No watermark' });
    expect(await features.getByRole('listitem').count()).toBe(6);
    // The plan is read again: the upgrade banner goes away, and the buyer is still signed in.
    await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    await shoot(page, 'payment-success');

    const subscriptions = await stack.api<{ items: { plan_id: string; status: string }[] }>(
      'GET',
      '/api/v1/payments/subscriptions',
      tokens.buyer,
    );
    expect(subscriptions.body.items).toMatchObject([{ plan_id: 'premium_monthly', status: 'active' }]);

    // Back on pricing: Premium is the current plan, and the upgrade prompt is gone.
    await page.goto(`${origin}/en/pricing`);
    await planCard(page, 'Premium').getByText('Current plan', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Create faster with Premium' }).count()).toBe(0);
    expect(
      await planCard(page, 'Ultimate').getByRole('link', { name: 'Change plan in settings' }).count(),
    ).toBe(1);
    await context.close();
  });

  it('refuses a tampered or incomplete return', { timeout: 60_000 }, async () => {
    expect(successUrl).not.toBe('');
    const context = await visitor(DESKTOP, tokens.buyer);
    const page = await context.newPage();
    const tampered = new URL(successUrl);
    tampered.searchParams.set('product_id', 'ultimate_yearly');
    await openApp(page, tampered.toString());
    await page.getByText('Payment verification failed, invalid signature').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Payment not confirmed');
    // The success page never asks for sign-in.
    expect(await page.getByRole('dialog').count()).toBe(0);

    const incomplete = new URL(successUrl);
    incomplete.searchParams.delete('signature');
    await page.goto(incomplete.toString());
    await page.getByText('Missing required payment parameters').waitFor();
    await context.close();
  });

  it('resets the test subscription back to Free', { timeout: 60_000 }, async () => {
    const context = await visitor(DESKTOP, tokens.buyer);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/pricing`);
    await planCard(page, 'Premium').getByText('Current plan', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Reset test subscription' }).click();
    await page
      .getByRole('region', { name: /Test mode/ })
      .getByText('Test subscription reset. You are back on the Free plan.')
      .waitFor();
    await planCard(page, 'Free').getByText('Current plan', { exact: true }).waitFor();
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'See plans' })
      .waitFor();
    // Said beside the button, so not toasted as well.
    expect((await toastsShown(page)).join('\n')).not.toContain('Test subscription reset');
    const subscriptions = await stack.api<{ items: unknown[] }>(
      'GET',
      '/api/v1/payments/subscriptions',
      tokens.buyer,
    );
    expect(subscriptions.body.items).toEqual([]);
    await context.close();
  });

  it('sends an Enterprise request to sales', { timeout: 60_000 }, async () => {
    const context = await visitor(PHONE);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/pricing`);
    await planCard(page, 'Enterprise').getByRole('button', { name: 'Contact sales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact sales' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Please enter your name');
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Work e-mail').fill('grace@example.com');
    await dialog.getByLabel('Company (optional)').fill('Compilers Inc');
    await dialog.getByLabel('How can we help?').fill('A custom model for 2 million images a month.');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const sent = page.getByRole('dialog', { name: 'Request sent' });
    await sent.getByRole('status').waitFor();
    await sent.getByRole('button', { name: 'Done' }).click();
    await sent.waitFor({ state: 'detached' });
    const requests = await stack.api<{ items: { kind: string; email: string; company: string }[] }>(
      'GET',
      '/api/admin/support-requests',
      tokens.admin,
    );
    expect(requests.body.items).toContainEqual(
      expect.objectContaining({ kind: 'sales', email: 'grace@example.com', company: 'Compilers Inc' }),
    );
    // The dialog said it; no toast said it again (a text already on the page is not repeated).
    expect((await toastsShown(page)).join('\n')).not.toContain('Our sales team will reply');
    await context.close();
  });

  it('shows cancelled and subscription results, and the old plan labels as today’s plans', {
    timeout: 60_000,
  }, async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/payment/cancel`);
    await page.getByRole('heading', { level: 1, name: 'Payment cancelled' }).waitFor();
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL(/\/en\/pricing$/);

    // A guest with no return to verify is asked to log in; with a verified return the plan shows,
    // an old label (starter) as today's Premium.
    await page.goto(`${stack.url}/en/subscription/success`);
    await page.getByText('Please login to view subscription information.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const verified = new URL(successUrl);
    verified.pathname = '/en/subscription/success';
    verified.searchParams.set('plan', 'starter');
    await page.goto(verified.toString());
    await page.getByRole('heading', { level: 1, name: 'Subscription active' }).waitFor();
    expect(await page.locator('.payment-details').textContent()).toContain('Premium');
    await context.close();
  });

  describe.each([
    ['en', DESKTOP],
    ['ar', DESKTOP],
    ['en', PHONE],
    ['ar', PHONE],
  ] as const)('accessibility in %s at %o', (locale, viewport) => {
    it('has no serious or critical axe violations on the pricing and payment pages', {
      timeout: 180_000,
    }, async () => {
      const context = await visitor(viewport, tokens.buyer);
      const page = await context.newPage();
      const success = new URL(successUrl);
      success.pathname = `/${locale}/payment/success`;
      const paths = [
        `/${locale}/pricing`,
        `${success.pathname}${success.search}`,
        `/${locale}/payment/cancel`,
        `/${locale}/subscription/success`,
      ];
      const found: string[] = [];
      for (const path of paths) {
        await openApp(page, `${stack.url}${path}`);
        await page.locator('main h1').waitFor();
        // The final state: verified, or the plans from the server.
        await page.waitForLoadState('networkidle');
        expect(await page.getAttribute('html', 'dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        expect(await page.locator('main .page-loading, main .spinner').count(), path).toBe(0);
        await page.evaluate(axe.source); // not addScriptTag: the page's CSP refuses inline scripts
        const result = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`)) as {
          violations: Violation[];
        };
        for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
          found.push(
            `${path} · ${v.impact} · ${v.id}: ${v.help} · ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
          );
        }
        await shoot(page, `${viewport.width}${path.split('?')[0]!.replaceAll('/', '-')}`);
      }
      expect(found).toEqual([]);
      await context.close();
    });
  });
});
