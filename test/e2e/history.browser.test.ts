// A signed-in person in Chromium: finds their generated images in History, favourites one and filters by
// favourites, searches by prompt, opens one full size, deletes one and then several after confirming; a guest
// is asked to sign in. In Chat, two messages make two images, the second refining the first, and both land
// in History. axe-core checks both pages in English and Arabic.
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStarted, launchBrowser, openApp } from '../support/browser.ts';
import { eventually } from '../support/eventually.ts';
import { type Stack, startStack } from '../support/stack.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 780 };

interface SessionUser {
  id: number;
  username: string;
}
interface Account {
  token: string;
  user: SessionUser;
}
interface HistoryItem {
  id: string;
  prompt: string;
  favorite: boolean;
  images: { url: string; width: number; height: number; seed: number }[];
}
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describe('history and chat in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function register(prefix: string): Promise<Account> {
    const username = `${prefix}${Date.now().toString(36)}`;
    const res = await stack.api<Account>('POST', '/api/auth/register', undefined, {
      username,
      password: `${username} password`,
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  /** Generates through the API with the user's token and waits until history has recorded it. */
  async function generate(account: Account, prompt: string, extra: Record<string, unknown> = {}) {
    const submitted = await stack.api<{ job_id: string }>('POST', '/api/generate', account.token, {
      prompt,
      ...extra,
    });
    expect(submitted.status).toBe(202);
    return itemFor(account, prompt);
  }

  const list = async (account: Account, query = '') =>
    (await stack.api<{ items: HistoryItem[] }>('GET', `/api/history${query}`, account.token)).body.items;

  const itemFor = (account: Account, prompt: string) =>
    eventually(
      async () =>
        (await list(account, `?q=${encodeURIComponent(prompt)}`)).find((item) => item.prompt === prompt),
      `the history item of "${prompt}"`,
      1200,
    );

  /** A browser session already signed in as `account` (and past the cookie banner). */
  async function signedIn(account: Account | null, viewport = DESKTOP): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const session = account
      ? `localStorage.setItem('token', ${JSON.stringify(account.token)});
         localStorage.setItem('cached_user_data', ${JSON.stringify(JSON.stringify(account.user))});`
      : '';
    await context.addInitScript(`localStorage.setItem('cookieConsent', 'declined'); ${session}`);
    return context;
  }

  async function shoot(page: Page, name: string) {
    await page.screenshot({ path: `/tmp/history-${name}.png`, fullPage: true }).catch(() => {});
  }

  async function seriousViolations(page: Page, where: string): Promise<string[]> {
    if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axe.source); // not addScriptTag: the page's CSP refuses inline scripts
    const result = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`)) as {
      violations: Violation[];
    };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${where} · ${v.impact} · ${v.id}: ${v.help} · ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
      );
  }

  it('asks a guest opening /en/history to sign in first', { timeout: 60_000 }, async () => {
    const context = await signedIn(null);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/history`);
    const modal = page.getByRole('dialog', { name: 'Sign in to Pictura' });
    await modal.waitFor();
    await page.waitForURL(/\/en\/$/);
    expect(await page.evaluate("sessionStorage.getItem('redirectAfterLogin')")).toBe('/en/history');
    expect(await page.getByRole('heading', { level: 1, name: 'Your history' }).count()).toBe(0);
    await context.close();
  });

  it('lists, favourites, filters, searches, opens full size and deletes after confirming', {
    timeout: 300_000,
  }, async () => {
    const owner = await register('hist');
    const kite = await generate(owner, 'a red kite over green hills', { style: 'watercolor', seed: 11 });
    const whale = await generate(owner, 'a blue whale in deep water', { aspect_ratio: 'landscape_16_9' });

    const context = await signedIn(owner);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/history`);
    await page.getByRole('heading', { level: 1, name: 'Your history' }).waitFor({ timeout: 30_000 });
    const openKite = page.getByRole('button', { name: 'Open full size: a red kite over green hills' });
    const openWhale = page.getByRole('button', { name: 'Open full size: a blue whale in deep water' });
    await openWhale.waitFor({ timeout: 30_000 });
    await openKite.waitFor();
    expect(await page.getByRole('tab', { name: 'Generated' }).getAttribute('aria-selected')).toBe('true');
    await shoot(page, 'generated-desktop');

    // Favourite the whale: the star shows it at once and the server keeps it.
    const whaleStar = page.getByRole('button', { name: 'Favourite: a blue whale in deep water' });
    expect(await whaleStar.getAttribute('aria-pressed')).toBe('false');
    await whaleStar.click();
    await expect.poll(() => whaleStar.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => (await list(owner, '?favorite=true')).map((item) => item.id), { timeout: 10_000 })
      .toEqual([whale.id]);

    // Favourites only: the kite leaves the list.
    const favourites = page.getByRole('button', { name: 'Favourites', exact: true });
    await favourites.click();
    await expect.poll(() => favourites.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => openKite.count(), { timeout: 15_000 }).toBe(0);
    expect(await openWhale.isVisible()).toBe(true);
    expect(page.url()).toContain('favorites=1');
    await favourites.click();
    await openKite.waitFor({ timeout: 15_000 });

    // Search by prompt text, any case.
    await page.getByLabel('Search by prompt').fill('KITE');
    await expect.poll(() => openWhale.count(), { timeout: 15_000 }).toBe(0);
    expect(await openKite.isVisible()).toBe(true);
    expect(page.url()).toContain('q=KITE');
    await page.getByLabel('Search by prompt').fill('no such words');
    await page.getByText('No images match “no such words”').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Show all images' }).click();
    await openWhale.waitFor({ timeout: 15_000 });
    await openKite.waitFor();

    // Full size: the image and everything it was made with, and what to do next.
    await openKite.click();
    const viewer = page.getByRole('dialog', { name: 'Generated image' });
    await viewer.waitFor();
    const full = viewer.getByRole('img', { name: 'Full size: a red kite over green hills' });
    await full.waitFor();
    expect(await full.getAttribute('src')).toBe(kite.images[0]!.url);
    const details = (await viewer.textContent()) ?? '';
    for (const text of ['a red kite over green hills', 'Watercolour', 'Square', '512 × 512 px', '11']) {
      expect(details, text).toContain(text);
    }
    expect(await viewer.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      kite.images[0]!.url,
    );
    expect(await viewer.getByRole('link', { name: 'Upscale' }).getAttribute('href')).toBe(
      `/en/upscaler?imageUrl=${encodeURIComponent(`${stack.url}${kite.images[0]!.url}`)}`,
    );
    await shoot(page, 'viewer-desktop');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // Delete asks first: cancelling keeps the image, confirming removes it here and on the server.
    await page.getByRole('button', { name: 'Delete: a blue whale in deep water' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this image?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await openWhale.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Delete: a blue whale in deep water' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await openWhale.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByText('Image deleted').waitFor();
    expect((await list(owner)).map((item) => item.id)).toEqual([kite.id]);

    // "Create again" fills the generator with what the image was made with.
    await openKite.click();
    await viewer.getByRole('button', { name: 'Create again' }).click();
    await page.waitForURL(/\/en\/$/);
    const prompt = page.getByLabel('Describe your image');
    await expect.poll(() => prompt.inputValue(), { timeout: 15_000 }).toBe('a red kite over green hills');
    expect(await page.getByRole('radio', { name: 'Watercolour' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Negative prompt').inputValue()).toBe('');
    expect(await page.getByLabel('Seed').inputValue()).toBe('11');
    await context.close();
  });

  it('deletes several images at once after confirming', { timeout: 300_000 }, async () => {
    const owner = await register('multi');
    const prompts = ['a green frog on a lily pad', 'a yellow taxi in the rain', 'a purple mountain at dusk'];
    for (const prompt of prompts) await generate(owner, prompt);

    const context = await signedIn(owner, PHONE);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/history`);
    await page.getByRole('button', { name: `Open full size: ${prompts[0]}` }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('checkbox', { name: `Select: ${prompts[0]}` }).check();
    await page.getByRole('checkbox', { name: `Select: ${prompts[2]}` }).check();
    const bar = page.getByRole('region', { name: 'Selected images' });
    await bar.getByText('Selected: 2').waitFor();
    await shoot(page, 'select-phone');
    await bar.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the selected images?' });
    expect(await confirm.textContent()).toContain('Images selected: 2');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Images deleted: 2').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: `Open full size: ${prompts[1]}` }).waitFor();
    expect(await page.getByRole('button', { name: `Open full size: ${prompts[0]}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Open full size: ${prompts[2]}` }).count()).toBe(0);
    expect((await list(owner)).map((item) => item.prompt)).toEqual([prompts[1]]);
    await context.close();
  });

  it('loads the next page as the list scrolls to its end', { timeout: 300_000 }, async () => {
    const owner = await register('scroll');
    const total = 26; // one more page than the 24 a page holds, and a bit
    for (let start = 0; start < total; start += 5) {
      await Promise.all(
        Array.from({ length: Math.min(5, total - start) }, (_, offset) =>
          stack.api('POST', '/api/generate', owner.token, {
            prompt: `scroll test image ${start + offset + 1}`,
          }),
        ),
      );
    }
    await eventually(
      async () => ((await list(owner, '?limit=100')).length === total ? true : undefined),
      'every image in history',
      1200,
    );
    const context = await signedIn(owner);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/history`);
    const cards = page.locator('.history-card__open');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(24);
    expect(await page.getByText('You have reached the end of your history.').count()).toBe(0);
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(total);
    await page.getByText('You have reached the end of your history.').waitFor();
    // Each image once: the second page continues the first.
    const names = await cards.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(new Set(names).size).toBe(total);
    await context.close();
  });

  it('chat: two messages make two images, the second refining the first, and both land in history', {
    timeout: 300_000,
  }, async () => {
    const owner = await register('chat');
    const context = await signedIn(owner);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/chat`);
    const first = 'a lighthouse on a cliff';
    await page.getByLabel('Describe a new image').fill(first);
    await page.getByRole('button', { name: 'Send' }).click();
    const firstImage = page.getByRole('img', { name: `Generated image 1: ${first}` });
    await firstImage.waitFor({ timeout: 120_000 }).catch(async (error) => {
      await shoot(page, 'chat-failure');
      throw error;
    });

    // The next message refines: the prompt grows from the thread, the seed stays.
    await page.getByLabel('Describe a change to the image').fill('at night in a storm.');
    await page.keyboard.press('Enter');
    const refined = `${first}, at night in a storm`;
    await page.getByRole('img', { name: `Generated image 1: ${refined}` }).waitFor({ timeout: 120_000 });
    await page.getByText(`Refined prompt: ${refined}`).waitFor();
    await shoot(page, 'chat-desktop');

    const base = await itemFor(owner, first);
    const second = await itemFor(owner, refined);
    expect(second.images[0]!.seed).toBe(base.images[0]!.seed);
    expect(second.images[0]!.url).not.toBe(base.images[0]!.url);

    // A reload keeps the conversation (it lives in this user's localStorage).
    await page.reload();
    await appStarted(page);
    await page.getByRole('img', { name: `Generated image 1: ${refined}` }).waitFor({ timeout: 30_000 });
    const conversations = page.getByRole('complementary', { name: 'Conversations' });
    expect(await conversations.getByRole('button', { name: new RegExp(`^${first}`) }).count()).toBe(1);
    expect(await seriousViolations(page, '/en/chat with a conversation')).toEqual([]);

    // Both images are in History.
    await openApp(page, `${stack.url}/en/history`);
    await page.getByRole('button', { name: `Open full size: ${refined}` }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: `Open full size: ${first}`, exact: true }).waitFor();
    await context.close();
  });

  it('has no serious or critical accessibility violations on history and chat, in en and ar', {
    timeout: 300_000,
  }, async () => {
    const owner = await register('axe');
    const item = await generate(owner, 'a quiet harbour at dawn');
    // A conversation with one finished turn, as the chat page stores it, so the thread is checked too.
    const conversation = {
      version: 1,
      conversations: [
        {
          id: 'c1',
          title: item.prompt,
          createdAt: '2025-04-15T09:30:00.000Z',
          updatedAt: '2025-04-15T09:30:00.000Z',
          options: { aspectRatio: 'square', style: 'none' },
          turns: [
            {
              id: 't1',
              text: item.prompt,
              startsNewImage: true,
              prompt: item.prompt,
              seed: item.images[0]!.seed,
              options: { aspectRatio: 'square', style: 'none' },
              createdAt: '2025-04-15T09:30:00.000Z',
              jobId: null,
              status: 'completed',
              image: { ...item.images[0]!, flagged: false },
              error: null,
            },
          ],
        },
      ],
    };
    const found: string[] = [];
    for (const [locale, viewport] of [
      ['en', DESKTOP],
      ['ar', DESKTOP],
      ['en', PHONE],
      ['ar', PHONE],
    ] as const) {
      const context = await signedIn(owner, viewport);
      await context.addInitScript(
        `localStorage.setItem('chatConversations:${owner.user.id}', ${JSON.stringify(JSON.stringify(conversation))})`,
      );
      const page = await context.newPage();
      const where = `${locale} ${viewport.width}px`;
      await openApp(page, `${stack.url}/${locale}/history`).catch(async (error) => {
        await shoot(page, `failure-${locale}-${viewport.width}`);
        throw error;
      });
      await page.locator('.history-card__open').first().waitFor({ timeout: 30_000 });
      if (locale === 'ar') expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      found.push(...(await seriousViolations(page, `/${locale}/history ${where}`)));
      await shoot(page, `${locale}-${viewport.width}`);
      await page.locator('.history-card__open').first().click();
      await page.getByRole('dialog').waitFor();
      await page
        .getByRole('dialog')
        .locator('img')
        .first()
        .evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode());
      found.push(...(await seriousViolations(page, `/${locale}/history viewer ${where}`)));
      await page.screenshot({ path: `/tmp/history-viewer-${locale}-${viewport.width}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      // The upscaled tab is empty: its empty state leads to the upscaler.
      await page.getByRole('tab').nth(1).click();
      await page.locator('.history-empty a[href$="/upscaler"]').waitFor({ timeout: 15_000 });
      found.push(...(await seriousViolations(page, `/${locale}/history upscaled, empty ${where}`)));
      await shoot(page, `empty-${locale}-${viewport.width}`);

      await openApp(page, `${stack.url}/${locale}/chat`);
      await page.locator('.chat-composer textarea').waitFor({ timeout: 30_000 });
      found.push(...(await seriousViolations(page, `/${locale}/chat ${where}`)));
      await openApp(page, `${stack.url}/${locale}/chat?c=c1`);
      await page.locator('.chat-msg__image img').waitFor({ timeout: 30_000 });
      found.push(...(await seriousViolations(page, `/${locale}/chat conversation ${where}`)));
      await shoot(page, `chat-${locale}-${viewport.width}`);
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
