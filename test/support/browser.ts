// Headless Chromium from the machine's own package (never a downloaded browser), driven by Playwright.
import { existsSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

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
  await appStarted(page);
}

/** Waits until the app has started in the page's current document (after a reload or a navigation). */
export function appStarted(page: Page, options?: { timeout?: number }): Promise<void> {
  return waitInPage(page, 'window.__picturaReady === true', options);
}

export interface VisitorOptions extends BrowserContextOptions {
  /** The visitor's answer on the cookie banner, given on an earlier visit, so the banner covers nothing. */
  cookies?: 'accepted' | 'declined';
  /** A session token from an earlier sign-in: the visitor arrives signed in. */
  token?: string;
}

/**
 * A browser context for a returning visitor: the cookie banner answered and, with `token`, signed in. The
 * rest of the options go to Playwright's newContext (viewport, locale, reducedMotion…).
 */
export async function visitorContext(
  browser: Browser,
  { cookies = 'declined', token, ...options }: VisitorOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  const session = token ? ` localStorage.setItem('token', ${JSON.stringify(token)});` : '';
  await context.addInitScript(`localStorage.setItem('cookieConsent', '${cookies}');${session}`);
  return context;
}

/**
 * Waits until `expression` is true in the page. Not page.waitForFunction(string): that compiles the string
 * inside the page on every poll, which the app's Content-Security-Policy (no 'unsafe-eval') refuses. Here
 * the expression is part of one script sent over the DevTools protocol, which CSP does not govern.
 */
export async function waitInPage(page: Page, expression: string, { timeout = 30_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeout;
  const script = (left: number) => `new Promise((resolve, reject) => {
    const deadline = Date.now() + ${left};
    const check = () => {
      if (${expression}) return resolve(true);
      if (Date.now() > deadline) return reject(new Error(${JSON.stringify(`waited ${timeout} ms in the page for: ${expression}`)}));
      requestAnimationFrame(check);
    };
    check();
  })`;
  for (;;) {
    try {
      await page.evaluate(script(Math.max(0, deadline - Date.now())));
      return;
    } catch (error) {
      // A navigation replaced the document the wait ran in: wait again in the new one, as waitForFunction does.
      if (!/Execution context was destroyed/.test(String(error)) || Date.now() > deadline) throw error;
    }
  }
}

/**
 * Waits until the page's DOM has not changed for `quietMs` (charts have measured themselves, lists have
 * loaded): the state that a whole-page check such as axe needs, instead of a fixed pause.
 */
export async function pageSettled(page: Page, { quietMs = 300, timeout = 15_000 } = {}): Promise<void> {
  await page.evaluate(`new Promise((resolve, reject) => {
    let timer = setTimeout(done, ${quietMs});
    const cap = setTimeout(() => {
      observer.disconnect();
      clearTimeout(timer);
      reject(new Error('the page was still changing after ${timeout} ms'));
    }, ${timeout});
    const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, ${quietMs}); });
    function done() { observer.disconnect(); clearTimeout(cap); resolve(); }
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  })`);
}
