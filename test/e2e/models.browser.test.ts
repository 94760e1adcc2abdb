// The model manager in Chromium: a fresh server says honestly that its only generator is Pictura Scenes,
// which draws one emoji-style thing per prompt (administrators also see how to install a real model), the upscaler tells the time before it starts,
// and the admin Models page lists the built-ins and the catalogue, installs a model from a loopback
// Hugging Face mirror with live progress, warns that its licence forbids commercial use, and removes it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinySdFolder } from '../../services/worker/test/pipelines/sd-turbo/sd-turbo.fixture.ts';
import { launchBrowser, openApp, visitorContext, waitInPage } from '../support/browser.ts';
import { type HfMirror, startHfMirror } from '../support/hf-mirror.ts';
import { type Stack, startStack } from '../support/stack.ts';

const REPO = 'pictura-test/tiny-sd-turbo';
const DESKTOP = { width: 1280, height: 900 };
const DEMO_TITLE = 'Pictura Scenes: simple illustrated scenes';
const INSTALL_COMMAND = 'npm run models -- install sd-turbo';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describe('models in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let mirror: HfMirror;
  let modelsDir: string;
  let source: string;
  let revision: string;
  let adminToken = '';

  beforeAll(async () => {
    mirror = await startHfMirror();
    source = await mkdtemp(join(tmpdir(), 'tiny-sd-'));
    modelsDir = await mkdtemp(join(tmpdir(), 'models-'));
    await writeTinySdFolder(source);
    // A non-commercial licence on the model card: the page must warn about it once installed.
    revision = await mirror.addRepoFromFolder(REPO, source, { license: 'cc-by-nc-4.0' });
    [stack, browser] = await Promise.all([
      startStack({ env: { HF_ENDPOINT: mirror.url, MODELS_DIR: modelsDir } }),
      launchBrowser(),
    ]);
    // The first account of a stack is the administrator.
    const res = await stack.api<{ token: string }>('POST', '/api/auth/register', undefined, {
      username: 'root',
      password: 'root password',
    });
    expect(res.status).toBe(201);
    adminToken = res.body.token;
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await mirror?.close();
    await Promise.all([source, modelsDir].map((dir) => dir && rm(dir, { recursive: true, force: true })));
  });

  const context = (token?: string, viewport = DESKTOP): Promise<BrowserContext> =>
    visitorContext(browser, { token, viewport, reducedMotion: 'reduce' });

  async function openModels(page: Page, locale = 'en') {
    await openApp(page, `${stack.url}/${locale}/admin/models`);
    await page.locator('main h1').waitFor();
    await waitInPage(page, 'document.querySelectorAll(".admin-skeleton").length === 0', {
      timeout: 30_000,
    });
  }

  async function axeViolations(page: Page): Promise<Violation[]> {
    await page.evaluate(axe.source); // not addScriptTag: the page's CSP refuses inline scripts
    const result = (await page.evaluate(
      `axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] })`,
    )) as { violations: Violation[] };
    return result.violations;
  }

  it('says plainly what the built-in generator can draw, and shows administrators how to install a real one', {
    timeout: 60_000,
  }, async () => {
    const guest = await context();
    const page = await guest.newPage();
    await openApp(page, `${stack.url}/en/`);
    const notice = page.locator('.demo-model-notice');
    await notice.getByText(DEMO_TITLE).waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toMatch(
      /public-domain clip art.*built-in scene painter.*not photographs/,
    );
    // It comes late (once the models are known), so it sits low in the form, just before Generate, where it
    // moves nothing above it.
    expect(await page.locator('.demo-model-notice + .generator-form__submit').count()).toBe(1);
    // Visitors are not told to run server commands.
    expect(await notice.getByText(INSTALL_COMMAND).count()).toBe(0);
    // The model picker names models by title, never by a raw id.
    const options = await page.getByLabel('Model', { exact: true }).locator('option').allTextContents();
    expect(options.join(' ')).not.toMatch(/Automatic \(server default\)/);
    expect(options.every((text) => !/^[a-z0-9]+(-[a-z0-9]+)+$/.test(text))).toBe(true);
    await guest.close();

    const admin = await context(adminToken);
    const adminPage = await admin.newPage();
    await openApp(adminPage, `${stack.url}/en/`);
    const adminNotice = adminPage.locator('.demo-model-notice');
    await adminNotice.getByText(INSTALL_COMMAND).waitFor({ timeout: 30_000 });
    await adminNotice.getByRole('link', { name: 'Open the Models page' }).click();
    await adminPage.waitForURL(`${stack.url}/en/admin/models`);
    await adminPage.getByRole('heading', { level: 1, name: 'Models' }).waitFor();
    await admin.close();
  });

  it('shows how long an upscale will take before it starts', { timeout: 60_000 }, async () => {
    const guest = await context();
    const page = await guest.newPage();
    await openApp(page, `${stack.url}/en/upscaler`);
    const estimate = page.locator('.upscaler__estimate');
    await estimate.waitFor({ timeout: 30_000 });
    expect(await estimate.textContent()).toMatch(/About \d+ (ms|sec|min|hr).* on this server/);
    // The result's size follows from the loaded picture: four times each side.
    const size = await page.locator('.source-image__img').evaluate((element) => {
      const image = element as unknown as { naturalWidth: number; naturalHeight: number };
      return [image.naturalWidth, image.naturalHeight];
    });
    expect(await estimate.textContent()).toContain(`${size[0]! * 4} × ${size[1]! * 4} px`);
    await guest.close();
  });

  it('lists the built-ins and the catalogue, installs from Hugging Face with live progress, warns, and removes', {
    timeout: 240_000,
  }, async () => {
    const admin = await context(adminToken);
    const page = await admin.newPage();
    await openModels(page);
    const installed = page.locator('section[aria-labelledby="models-installed"]');
    const catalogue = page.locator('section[aria-labelledby="models-catalogue"]');

    // Built-ins are listed, marked, and cannot be removed.
    const builtins = installed.locator('li').filter({ hasText: 'Built-in' });
    expect(await builtins.count()).toBeGreaterThanOrEqual(2);
    expect(await installed.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    // The catalogue lists its entries with download size and licence, each installable.
    await catalogue.getByRole('heading', { name: 'ESRGAN Thick 4x (high quality, slow)' }).waitFor();
    const esrgan = catalogue.locator('li').filter({ hasText: 'ESRGAN Thick 4x' });
    expect(await esrgan.textContent()).toMatch(/Download\s*\d+(\.\d)? MB/);
    expect(await esrgan.getByRole('link', { name: /MIT/ }).count()).toBe(1);
    expect(await esrgan.getByRole('button', { name: /Install/ }).count()).toBe(1);
    // One selector per kind for the default; the image check can be turned off.
    for (const label of ['Image generation', 'Upscaling', 'Image check']) {
      expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1);
    }
    expect(
      await page.getByLabel('Image check', { exact: true }).locator('option').allTextContents(),
    ).toContain('None (no image check)');

    // Record every state the task shows: an install on a fast machine can finish within one poll.
    await page.evaluate(`
      window.__taskStates = [];
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('.model-task')) {
          const text = element.textContent;
          if (text && window.__taskStates.at(-1) !== text) window.__taskStates.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    `);
    const reference = `hf:${REPO}@${revision}`;
    await page.getByLabel('Repository', { exact: true }).fill(reference);
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    const hubTask = page.locator('.model-hub__task').filter({ hasText: reference });
    await hubTask.getByText('Installed', { exact: true }).waitFor({ timeout: 180_000 });
    const states = (await page.evaluate('window.__taskStates')) as string[];
    expect(
      states.some((text) => /Waiting for a worker|Downloading|Checking files|Installing/.test(text)),
    ).toBe(true);

    // Listed without a reload; its licence forbids commercial use, and the page says what that means.
    const ours = installed.locator('li').filter({ has: page.getByRole('button', { name: /Remove/ }) });
    await ours.first().waitFor({ timeout: 30_000 });
    expect(await ours.count()).toBe(1);
    expect(await ours.textContent()).toMatch(/Commercial use\s*Not allowed/);
    await ours.getByText(/Outputs of this model may not be used commercially/).waitFor();
    expect(await ours.getByRole('link', { name: /cc-by-nc-4\.0/ }).count()).toBe(1);
    // The generator no longer calls itself a demo.
    const home = await admin.newPage();
    await openApp(home, `${stack.url}/en/`);
    await home.getByLabel('Model', { exact: true }).locator('option').nth(1).waitFor({ state: 'attached' });
    expect(await home.locator('.demo-model-notice').count()).toBe(0);
    await home.close();

    const violations = await axeViolations(page);
    expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target})`)).toEqual([]);

    // Remove asks first, then the model leaves the list.
    const title = (await ours.locator('h3').textContent()) ?? '';
    await ours.getByRole('button', { name: /Remove/ }).click();
    const dialog = page.getByRole('alertdialog', { name: `Remove ${title}?` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    // The card goes once the worker has removed the files; a failed removal says why.
    await expect
      .poll(
        async () =>
          (await installed.getByRole('heading', { name: title, exact: true }).count()) === 0 ||
          (await installed.getByText('The removal failed').count()) > 0,
        { timeout: 120_000 },
      )
      .toBe(true);
    const tasks = await stack.api<{ tasks: unknown[] }>('GET', '/api/admin/models', adminToken);
    expect(
      await installed.getByRole('heading', { name: title, exact: true }).count(),
      JSON.stringify(tasks.body.tasks),
    ).toBe(0);
    expect(await installed.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    await admin.close();
  });

  it('reads right to left in Arabic with no accessibility violations', { timeout: 60_000 }, async () => {
    const admin = await context(adminToken);
    const page = await admin.newPage();
    await openModels(page, 'ar');
    await page.getByRole('heading', { level: 1, name: 'النماذج' }).waitFor();
    expect(await page.evaluate('document.documentElement.dir')).toBe('rtl');
    const violations = await axeViolations(page);
    expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target})`)).toEqual([]);
    await admin.close();
  });
});
