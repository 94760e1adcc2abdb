// A person in Chromium moving around the site: languages and right-to-left, the side navigation and the
// mobile drawer at desktop and phone widths, the cookie banner, signing up and out, and Create Similar.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStarted, launchBrowser, openApp, visitorContext, waitInPage } from '../support/browser.ts';
import { sharedStack } from '../support/shared-stack.ts';
import type { Stack } from '../support/stack.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 780 };

describe('the site shell in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    [stack, browser] = await Promise.all([sharedStack(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A fresh visitor who already answered the cookie banner (so it covers nothing). */
  async function visitor(viewport = DESKTOP, options: { locale?: string } = {}): Promise<BrowserContext> {
    const context = await visitorContext(browser, { viewport, locale: options.locale ?? 'en-US' });
    return context;
  }

  async function shoot(page: Page, name: string) {
    await page.screenshot({ path: `/tmp/shell-${name}.png`, fullPage: true }).catch(() => {});
  }

  it('redirects by locale, switches language keeping query and hash, and mirrors Arabic', async () => {
    const context = await visitor(DESKTOP, { locale: 'zh-HK' });
    const page = await context.newPage();
    // No prefix and nothing stored: the browser's language (Hong Kong → traditional Chinese).
    await page.goto(`${stack.url}/faq?ref=mail#faq-free`);
    await page.waitForURL(/\/zh-TW\/faq\?ref=mail#faq-free$/);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-TW');
    // An unsupported prefix goes to the stored locale plus the path.
    await page.goto(`${stack.url}/xx/terms`);
    await page.waitForURL(/\/zh-TW\/terms$/);

    await openApp(page, `${stack.url}/en/faq?ref=mail#faq-free`);
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    await page.evaluate(`
      window.__languageChanged = [];
      window.addEventListener('languageChanged', (event) => window.__languageChanged.push(event.detail));
    `);
    // The switcher is a list of links to the page in each language, opened from its button.
    const banner = page.getByRole('banner');
    await banner.locator('.language-switcher summary').click();
    await banner.getByRole('link', { name: 'العربية' }).click();
    await page.waitForURL(/\/ar\/faq\?ref=mail#faq-free$/);
    await page.getByRole('heading', { level: 1, name: 'الأسئلة الشائعة' }).waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    expect(await page.evaluate('window.__languageChanged')).toContainEqual({ locale: 'ar', dir: 'rtl' });
    expect(await page.evaluate("localStorage.getItem('userLocale')")).toBe('ar');
    // Mirrored: the side navigation sits on the right, the main content to its left.
    const nav = (await page.locator('.side-nav').boundingBox())!;
    const main = (await page.locator('main').boundingBox())!;
    expect(nav.x).toBeGreaterThan(DESKTOP.width / 2);
    expect(main.x).toBeLessThan(nav.x);
    await context.close();
  });

  it('folds the side navigation to icons and remembers it on a desktop window', async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/`);
    const sideNav = page.getByRole('navigation', { name: 'Main' });
    const upscalerLink = sideNav.getByRole('link', { name: 'Upscaler' });
    await upscalerLink.waitFor();
    // Every link of the spec, by name.
    for (const name of ['Home', 'Upscaler', 'Community', 'History', 'Features', 'FAQ', 'Pricing']) {
      expect(await sideNav.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    }
    const year = String(new Date().getFullYear());
    expect(await page.locator('.side-nav').textContent()).toContain(`© ${year} Pictura`);
    expect(await page.locator('.side-nav').textContent()).toContain('Version 1.0.138');
    expect((await page.locator('.side-nav').boundingBox())!.width).toBeGreaterThan(200);
    // The top bar's features and pricing links show on a wide window; the menu button does not.
    expect(await page.getByRole('navigation', { name: 'Quick links' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await page.locator('.side-nav').boundingBox())!.width).toBeLessThan(80);
    expect(await page.evaluate("localStorage.getItem('sideNavCollapsed')")).toBe('true');
    // Folded, the links keep their names and still work.
    await upscalerLink.click();
    await page.waitForURL(/\/en\/upscaler$/);
    // Reloaded, the pre-rendered page is folded from its first frame: nothing unfolds, then folds again.
    await page.addInitScript(`
      window.__sideNavWidths = [];
      const look = () => {
        const nav = document.querySelector('.side-nav');
        if (nav) window.__sideNavWidths.push(nav.getBoundingClientRect().width);
        if (window.__picturaReady !== true) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    `);
    await page.reload();
    await appStarted(page);
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    const widths = (await page.evaluate('window.__sideNavWidths')) as number[];
    expect(widths.length).toBeGreaterThan(0);
    expect(Math.max(...widths)).toBeLessThan(80);
    expect((await page.locator('.side-nav').boundingBox())!.width).toBeLessThan(80);

    // The top bar changes style once the page has scrolled past 10 px.
    expect(await page.locator('header.topbar').getAttribute('class')).not.toContain('topbar--scrolled');
    await page.mouse.wheel(0, 400);
    await expect
      .poll(() => page.locator('header.topbar').getAttribute('class'))
      .toContain('topbar--scrolled');
    await context.close();
  });

  it('starts folded on a phone and opens a drawer that locks scrolling and closes on the overlay', async () => {
    const context = await visitor(PHONE);
    await context.addInitScript("localStorage.setItem('sideNavCollapsed', 'false')");
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('.side-nav').waitFor();
    // Under 768 px it starts folded whatever was stored, and the quick links give way to the menu button.
    expect((await page.locator('.side-nav').boundingBox())!.width).toBeLessThan(70);
    expect(await page.getByRole('navigation', { name: 'Quick links' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    expect(await page.evaluate('getComputedStyle(document.body).overflow')).toBe('hidden');
    const drawerNav = drawer.getByRole('navigation', { name: 'Mobile navigation' });
    for (const name of ['Home', 'Upscaler', 'Community', 'History', 'Features', 'FAQ', 'Pricing']) {
      expect(await drawerNav.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    }
    expect(await drawer.getByRole('link', { name: 'Privacy' }).count()).toBe(1);
    expect(await drawer.getByRole('link', { name: 'Terms' }).count()).toBe(1);
    expect(await drawer.getByRole('link', { name: 'See plans' }).count()).toBe(1); // upgrade banner for guests
    expect(await drawer.textContent()).toContain('Version 1.0.138');
    await shoot(page, 'drawer-375');

    // A click on the overlay (beside the panel) closes it and gives scrolling back.
    await page.mouse.click(PHONE.width - 10, PHONE.height / 2);
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate('getComputedStyle(document.body).overflow')).not.toBe('hidden');

    // A drawer link navigates and closes the drawer.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawerNav.getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(/\/en\/faq$/);
    await drawer.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the cookie banner until a choice is stored, with learn-more to privacy', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/`);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    await banner.getByRole('link', { name: 'Read our privacy policy' }).click();
    await page.waitForURL(/\/en\/privacy$/);
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await page.getByText('Last updated: May 2024').isVisible()).toBe(true);
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate("localStorage.getItem('cookieConsent')")).toBe('accepted');
    await page.reload();
    await appStarted(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);

    await page.evaluate("localStorage.removeItem('cookieConsent')");
    await page.reload();
    await appStarted(page);
    await page
      .getByRole('region', { name: 'Cookie consent' })
      .getByRole('button', { name: 'Decline' })
      .click();
    expect(await page.evaluate("localStorage.getItem('cookieConsent')")).toBe('declined');
    await context.close();
  });

  it('registers, signs out, and signs in again through the modal', { timeout: 60_000 }, async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/`);
    // The modal: title, terms and privacy, and only the ways this server offers: it has no Google client, so
    // no Google button, and the password form with the focus in it. Escape closes.
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const modal = page.getByRole('dialog', { name: 'Sign in to Pictura' });
    await modal.waitFor();
    expect(await modal.getByRole('link', { name: 'Terms' }).count()).toBe(1);
    expect(await modal.getByRole('link', { name: 'Privacy' }).count()).toBe(1);
    await modal.getByLabel('Username').waitFor();
    await waitInPage(page, "document.activeElement?.getAttribute('autocomplete') === 'username'");
    expect(await modal.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    expect(await modal.getByRole('button', { name: 'Use a username and password instead' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // /login remembers where to go and opens the modal on the home page.
    await page.goto(`${stack.url}/en/login?redirect=${encodeURIComponent('/en/faq')}`);
    await page.waitForURL(/\/en\/$/);
    await modal.waitFor();
    expect(await page.evaluate("sessionStorage.getItem('redirectAfterLogin')")).toBe('/en/faq');
    // A click outside closes it.
    await page.mouse.click(20, DESKTOP.height - 20);
    await modal.waitFor({ state: 'detached' });

    const username = `ada${Date.now().toString(36)}`;
    await openApp(page, `${stack.url}/en/register`);
    // Nor does the register page offer Google here.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('12345678');
    await page.getByLabel('Repeat the password').fill('12345678');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The auth service's rule, in the page's words.
    await expect
      .poll(() => page.getByRole('alert').first().textContent(), { timeout: 10_000 })
      .toContain('Passwords need 8 to 128 characters');
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('Repeat the password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Signed in: the pending redirect is followed once, the side navigation shows the user.
    await page.waitForURL(/\/en\/faq$/);
    expect(await page.evaluate("localStorage.getItem('token')")).toBeTruthy();
    expect(
      JSON.parse((await page.evaluate("localStorage.getItem('cached_user_data')")) as string),
    ).toMatchObject({
      username,
    });
    await page.getByRole('link', { name: username }).waitFor();

    // The user menu: settings and logout.
    await page.getByRole('button', { name: `Account menu for ${username}` }).click();
    expect(await page.getByRole('link', { name: 'Settings' }).first().getAttribute('href')).toBe(
      '/en/settings',
    );
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();

    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await modal.getByLabel('Username').fill(username);
    await modal.getByLabel('Password').fill('wrong password');
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => modal.getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe('Invalid username or password');
    await modal.getByLabel('Password').fill('correct horse battery');
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor();

    // A reload checks the stored token with the server and stays signed in.
    await page.reload();
    await appStarted(page);
    await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor();
    await context.close();
  });

  it('keeps the shell and offers a reload when a page cannot be loaded', async () => {
    // No offline worker: its cache would answer for the network this test takes away.
    const context = await visitorContext(browser, { viewport: DESKTOP, serviceWorkers: 'block' });
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/`);
    // The FAQ page's chunk cannot be fetched (the network dropped, or a new release replaced it).
    await page.route('**/assets/faq-page-*.js', (route) => route.abort());
    await page.locator('a[href="/en/faq"]:visible').first().click();
    const failure = page.getByRole('alert').filter({ hasText: 'This page could not be shown' });
    await failure.waitFor({ timeout: 10_000 }).catch(async (error) => {
      await shoot(page, 'page-error-failure');
      throw error;
    });
    expect(await failure.getByRole('button', { name: 'Reload' }).count()).toBe(1);
    // Only the page is replaced: the navigation is still there to go elsewhere.
    expect(await page.getByRole('navigation', { name: 'Main' }).first().isVisible()).toBe(true);
    await page.unroute('**/assets/faq-page-*.js');
    await failure.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    await context.close();
  });

  it('fills the generator from an example with Create Similar', async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/examples`);
    await page.getByRole('button', { name: 'Create Similar: Neon city night' }).click();
    await page.waitForURL(/\/en\/$/);
    const prompt = page.getByLabel('Describe your image');
    // expect.poll gives up after 1 s by default; a loaded machine may need longer to render the page.
    await expect
      .poll(() => prompt.inputValue(), { timeout: 10_000 })
      .toContain('futuristic city at night')
      .catch(async (error) => {
        await shoot(page, 'create-similar-failure');
        throw error;
      });
    expect(await page.getByRole('radio', { name: 'Cyberpunk' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Portrait 9:16' }).isChecked()).toBe(true);
    // The generator is scrolled into view.
    await expect
      .poll(async () => (await prompt.boundingBox())!.y, { timeout: 10_000 })
      .toBeLessThan(DESKTOP.height);
    await context.close();
  });

  it('has one h1 and the landmarks on every public page, in English and Arabic', {
    timeout: 120_000,
  }, async () => {
    const context = await visitor(PHONE);
    const page = await context.newPage();
    const paths = [
      '/',
      '/upscaler',
      '/features',
      '/examples',
      '/faq',
      '/privacy',
      '/terms',
      '/cookies',
      '/about',
      '/contact',
      '/blog',
      '/blog/welcome-to-pictura',
      '/register',
    ];
    for (const locale of ['en', 'ar']) {
      for (const path of paths) {
        await openApp(page, `${stack.url}/${locale}${path}`);
        await page.locator('h1').first().waitFor();
        // Long texts load after the frame: wait until the heading has its text.
        await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 10_000 }).not.toBe('');
        expect(await page.locator('h1').count(), `${locale}${path}`).toBe(1);
        expect(await page.getByRole('banner').count(), `${locale}${path}`).toBe(1);
        expect(await page.getByRole('main').count(), `${locale}${path}`).toBe(1);
        expect(await page.getByRole('contentinfo').count(), `${locale}${path}`).toBe(1);
        expect(await page.getByRole('navigation').count(), `${locale}${path}`).toBeGreaterThan(0);
      }
    }
    await context.close();
  });
  it('draws the pre-rendered side navigation folded on a phone and open on a wide screen, before any script runs', async () => {
    for (const locale of ['en', 'ar']) {
      const phone = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
      const page = await phone.newPage();
      await page.goto(`${stack.url}/${locale}/pricing`);
      const nav = await page.locator('.side-nav').boundingBox();
      const main = await page.locator('#main-content').boundingBox();
      // A narrow rail beside the page, labels hidden, nothing laid over the content.
      expect(nav!.width).toBeLessThanOrEqual(72);
      expect(await page.locator('.side-nav-scrim').isVisible()).toBe(false);
      // The labels are kept for screen readers only, as in the folded rail (clipped to 1 px).
      expect((await page.locator('.side-nav__label').first().boundingBox())!.width).toBeLessThanOrEqual(1);
      const overlaps = locale === 'ar' ? nav!.x < main!.x + main!.width : nav!.x + nav!.width > main!.x;
      expect(overlaps).toBe(false);
      await shoot(page, `prerendered-phone-${locale}`);
      await phone.close();
    }
    const wide = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await wide.newPage();
    await page.goto(`${stack.url}/en/pricing`);
    expect((await page.locator('.side-nav').boundingBox())!.width).toBeGreaterThan(200);
    expect((await page.locator('.side-nav__label').first().boundingBox())!.width).toBeGreaterThan(20);
    await wide.close();
  });
});
