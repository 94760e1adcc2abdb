// The offline worker in real Chromium against the real stack: registered as /sw.js?v={version}, it keeps
// the app shell, pages and images, serves them offline, answers its three messages, cleans stale images,
// and a new version is offered through the update notice (Refresh / Later, Later remembered per session).
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, waitInPage } from '../support/browser.ts';
import { type Stack, startStack } from '../support/stack.ts';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../web/package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const WORKER_URL = `/sw.js?v=${VERSION}`;

/** Registers the worker the way the app does and waits until it controls the page. */
async function controlled(page: Page, url = WORKER_URL): Promise<void> {
  await page.evaluate(`navigator.serviceWorker.register(${JSON.stringify(url)}, { scope: '/' })`);
  await page.evaluate('navigator.serviceWorker.ready');
  await waitInPage(page, 'navigator.serviceWorker.controller !== null', { timeout: 20_000 });
}

/** Sends a message to the controlling worker and returns its answer. */
function ask(page: Page, message: unknown): Promise<Record<string, unknown>> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    setTimeout(() => reject(new Error('no answer')), 20000);
    navigator.serviceWorker.controller.postMessage(${JSON.stringify(message)}, [channel.port2]);
  })`);
}

function cachedUrls(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(
    `caches.open(${JSON.stringify(cacheName)}).then((c) => c.keys()).then((keys) => keys.map((k) => new URL(k.url).pathname))`,
  );
}

describe('the offline worker', () => {
  let stack: Stack;
  let browser: Browser;
  // A copy of the built app, so a test can ship a "new release" of sw.js without touching web/dist.
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'pictura-web-'));
    cpSync(new URL('../../web/dist', import.meta.url), webDir, { recursive: true });
    [stack, browser] = await Promise.all([startStack({ env: { WEB_DIST_DIR: webDir } }), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('is registered by the app itself, with its version, for the whole site', {
    timeout: 60_000,
  }, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.url}/en/`);
    await waitInPage(page, 'navigator.serviceWorker.controller !== null', { timeout: 30_000 });
    const registration = (await page.evaluate(
      `navigator.serviceWorker.getRegistration().then((r) => ({ script: r.active.scriptURL, scope: r.scope }))`,
    )) as { script: string; scope: string };
    expect(registration).toEqual({ script: `${stack.url}${WORKER_URL}`, scope: `${stack.url}/` });
    const worker = await fetch(`${stack.url}${WORKER_URL}`);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    await context.close();
  });

  it('keeps the shell, visited pages and images, and serves them offline', { timeout: 90_000 }, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.url}/en/faq`);
    await controlled(page);
    const shell = await page.evaluate(
      `caches.keys().then((names) => names.find((n) => n.startsWith('pictura-shell-')))`,
    );
    expect(shell).toBe(`pictura-shell-${VERSION}`);
    const shellFiles = await cachedUrls(page, shell as string);
    expect(shellFiles).toContain('/index.html');
    expect(shellFiles.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);

    // Under control now: this load goes through the worker, which keeps the page and the picture.
    await page.goto(`${stack.url}/en/upscaler`);
    const sample = page.locator('img[src="/samples/upscale-example.png"]').first();
    await sample.waitFor();
    await expect.poll(() => cachedUrls(page, 'pictura-images')).toContain('/samples/upscale-example.png');
    expect(await cachedUrls(page, 'pictura-pages')).toContain('/en/upscaler');

    await context.setOffline(true);
    try {
      // A visited page comes back as it was, its picture from the cache.
      const again = await page.goto(`${stack.url}/en/upscaler?imageUrl=ignored`);
      expect(again?.fromServiceWorker()).toBe(true);
      await expect
        .poll(() =>
          page.evaluate(`(() => { const img = document.querySelector('img[src="/samples/upscale-example.png"]');
            return img ? img.complete && img.naturalWidth : 0; })()`),
        )
        .toBeGreaterThan(0);
      // A page never visited gets the app shell, which then renders it from the cached scripts.
      const fresh = await page.goto(`${stack.url}/en/no-such-page-visited`);
      expect(fresh?.status()).toBe(200);
      expect(await page.locator('script[type="module"][src^="/assets/"]').count()).toBe(1);
      // The API is never answered from a cache.
      const api = await page.evaluate(`fetch('/api/health').then(() => 'answered', () => 'failed')`);
      expect(api).toBe('failed');
    } finally {
      await context.setOffline(false);
    }
    await context.close();
  });

  it('answers prefetchImages, cleanImageCache and the clean-image-cache sync', {
    timeout: 60_000,
  }, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.url}/en/faq`);
    await controlled(page);

    const prefetched = await ask(page, {
      type: 'prefetchImages',
      urls: [
        '/samples/upscale-example-4x.png',
        '/files/does-not-exist.png',
        'https://elsewhere.example/x.png',
      ],
    });
    // Other hosts are never fetched; a missing file is a failure, not a cached error page.
    expect(prefetched).toEqual({ type: 'prefetchImages', cached: 1, failed: 1 });
    expect(await cachedUrls(page, 'pictura-images')).toEqual(['/samples/upscale-example-4x.png']);

    // An image stored 8 days ago is stale: cleaning drops it and keeps the fresh one.
    await page.evaluate(`caches.open('pictura-images').then((cache) => cache.put('/files/old.png',
      new Response('old', { headers: { 'content-type': 'image/png', 'x-offline-cached-at': String(Date.now() - 8 * 86400000) } })))`);
    expect(await ask(page, 'cleanImageCache')).toEqual({ type: 'cleanImageCache', removed: 1 });
    expect(await cachedUrls(page, 'pictura-images')).toEqual(['/samples/upscale-example-4x.png']);

    // The same cleaning runs as background sync under the tag clean-image-cache.
    await page.evaluate(`caches.open('pictura-images').then((cache) => cache.put('/files/old.png',
      new Response('old', { headers: { 'x-offline-cached-at': '1' } })))`);
    const cdp = await context.newCDPSession(page);
    const scope = `${stack.url}/`;
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
        const found = event.registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
        if (found) resolve(found.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: stack.url,
      registrationId: await registrationId,
      tag: 'clean-image-cache',
      lastChance: false,
    });
    await expect.poll(() => cachedUrls(page, 'pictura-images')).toEqual(['/samples/upscale-example-4x.png']);
    await context.close();
  });

  it('offers a new version: Later hides it for the session, Refresh switches and reloads', {
    timeout: 120_000,
  }, async () => {
    const context: BrowserContext = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.url}/en/`);
    await waitInPage(page, 'navigator.serviceWorker.controller !== null', { timeout: 30_000 });
    const text = 'A new version of Pictura is available.';
    const notice = page.getByRole('status').filter({ hasText: text });

    // A new release changes sw.js; the periodic update check (registration.update) finds and installs it.
    rmSync(join(webDir, 'sw.js.br'), { force: true });
    rmSync(join(webDir, 'sw.js.gz'), { force: true });
    appendFileSync(join(webDir, 'sw.js'), '\n// the next release\n');
    await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update())');
    await notice.waitFor({ timeout: 30_000 });
    await notice.getByRole('button', { name: 'Later' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await page.evaluate("sessionStorage.getItem('sw_update_dismissed')")).toBe('true');

    // Reloaded in the same session: the app has seen the waiting worker (its registration settled before
    // this one, registrations queue in order) and stays quiet.
    await page.reload();
    await page.evaluate(`navigator.serviceWorker.register(${JSON.stringify(WORKER_URL)}, { scope: '/' })
      .then((r) => { if (!r.waiting) throw new Error('no waiting worker'); })
      .then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))`);
    expect(await notice.count()).toBe(0);

    // A new tab is a new session: the notice is back, and Refresh hands over and reloads.
    const tab = await context.newPage();
    await tab.goto(`${stack.url}/en/`);
    const tabNotice = tab.getByRole('status').filter({ hasText: text });
    await tabNotice.waitFor({ timeout: 30_000 });
    const reloaded = tab.waitForEvent('load');
    await tabNotice.getByRole('button', { name: 'Refresh' }).click();
    await reloaded;
    const after = await tab.evaluate(
      'navigator.serviceWorker.getRegistration().then((r) => ({ waiting: r.waiting, active: r.active?.scriptURL }))',
    );
    expect(after).toEqual({ waiting: null, active: `${stack.url}${WORKER_URL}` });
    await context.close();
  });
});
