// A person in Chromium cancels a generation that is waiting in the queue: the Cancel button beside the
// progress, then the Cancelled state; in English and Arabic (RTL), on a desktop and a phone width.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp } from '../support/browser.ts';
import { type Stack, startStack } from '../support/stack.ts';

/** Screenshots for people to look at (not compared): under the system's temp folder. */
const SHOTS = join(tmpdir(), 'pictura-job-cancel-shots');

const CASES = [
  { lang: 'en', width: 1280, cancel: 'Cancel', cancelled: 'Cancelled' },
  { lang: 'en', width: 375, cancel: 'Cancel', cancelled: 'Cancelled' },
  { lang: 'ar', width: 1280, cancel: 'إلغاء', cancelled: 'تم الإلغاء' },
  { lang: 'ar', width: 375, cancel: 'إلغاء', cancelled: 'تم الإلغاء' },
] as const;

describe('cancelling a generation in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [stack, browser] = await Promise.all([
      // No worker: every job waits in the queue until cancelled.
      startStack({ processes: ['auth', 'billing', 'history', 'jobs', 'gateway'] }),
      launchBrowser(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  for (const { lang, width, cancel, cancelled } of CASES) {
    it(`cancels a waiting generation (${lang}, ${width} px)`, { timeout: 90_000 }, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const deletes: number[] = [];
      page.on('response', (response) => {
        if (response.request().method() === 'DELETE') deletes.push(response.status());
      });
      await openApp(page, `${stack.url}/${lang}/`);
      await page.locator('textarea').first().fill('a lighthouse at dusk');
      await page.locator('form button[type="submit"]').click();
      const button = page.getByRole('button', { name: cancel, exact: true });
      await button.waitFor({ state: 'visible', timeout: 30_000 });
      await page.locator('.results').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `generator-cancel-${lang}-${width}.png`) });
      // The stream's `cancelled` event may reach the page before the DELETE's own answer: wait for both.
      const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE');
      await button.click();
      expect((await deleted).status()).toBe(200);
      await expect.poll(() => page.locator('.results [role="status"]').textContent()).toContain(cancelled);
      expect(deletes).toEqual([200]);
      // The button goes with the job, and the form is free for the next prompt.
      expect(await page.getByRole('button', { name: cancel, exact: true }).count()).toBe(0);
      expect(await page.locator('form button[type="submit"]').isDisabled()).toBe(false);
      await page.screenshot({ path: join(SHOTS, `generator-cancelled-${lang}-${width}.png`) });
      await page.close();
    });
  }
});
