// Headless Chromium from the machine's own package (never a downloaded browser), driven by Playwright.
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}: apt-get install -y chromium (.ci/run installs it)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Opens a page and waits until the app has started: the pre-rendered HTML shows first, and what is typed
 * into it before the app takes over is discarded (the app sets `window.__picturaReady` once mounted).
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction('window.__picturaReady === true', undefined, { timeout: 30_000 });
}
