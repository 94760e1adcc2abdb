// A person in Chromium: opens the site, is sent to a locale, types a prompt, watches progress, gets a picture.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp } from '../support/browser.ts';
import { sharedStack } from '../support/shared-stack.ts';
import type { Stack } from '../support/stack.ts';

describe('the generator page in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    [stack, browser] = await Promise.all([sharedStack(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('sends a path without a locale to the stored locale, or en', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/pricing?plan=premium#faq`);
    await page.waitForURL(/\/en\/pricing\?plan=premium#faq$/);
    await page.evaluate("localStorage.setItem('userLocale', 'ja')");
    await page.goto(`${stack.url}/`);
    await page.waitForURL(/\/ja\/$/);
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await openApp(page, `${stack.url}/ar/`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    // Stored once the Arabic strings have loaded and the language switched.
    await expect.poll(() => page.evaluate("localStorage.getItem('userLocale')")).toBe('ar');
    await page.close();
  });

  it('asks for a description instead of sending an empty prompt', async () => {
    const page = await browser.newPage();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await openApp(page, `${stack.url}/en/`);
    const prompt = page.getByLabel('Describe your image');
    // The placeholder reads as a hint (issue 18: an example prompt looked typed, so Generate seemed ready).
    expect(await prompt.getAttribute('placeholder')).toMatch(/^Describe your image, e\.g\. /);
    const promptStyle = `getComputedStyle(document.querySelector('.text-input--prompt'), '::placeholder').fontStyle`;
    expect(await page.evaluate(promptStyle)).toBe('italic');
    await page.getByRole('button', { name: /generate/i }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('Please enter an image description');
    // Said at the prompt itself, which takes the focus; nothing was sent.
    expect(await prompt.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(`document.activeElement?.classList.contains('text-input--prompt')`)).toBe(
      true,
    );
    expect(posts).toEqual([]);
    await page.close();
  });

  it('shows progress, then the generated PNG', { timeout: 90_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(page, `${stack.url}/en/`);
    await page.getByLabel('Describe your image').fill('a red kite over green hills');
    await page.locator('label', { hasText: 'Anime' }).click();
    expect(await page.getByRole('radio', { name: 'Anime' }).isChecked()).toBe(true);
    // Record every text the live status region shows: a fast generation can pass through waiting and
    // processing within one poll interval.
    await page.evaluate(`
      window.__statuses = [];
      new MutationObserver(() => {
        const status = document.querySelector('[role="status"]');
        if (status) window.__statuses.push(status.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    `);
    await page.getByRole('button', { name: /generate/i }).click();
    const image = page.locator('img[src^="/files/"]').first();
    await image.waitFor({ state: 'visible', timeout: 60_000 }).catch(async (error) => {
      await page.screenshot({ path: '/tmp/generator-failure.png' });
      throw error;
    });
    type Img = {
      decode(): Promise<void>;
      naturalWidth: number;
      naturalHeight: number;
      getAttribute(name: string): string | null;
    };
    const size = await image.evaluate(async (element) => {
      const img = element as unknown as Img;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight, src: img.getAttribute('src') };
    });
    expect(size).toMatchObject({ width: 512, height: 512 });
    // Waiting (queue position) or processing (percent) was shown before the image arrived.
    const statuses = (await page.evaluate('window.__statuses')) as string[];
    expect(statuses.some((text) => /queue|next|Generating|%/i.test(text))).toBe(true);
    expect(size.src).toMatch(/^\/files\/[a-f0-9]{64}\.png$/);
    // The card says the size; the seed belongs to the detail view in history, not to every card.
    expect(await page.locator('figure.result-image .result-image__details').first().textContent()).toBe(
      '512 × 512',
    );
    await page.close();
  });

  it('says under each picture what Pictura Scenes drew, or that it knew nothing in the prompt', {
    timeout: 90_000,
  }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(page, `${stack.url}/en/`);
    await page.getByLabel('Describe your image').fill('a red fox');
    await page.getByRole('button', { name: /generate/i }).click();
    const drawn = page.locator('figure.result-image .scene-line__drawn').first();
    await drawn.waitFor({ timeout: 60_000 });
    expect(await drawn.textContent()).toBe('Drew 🦊 fox');

    await page.getByLabel('Describe your image').fill('zzkx qwv');
    await page.getByRole('button', { name: /generate/i }).click();
    const missing = page.locator('figure.result-image .scene-line--nothing').first();
    await missing.waitFor({ timeout: 60_000 });
    expect(await missing.getAttribute('role')).toBe('note');
    expect(await missing.textContent()).toMatch(/Nothing in this prompt is in Pictura Scenes' vocabulary/);
    await page.close();
  });

  it('blurs an image the prompt check flagged until the viewer chooses to see it', {
    timeout: 90_000,
  }, async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await openApp(page, `${stack.url}/en/`);
    await page.getByLabel('Describe your image').fill('a gory battlefield at dawn');
    await page.getByRole('button', { name: /generate/i }).click();
    const figure = page.locator('figure.result-image').first();
    await figure.locator('img[src^="/files/"]').waitFor({ state: 'visible', timeout: 60_000 });
    await figure.getByText('This image may not be suitable for public viewing').waitFor();
    const blurred = () => figure.evaluate((element) => element.classList.contains('result-image--hidden'));
    expect(await blurred()).toBe(true);
    await figure.getByRole('button', { name: 'Show image' }).click();
    await expect.poll(blurred).toBe(false);
    // The notice stays; only the choice to look is gone.
    expect(await figure.getByRole('button', { name: 'Show image' }).count()).toBe(0);
    expect(await figure.getByText('This image may not be suitable for public viewing').count()).toBe(1);
    await page.close();
  });
});
