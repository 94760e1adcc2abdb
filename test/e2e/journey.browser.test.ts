// The whole product journey of issue 8 in one browser session per person, on the real processes: a newcomer
// registers, generates an image, finds it in history, favourites and publishes it; a second user likes and
// reports the post; the administrator approves the report and the post leaves the gallery. Each area's own
// file tests its screens in depth; this one checks that they join up.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStarted, launchBrowser, openApp, visitorContext } from '../support/browser.ts';
import { type Stack, startStack } from '../support/stack.ts';

const DESKTOP = { width: 1280, height: 900 };
const PASSWORD = 'journey password 1';
const PROMPT = 'a paper lantern floating over a quiet lake';
const TITLE = 'Lantern lake';

describe('the product journey across roles', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    // The first account is the administrator (spec 6: user id 1).
    const admin = await stack.api('POST', '/api/auth/register', undefined, {
      username: 'journey-admin',
      password: PASSWORD,
    });
    expect(admin.status).toBe(201);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function visitor(): Promise<BrowserContext> {
    const context = await visitorContext(browser, { viewport: DESKTOP, locale: 'en-US' });
    return context;
  }

  async function signIn(page: Page, username: string): Promise<void> {
    await openApp(page, `${stack.url}/en/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Pictura' });
    // No Google client on this server: the modal offers the password form itself.
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page
      .getByRole('banner')
      .getByRole('button', { name: `Account menu for ${username}` })
      .waitFor();
  }

  const postCard = (page: Page) =>
    page
      .getByRole('feed')
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) });

  it('registers, generates, keeps, publishes; another user likes and reports; the admin approves', {
    timeout: 240_000,
  }, async () => {
    // 1. A newcomer registers through the form and is signed in.
    const creator = await visitor();
    const page = await creator.newPage();
    await openApp(page, `${stack.url}/en/register`);
    await page.getByLabel('Username').fill('lantern-maker');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${stack.url}/en/`);
    await page.getByRole('banner').getByRole('button', { name: 'Account menu for lantern-maker' }).waitFor();

    // 2. Generates an image on the home page and sees it.
    await page.getByLabel('Describe your image').fill(PROMPT);
    await page.getByRole('button', { name: /generate/i }).click();
    await page.locator('img[src^="/files/"]').first().waitFor({ state: 'visible', timeout: 60_000 });

    // 3. Finds it in history, favourites it, and publishes it from the full-size view.
    await page.goto(`${stack.url}/en/history`);
    await page.getByRole('heading', { level: 1, name: 'Your history' }).waitFor({ timeout: 30_000 });
    const star = page.getByRole('button', { name: `Favourite: ${PROMPT}` });
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await page.getByRole('button', { name: `Open full size: ${PROMPT}` }).click();
    await page
      .getByRole('dialog', { name: 'Generated image' })
      .getByRole('button', { name: 'Publish to community' })
      .click();
    const form = page.getByRole('dialog', { name: 'Publish to the community' });
    await form.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await form.getByRole('textbox', { name: 'Tags' }).fill('lantern');
    await form.getByRole('textbox', { name: 'Tags' }).press('Enter');
    await form.getByRole('checkbox', { name: 'I have read and agree to the publishing agreement' }).check();
    await form.getByRole('button', { name: 'Publish', exact: true }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    const favourites = await stack.api<{ items: { prompt: string }[] }>(
      'GET',
      '/api/history?type=generated&favorite=true',
      (await page.evaluate("localStorage.getItem('token')")) as string,
    );
    expect(favourites.body.items.map((item) => item.prompt)).toEqual([PROMPT]);

    // 4. A second user finds the post in the gallery, likes it and reports it.
    await stack.api('POST', '/api/auth/register', undefined, { username: 'lake-fan', password: PASSWORD });
    const fan = await (await visitor()).newPage();
    await signIn(fan, 'lake-fan');
    await fan.goto(`${stack.url}/en/community`);
    const card = postCard(fan);
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: `Like “${TITLE}”` }).click();
    await expect
      .poll(async () => {
        const feed = await stack.api<{ items: { title: string; likes: number }[] }>(
          'GET',
          '/api/community/posts',
        );
        return feed.body.items.find((post) => post.title === TITLE)?.likes;
      })
      .toBe(1);
    await card.getByRole('button', { name: `More actions for “${TITLE}”` }).click();
    await card.getByRole('button', { name: 'Report' }).click();
    const report = fan.getByRole('dialog', { name: 'Report this post' });
    await report.getByRole('radio', { name: /Spam/ }).check();
    await report.getByRole('button', { name: 'Send report' }).click();
    await report.waitFor({ state: 'detached', timeout: 15_000 });

    // 5. The administrator approves the report; the post leaves the gallery for everyone.
    const admin = await (await visitor()).newPage();
    await signIn(admin, 'journey-admin');
    await admin.goto(`${stack.url}/en/admin/reports`);
    const item = admin.getByRole('listitem').filter({ hasText: TITLE });
    await item.getByRole('button', { name: `Approve and hide post: ${TITLE}` }).click();
    await admin
      .getByRole('alertdialog', { name: 'Approve this report?' })
      .getByRole('button', { name: 'Approve and hide post' })
      .click();
    await admin.getByText('No open reports').waitFor({ timeout: 15_000 });
    const feed = await stack.api<{ items: { title: string }[] }>('GET', '/api/community/posts');
    expect(feed.body.items.map((post) => post.title)).not.toContain(TITLE);
    await fan.reload();
    await fan.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
    expect(await postCard(fan).count()).toBe(0);

    // 6. The author still finds it under My posts, and its page says the moderators took it down.
    await page.goto(`${stack.url}/en/user/posts`);
    await page.getByRole('link', { name: TITLE }).first().click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor({ timeout: 15_000 });
    await page
      .getByRole('heading', { name: 'The moderators took this post down: only you can still see it' })
      .waitFor();
    await page.getByText(/^Reported for: .*Spam/).waitFor();
    expect(await page.getByRole('button', { name: /^Like/ }).count()).toBe(0);
    await creator.close();
  });

  it("shows the administrators' maintenance notice above every page until it is cleared", {
    timeout: 60_000,
  }, async () => {
    const login = await stack.api<{ token: string }>('POST', '/api/auth/login', undefined, {
      username: 'journey-admin',
      password: PASSWORD,
    });
    const notice = 'Maintenance tonight at 22:00 UTC';
    const set = await stack.api('PUT', '/api/admin/settings', login.body.token, {
      maintenance_notice: notice,
    });
    expect(set.status).toBe(200);
    const page = await (await visitor()).newPage();
    await openApp(page, `${stack.url}/en/faq`);
    const banner = page.getByRole('status').filter({ hasText: notice });
    await banner.waitFor();
    await stack.api('PUT', '/api/admin/settings', login.body.token, { maintenance_notice: '' });
    await page.reload();
    await appStarted(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
    await page.context().close();
  });
});
