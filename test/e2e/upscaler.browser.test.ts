// A person in Chromium on the upscaler: uploads a picture, upscales it 4x while watching the progress,
// compares before and after with the slider, and is told plainly when a "PNG" is really text.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp } from '../support/browser.ts';
import { sharedStack } from '../support/shared-stack.ts';
import type { Stack } from '../support/stack.ts';

type Img = {
  decode(): Promise<void>;
  naturalWidth: number;
  naturalHeight: number;
  getAttribute(name: string): string | null;
};

describe('the upscaler page in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2266aa' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="64" height="48"><circle cx="32" cy="24" r="14" fill="#fc0"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    [stack, browser] = await Promise.all([sharedStack(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function shoot(page: Page, name: string) {
    await page.screenshot({ path: `/tmp/upscaler-${name}.png`, fullPage: true }).catch(() => {});
  }

  it('uploads a PNG, shows progress, then a 4x result with a draggable comparison', {
    timeout: 120_000,
  }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(page, `${stack.url}/en/upscaler`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The default sample is marked as an example.
    expect(await page.getByText('Example', { exact: true }).isVisible()).toBe(true);

    await page
      .getByLabel('Choose an image file')
      .setInputFiles({ name: 'scene.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => page.locator('.source-image__img').getAttribute('src'), { timeout: 30_000 })
      .toMatch(/^\/files\//);
    expect(await page.getByText('Example', { exact: true }).count()).toBe(0);

    // Record what the page shows while it works: a small upscale can finish within one poll interval.
    await page.evaluate(`
      window.__progress = [];
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const status = document.querySelector('[role="status"]');
        if (bar) window.__progress.push({ value: Number(bar.getAttribute('aria-valuenow')), text: status?.textContent ?? '' });
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    `);
    await page.getByRole('button', { name: 'Upscale', exact: true }).click();

    const result = page.getByRole('img', { name: 'Upscaled image' });
    await result.waitFor({ state: 'visible', timeout: 60_000 }).catch(async (error) => {
      await shoot(page, 'failure');
      throw error;
    });
    // The progress showed (a bar and text with a percent) before the result arrived.
    const seen = (await page.evaluate('window.__progress')) as { value: number; text: string }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((p) => /(queue|Upscaling).*\d+%/.test(p.text))).toBe(true);
    expect(seen.every((p) => p.value >= 0 && p.value <= 100)).toBe(true);
    const size = await result.evaluate(async (element) => {
      const img = element as unknown as Img;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight, src: img.getAttribute('src') };
    });
    expect(size).toMatchObject({ width: 256, height: 192 });
    expect(size.src).toMatch(/^\/files\//);
    expect(await page.getByText('256 × 192 px', { exact: true }).isVisible()).toBe(true);

    const slider = page.getByRole('slider');
    expect(await slider.getAttribute('aria-valuenow')).toBe('50');
    const box = (await slider.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 150, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    const dragged = Number(await slider.getAttribute('aria-valuenow'));
    expect(dragged).toBeLessThan(40);
    await slider.press('ArrowRight');
    expect(Number(await slider.getAttribute('aria-valuenow'))).toBe(dragged + 1);

    const download = page.getByRole('link', { name: /Download/ });
    expect(await download.getAttribute('target')).toBe('_blank');
    expect(await download.getAttribute('href')).toBe(size.src);
    await page.close();
  });

  it("says 'Uploaded file is not an image' for a text file named .png", { timeout: 60_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(page, `${stack.url}/en/upscaler`);
    await page.getByLabel('Choose an image file').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('just some text, not pixels\n'),
    });
    await expect
      .poll(() => page.getByRole('alert').first().textContent(), { timeout: 30_000 })
      .toContain('Uploaded file is not an image');
    // The example stays in place.
    expect(await page.locator('.source-image__img').getAttribute('src')).toBe('/samples/upscale-example.png');
    await page.close();
  });

  it('refuses a file that is not an image, and one over 10 MB, before sending anything', {
    timeout: 60_000,
  }, async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 780 } });
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/upload/image')) uploads.push(request.url());
    });
    await openApp(page, `${stack.url}/en/upscaler`);
    const input = page.getByLabel('Choose an image file');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect
      .poll(() => page.getByRole('alert').first().textContent(), { timeout: 10_000 })
      .toContain('Uploaded file is not an image');
    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(10_485_761, 1),
    });
    await expect
      .poll(() => page.getByRole('alert').first().textContent(), { timeout: 10_000 })
      .toContain('File is too large (maximum 10MB)');
    expect(uploads).toEqual([]);
    expect(await page.locator('.source-image__img').getAttribute('src')).toBe('/samples/upscale-example.png');
    await page.close();
  });

  it('falls back to the example when the link in the page query cannot load', {
    timeout: 60_000,
  }, async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 780 } });
    await openApp(page, `${stack.url}/en/upscaler?imageUrl=${encodeURIComponent('/files/missing.png')}`);
    await expect
      .poll(() => page.getByRole('alert').first().textContent(), { timeout: 20_000 })
      .toContain('Cannot load image, please check the URL The default example image is used instead.');
    expect(await page.locator('.source-image__img').getAttribute('src')).toBe('/samples/upscale-example.png');
    await page.close();
  });
});
