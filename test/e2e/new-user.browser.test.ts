// What new users tripped over (issue 18, points 5, 6, 7, 9, 10 and 11), checked as they meet it in Chromium:
// the FAQ says who has their pictures kept, the upscaler warns free users of the mark before they upload,
// chat is in the navigation once signed in, cards carry no seed or raw model id, the examples are labelled
// as the illustrations they are, and on a 375 px (and 320 px) phone titles, chips and buttons fit.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generatedItem, publishPost, registerUser, type TestUser } from '../support/accounts.ts';
import { adminCli } from '../support/admin-cli.ts';
import { launchBrowser, openApp, visitorContext, waitInPage } from '../support/browser.ts';
import { type Stack, startStack } from '../support/stack.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };
const SMALL_PHONE = { width: 320, height: 700 };

describe('what a new user meets, in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let alexandra: TestUser;
  let pat: TestUser;
  let postId = '';
  let root: TestUser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    root = await registerUser(stack, 'root');
    // A long name and a long prompt: what a phone's narrow cards must still show.
    alexandra = await registerUser(stack, 'alexandra_konstantinopoulou');
    pat = await registerUser(stack, 'pat');
    const granted = await adminCli(stack, ['grant-plan', 'pat', 'premium', '--months', '1']);
    expect(granted.code).toBe(0);
    const item = await generatedItem(stack, alexandra.token, {
      prompt: 'a red fox sleeping in a snowy birch forest at dawn',
      seed: 4_000_000_001,
    });
    postId = await publishPost(stack, alexandra.token, {
      historyId: item.id,
      title: 'Sleeping fox',
      tags: ['fox'],
    });
  }, 240_000);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A page for the user (or a guest), cookie choice made, the app started at `path`. */
  async function visit(path: string, user?: TestUser, viewport = DESKTOP): Promise<Page> {
    const context = await visitorContext(browser, {
      cookies: 'accepted',
      token: user?.token,
      viewport,
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    const page = await context.newPage();
    await openApp(page, `${stack.url}${path}`);
    return page;
  }

  it('says in the FAQ that guests keep nothing and signed-in users keep a history', async () => {
    for (const user of [undefined, alexandra]) {
      const page = await visit('/en/faq', user);
      const item = page.locator('#faq-storage');
      await item.locator('summary').click();
      const answer = (await item.locator('.faq-item__answer').textContent()) ?? '';
      expect(answer).toMatch(/^Without an account, no: your prompts are not kept/);
      expect(answer).toContain('With an account, yes: what you create is saved in your History');
      expect(answer).toContain('until you delete it there or delete your account in Settings');
      expect(answer).not.toMatch(/^No\. /);
    }
    const arabic = await visit('/ar/faq');
    await arabic.locator('#faq-storage summary').click();
    expect(await arabic.locator('#faq-storage .faq-item__answer').textContent()).toMatch(/^بدون حساب، لا/);
  });

  it('warns guests and free users of the PICTURA mark before upload, with a way to pricing; not paid users', async () => {
    for (const user of [undefined, alexandra]) {
      const page = await visit('/en/upscaler', user);
      const note = page.getByTestId('watermark-note');
      await note.waitFor();
      expect(await note.textContent()).toContain('upscaled pictures get a small PICTURA mark');
      // Said beside the upload button, before anything is uploaded.
      expect(await page.locator('.upscaler__controls [data-testid="watermark-note"]').count()).toBe(1);
      await note.getByRole('link', { name: 'Upgrade to remove it' }).click();
      await page.waitForURL(/\/en\/pricing$/);
    }
    const paid = await visit('/en/upscaler', pat);
    // The upgrade banner leaves once the plan is known; the note must not be there then either.
    await paid.locator('.side-nav__user').waitFor();
    await waitInPage(paid, '!document.querySelector(".upgrade-banner")');
    await waitInPage(paid, 'document.querySelector("select") !== null');
    expect(await paid.getByTestId('watermark-note').count()).toBe(0);
  });

  it('links chat from the side navigation and the drawer for signed-in users only', async () => {
    const guest = await visit('/en/', undefined);
    await guest.locator('.side-nav').waitFor();
    expect(await guest.locator('.side-nav a[href="/en/chat"]').count()).toBe(0);

    const page = await visit('/en/', alexandra);
    const link = page.locator('.side-nav').getByRole('link', { name: 'Chat' });
    await link.click();
    await page.waitForURL(/\/en\/chat$/);
    await page.getByRole('heading', { level: 1 }).waitFor();

    const phone = await visit('/ar/', alexandra, PHONE);
    await phone.locator('.topbar__menu').click();
    await phone.locator('.drawer a[href="/ar/chat"]').waitFor();
    expect(await phone.locator('.drawer a[href="/ar/chat"]').textContent()).toBe('الدردشة');
  });

  it('keeps the seed off the cards and shows it, copyable, in the detail view', async () => {
    const page = await visit('/en/history', alexandra);
    const card = page.locator('.history-card').first();
    await card.waitFor();
    expect(await card.textContent()).not.toContain('4000000001');
    await card.locator('.history-card__open').click();
    const viewer = page.getByRole('dialog', { name: 'Generated image' });
    await viewer.getByText('4000000001', { exact: true }).waitFor();
    // Where a model is named, it is by its title, never the raw id.
    expect(await viewer.textContent()).not.toContain('pictura-emoji');
    await viewer.getByRole('button', { name: 'Copy seed' }).click();
    await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe('4000000001');

    const home = await visit('/en/', undefined);
    // The title is isolated (FSI…PDI) for right-to-left pages; the words are what count.
    await expect
      .poll(async () =>
        (await home.locator('select option').allTextContents()).map((text) =>
          text.replace(/[\u2068\u2069]/g, ''),
        ),
      )
      .toContain('Pictura Scenes (recommended)');
  });

  it('labels each example with the style it is drawn in, and says they are illustrations', async () => {
    const page = await visit('/en/examples');
    const fox = page.locator('.example-card', { hasText: 'Fox in the snow' });
    await fox.waitFor();
    expect(await fox.locator('.example-card__tags').textContent()).toContain('Flat design');
    expect(await fox.locator('.example-card__prompt').textContent()).not.toContain('detailed fur');
    const tags = await page.locator('.example-card__tags span:first-child').allTextContents();
    expect(tags).not.toContain('Photographic');
    expect(await page.locator('.examples-note').textContent()).toContain('illustrations of each style');
  });

  /** Elements matching `selector` whose content is wider than their box, or that reach past the window. */
  function overflowing(page: Page, selector: string): Promise<string[]> {
    return page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return el.scrollWidth > el.clientWidth + 1 || box.left < -1 || box.right > innerWidth + 1;
      })
      .map((el) => el.className + ': ' + el.textContent.trim().slice(0, 40))`) as Promise<string[]>;
  }

  it('spreads a short community feed over the width instead of leaving empty columns', async () => {
    // One post on a 1024 px tablet: three columns would fit, but the whole feed is one card, so it is laid out in
    // fewer, wider columns (never wider than 440 px) rather than a third of the width and two empty thirds.
    const page = await visit('/en/community', alexandra, { width: 1024, height: 900 });
    const card = page.locator('.gallery-card:not(.gallery-card--skeleton)').first();
    await card.waitFor();
    await page.waitForLoadState('networkidle');
    const grid = (await page.locator('.post-grid').boundingBox())!;
    const width = (await card.boundingBox())!.width;
    expect(width).toBeGreaterThan(grid.width * 0.4);
    expect(width).toBeLessThanOrEqual(441);
  });

  it('keeps a long user name inside the admin pages and the My posts header', {
    timeout: 90_000,
  }, async () => {
    const pageWidth = (page: Page) => page.evaluate('document.documentElement.scrollWidth');
    // The users table: the long name breaks in its column, so each row's actions stay inside the table.
    const users = await visit('/en/admin/users', root);
    await users.getByText('@alexandra_konstantinopoulou').waitFor();
    expect(await pageWidth(users)).toBe(DESKTOP.width);
    const actionsInside = `(() => {
      const table = document.querySelector('.admin-table-wrap').getBoundingClientRect();
      return [...document.querySelectorAll('.admin-table__actions')].every((cell) => {
        const box = cell.getBoundingClientRect();
        return box.left >= table.left - 1 && box.right <= table.right + 1;
      });
    })()`;
    expect(await users.evaluate(actionsInside)).toBe(true);
    for (const locale of ['en', 'ar']) {
      const content = await visit(`/${locale}/admin/content`, root, PHONE);
      await content.locator('.mod-item__meta').first().waitFor();
      expect(await pageWidth(content)).toBe(PHONE.width);
      const mine = await visit(`/${locale}/user/posts`, alexandra, SMALL_PHONE);
      await mine.locator('.community-hero__actions .button').first().waitFor();
      expect(await overflowing(mine, '.community-hero__actions .button')).toEqual([]);
      expect(await pageWidth(mine)).toBe(SMALL_PHONE.width);
    }
  });

  it('keeps the community cards on screen while a stored sign-in is confirmed', async () => {
    const context = await visitorContext(browser, {
      cookies: 'accepted',
      token: alexandra.token,
      viewport: PHONE,
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    // Every card the page removes is counted; the session check is held back until the feed (fetched for a
    // viewer not yet known) has shown its cards.
    await context.addInitScript(`
      window.removedCards = 0;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node.nodeType === 1 && (node.matches('.gallery-card:not(.gallery-card--skeleton)') || node.querySelector('.gallery-card:not(.gallery-card--skeleton)'))) window.removedCards++;
      }).observe(document, { childList: true, subtree: true });
    `);
    let feedShown = () => {};
    const held = new Promise<void>((resolve) => {
      feedShown = resolve;
    });
    await context.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/community`);
    await page.locator('.gallery-card__author-name').first().waitFor();
    feedShown();
    await page.locator('.side-nav__user').waitFor();
    // The feed is asked again for the now-known viewer; its cards stay put meanwhile.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate('window.removedCards')).toBe(0);
    expect(await page.locator('.gallery-card__author-name').first().textContent()).toBe(
      'alexandra_konstantinopoulou',
    );
  });

  /** How many lines of text the first `selector` shows (a clamped text's hidden lines not counted). */
  const shownLines = (page: Page, selector: string) =>
    page.evaluate(`(() => {
      const el = document.querySelector(${JSON.stringify(selector)});
      return Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight));
    })()`) as Promise<number>;

  /** How many lines the text inside the first `selector` (a button) is laid out on. */
  const textLines = (page: Page, selector: string) =>
    page.evaluate(`(() => {
      const walker = document.createTreeWalker(document.querySelector(${JSON.stringify(selector)}), NodeFilter.SHOW_TEXT);
      const rows = new Set();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 1) rows.add(Math.round(r.top));
      }
      return rows.size;
    })()`) as Promise<number>;

  for (const locale of ['en', 'ar']) {
    for (const viewport of [PHONE, SMALL_PHONE]) {
      it(`fits titles, chips, names and buttons on a ${viewport.width} px phone in ${locale}`, {
        timeout: 90_000,
      }, async () => {
        const pageWidth = (page: Page) => page.evaluate('document.documentElement.scrollWidth');

        const history = await visit(`/${locale}/history`, alexandra, viewport);
        const title = history.locator('.history-card__title').first();
        await title.waitFor();
        // The title may take two lines, and shows far more than "a red…".
        expect(await shownLines(history, '.history-card__title')).toBe(2);
        expect(await overflowing(history, '.history-tabs__tab, .history-card__meta')).toEqual([]);
        // The date is not drawn under the card's buttons.
        const dateUnderButtons = `(() => {
          const date = document.querySelector('.history-card__meta time').getBoundingClientRect();
          const actions = document.querySelector('.history-card__actions').getBoundingClientRect();
          return date.bottom > actions.top && date.top < actions.bottom && date.right > actions.left && date.left < actions.right;
        })()`;
        expect(await history.evaluate(dateUnderButtons)).toBe(false);
        expect(await pageWidth(history)).toBe(viewport.width);

        const settings = await visit(`/${locale}/settings`, alexandra, viewport);
        await settings.locator('.settings-nav__link').first().waitFor();
        // Every section chip is inside the window: they wrap rather than run off the edge.
        expect(await overflowing(settings, '.settings-nav__link')).toEqual([]);
        expect(await overflowing(settings, '.choice-group--segmented, .appearance-language')).toEqual([]);
        expect(await pageWidth(settings)).toBe(viewport.width);

        const community = await visit(`/${locale}/community`, alexandra, viewport);
        const name = community.locator('.gallery-card__author-name').first();
        await name.waitFor();
        // Two lines for a long name: far more of it than the first few letters.
        expect(await shownLines(community, '.gallery-card__author-name')).toBe(2);

        // The post page too: the long name wraps inside the card rather than widening the page.
        const post = await visit(`/${locale}/community/post/${postId}`, alexandra, viewport);
        await post.locator('.post-detail__author').waitFor();
        expect(await overflowing(post, '.post-detail__byline, .post-detail__author')).toEqual([]);
        expect(await pageWidth(post)).toBe(viewport.width);

        const pricing = await visit(`/${locale}/pricing`, alexandra, viewport);
        const current = pricing.locator('.plan-card__action .button[disabled]').first();
        await current.waitFor();
        expect(await textLines(pricing, '.plan-card__action .button[disabled]')).toBe(1);
        expect(await overflowing(pricing, '.plan-card__action .button')).toEqual([]);
        // The monthly/yearly switch with its saving fits beside the folded navigation.
        expect(await overflowing(pricing, '.billing-toggle, .billing-toggle__track')).toEqual([]);
        expect(await pageWidth(pricing)).toBe(viewport.width);

        const home = await visit(`/${locale}/`, undefined, viewport);
        await home.locator('.topbar__signin').waitFor();
        expect(await overflowing(home, '.topbar__actions, .example-card')).toEqual([]);
        expect(await pageWidth(home)).toBe(viewport.width);
      });
    }
  }
});
