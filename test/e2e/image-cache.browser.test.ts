// The image cache of spec 9 in Chromium: gallery pictures are asked for only when they come within 100 px
// of view; a page visited again shows its pictures from the cache without asking the server again (and a
// reload knows them from the session-storage index); history cards show theirs through it too; and a picture
// that fails shows its error with a retry that opens, and asks again, only after 60 s.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generatedItem, publishPost, registerUser, type TestUser } from '../support/accounts.ts';
import { appStarted, launchBrowser, openApp, visitorContext, waitInPage } from '../support/browser.ts';
import { type Stack, startStack } from '../support/stack.ts';

type Body = Record<string, unknown> & { items?: Record<string, unknown>[] };

// Narrow and short, so a handful of posts reaches far below the fold.
const PHONE = { width: 375, height: 600 };
const POSTS = 6;

describe('the image cache in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let alice: TestUser;
  /** Oldest first: the last of the gallery's cards (newest first) is the first here. */
  const posts: { id: string; imageUrl: string }[] = [];
  const contexts: BrowserContext[] = [];

  /** A page for Alice with the offline worker blocked, so only the page's own cache is at work. */
  async function newPage(options: { clock?: boolean } = {}): Promise<Page> {
    const context = await visitorContext(browser, {
      viewport: PHONE,
      serviceWorkers: 'block',
      cookies: 'accepted',
      token: alice.token,
    });
    contexts.push(context);
    const page = await context.newPage();
    if (options.clock) await page.clock.install();
    return page;
  }

  /** Every request the page makes for one of the posts' pictures, as path and query. */
  function recordImageRequests(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/files/')) seen.push(`${url.pathname}${url.search}`);
    });
    return seen;
  }

  const cardImage = (postId: string) => `document.querySelector('[data-post-id="${postId}"] img')`;
  const imageState = (page: Page, postId: string) =>
    page.evaluate(`${cardImage(postId)}?.dataset.imageState ?? null`) as Promise<string | null>;
  /** Two frames: time for the page to have reacted to a scroll (IntersectionObserver reports per frame). */
  const settle = (page: Page) =>
    page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))',
    );

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    await registerUser(stack, 'root'); // the first user is the administrator
    alice = await registerUser(stack, 'alice');
    for (let index = 0; index < POSTS; index++) {
      const item = await generatedItem(stack, alice.token, {
        prompt: `a lighthouse on a cliff, study ${index + 1}`,
        style: 'watercolor',
        seed: 100 + index,
      });
      const id = await publishPost(stack, alice.token, {
        historyId: item.id,
        title: `Lighthouse ${index + 1}`,
        tags: ['lighthouse'],
      });
      const post = await stack.api<Body>('GET', `/api/community/posts/${id}`, alice.token);
      posts.push({ id, imageUrl: (post.body.image as { url: string }).url });
    }
  }, 300_000);

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => {});
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('asks for a gallery picture only within 100 px of view, and shows it again from the cache', {
    timeout: 120_000,
  }, async () => {
    const page = await newPage();
    const requests = recordImageRequests(page);
    await openApp(page, `${stack.url}/en/community`);
    const newest = posts.at(-1)!;
    const oldest = posts[0]!;
    await waitInPage(page, `${cardImage(newest.id)}?.dataset.imageState === 'loaded'`);
    expect(requests).toContain(newest.imageUrl);

    // The oldest post's card is far below the fold: its picture is a placeholder, never asked for.
    const top = (await page.evaluate(
      `${cardImage(oldest.id)}.getBoundingClientRect().top + window.scrollY`,
    )) as number;
    const viewport = (await page.evaluate('window.innerHeight')) as number;
    expect(top).toBeGreaterThan(viewport + 150);
    expect(await imageState(page, oldest.id)).toBe('pending');
    expect(requests).not.toContain(oldest.imageUrl);

    // 150 px below the bottom edge: still not asked for.
    await page.evaluate(`window.scrollTo(0, ${top - viewport - 150})`);
    await settle(page);
    expect(await imageState(page, oldest.id)).toBe('pending');
    expect(requests).not.toContain(oldest.imageUrl);

    // 50 px below it, inside the 100 px margin: loaded before it scrolls into view.
    await page.evaluate(`window.scrollTo(0, ${top - viewport - 50})`);
    await waitInPage(page, `${cardImage(oldest.id)}?.dataset.imageState === 'loaded'`);
    expect(await page.evaluate(`${cardImage(oldest.id)}.getBoundingClientRect().top`)).toBeGreaterThan(
      viewport,
    );
    expect(await page.evaluate(`${cardImage(oldest.id)}.naturalWidth`)).toBeGreaterThan(0);
    expect(requests.filter((url) => url === oldest.imageUrl)).toHaveLength(1);

    // The post's page shows the same picture at once, and back in the gallery every card is loaded from
    // the first frame: no second request for any of them.
    const asked = [...requests];
    await page.evaluate(
      `document.querySelector('[data-post-id="${oldest.id}"] .gallery-card__link').click()`,
    );
    await page.getByRole('heading', { level: 1, name: 'Lighthouse 1' }).waitFor();
    const postImage = `document.querySelector('.post-detail__media img')`;
    expect(await page.evaluate(`${postImage}.dataset.imageState`)).toBe('loaded');
    await waitInPage(page, `${postImage}.complete && ${postImage}.naturalWidth > 0`);
    await page.goBack();
    await waitInPage(page, `${cardImage(oldest.id)} !== null`);
    expect(await imageState(page, oldest.id)).toBe('loaded');
    expect(await imageState(page, newest.id)).toBe('loaded');
    await waitInPage(page, `${cardImage(oldest.id)}.complete && ${cardImage(newest.id)}.complete`);
    expect(requests).toEqual(asked);

    // A reload knows them from the index in session storage (1 hour, 200 entries).
    const index = JSON.parse(
      (await page.evaluate(`sessionStorage.getItem('image_cache_index')`)) as string,
    ) as [string, { state: string }][];
    expect(index).toContainEqual([oldest.imageUrl, expect.objectContaining({ state: 'loaded' })]);
    await page.reload();
    await appStarted(page);
    await waitInPage(page, `${cardImage(oldest.id)} !== null`);
    expect(await imageState(page, oldest.id)).toBe('loaded');
  });

  it('shows history cards through the cache', { timeout: 60_000 }, async () => {
    const page = await newPage();
    await openApp(page, `${stack.url}/en/history`);
    await waitInPage(page, `document.querySelector('.history-card__img')?.dataset.imageState === 'loaded'`);
    expect(await page.evaluate(`document.querySelector('.history-card__img').naturalWidth`)).toBeGreaterThan(
      0,
    );
    // The full-size picture in the viewer goes through it too: already known, so shown at once.
    await page.locator('.history-card__open').first().click();
    await waitInPage(page, `document.querySelector('.viewer__img')?.dataset.imageState === 'loaded'`);
    expect(await page.evaluate(`document.querySelector('.viewer__img').naturalWidth`)).toBeGreaterThan(0);
  });

  it('shows a failing picture as an error and asks again only after 60 s', { timeout: 120_000 }, async () => {
    const page = await newPage({ clock: true });
    const target = posts[2]!;
    let failing = true;
    let asked = 0;
    await page.route(
      (url) => `${url.pathname}${url.search}` === target.imageUrl,
      async (route) => {
        asked++;
        if (failing) await route.fulfill({ status: 503, body: 'unavailable' });
        else await route.continue();
      },
    );
    await openApp(page, `${stack.url}/en/community/post/${target.id}`);
    const error = page.getByTestId('image-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('This image could not be loaded');
    const retry = error.getByRole('button');
    expect(await retry.isDisabled()).toBe(true);
    expect(await retry.textContent()).toMatch(/^Try again in (59|60)\ss$/);
    expect(asked).toBe(1);

    // Away and back within the minute: still the error, not asked again.
    await page.getByRole('link', { name: 'Back to the community' }).click();
    await waitInPage(page, `document.querySelector('[data-post-id="${target.id}"] img') !== null`);
    expect(await imageState(page, target.id)).toBe('error');
    await page.goBack();
    await error.waitFor();
    await page.clock.runFor(55_000);
    expect(await retry.isDisabled()).toBe(true);
    expect(asked).toBe(1);

    // The minute is up: the retry opens, and asks again.
    failing = false;
    await page.clock.runFor(5_000);
    await retry.getByText('Try again', { exact: true }).waitFor();
    expect(await retry.isEnabled()).toBe(true);
    expect(asked).toBe(1);
    await retry.click();
    await waitInPage(
      page,
      `document.querySelector('.post-detail__media img')?.dataset.imageState === 'loaded'`,
    );
    expect(asked).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('image-error').count()).toBe(0);
  });
});
