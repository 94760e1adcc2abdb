// People in Chromium in the community gallery: a user publishes an image of their history through the form
// (its limits and the agreement on the way) and finds it in Latest; another user likes it (the count stays
// after a reload) and reports it; a guest is asked to sign in; tags filter the gallery; an author deletes a
// post; "My posts" shows the posts, likes and numbers. axe-core checks every page in English and Arabic.
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type GeneratedItem,
  generatedItem,
  publishPost,
  registerUser,
  type TestUser,
} from '../support/accounts.ts';
import {
  appStarted,
  launchBrowser,
  openApp,
  pageSettled,
  visitorContext,
  waitInPage,
} from '../support/browser.ts';
import { type Stack, startStack } from '../support/stack.ts';

type Body = Record<string, unknown> & { items?: Record<string, unknown>[] };

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 780 };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describe('the community gallery in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let alice: TestUser;
  let bob: TestUser;
  /** Alice's history item the browser publishes. */
  let harbourItem: GeneratedItem;
  let harbourPostId = '';
  let forestPostId = '';
  const contexts: BrowserContext[] = [];

  const api = (method: string, path: string, token?: string, body?: unknown) =>
    stack.api<Body>(method, path, token, body);

  /** A browser page for the user (or a guest), cookie choice made, the app started at `path`. */
  async function visit(path: string, user?: TestUser, viewport = DESKTOP): Promise<Page> {
    const context = await visitorContext(browser, {
      cookies: 'accepted',
      token: user?.token,
      viewport,
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    const page = await context.newPage();
    await openApp(page, `${stack.url}${path}`);
    return page;
  }

  async function shoot(page: Page, name: string) {
    await page.screenshot({ path: `/tmp/community-e2e-${name}.png`, fullPage: true }).catch(() => {});
  }

  const card = (page: Page, title: string) =>
    page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

  const generated = (token: string, prompt: string) =>
    generatedItem(stack, token, { prompt, style: 'watercolor', seed: 5 });

  const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    await registerUser(stack, 'root'); // the first user is the administrator
    alice = await registerUser(stack, 'alice');
    bob = await registerUser(stack, 'bob');
    harbourItem = await generated(alice.token, 'a harbour at dawn with fishing boats');
  }, 240_000);

  // Each test's browser windows close with it (a long run must not pile them up).
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => {});
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('publishes a history image through the form, its limits and agreement first, into Latest', {
    timeout: 120_000,
  }, async () => {
    const page = await visit('/en/community', alice);
    await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();

    const picker = page.getByRole('dialog', { name: 'Choose an image to publish' });
    await picker.getByRole('button', { name: harbourItem.prompt }).click();
    const form = page.getByRole('dialog', { name: 'Publish to the community' });
    await form.waitFor();
    // The prompt of the item is shown.
    expect(await form.getByText(harbourItem.prompt, { exact: true }).isVisible()).toBe(true);

    // Title at most 50 characters, description at most 200, with live counters.
    const title = form.getByRole('textbox', { name: 'Title' });
    await title.fill('x'.repeat(60));
    expect(await title.inputValue()).toHaveLength(50);
    expect(await form.getByText('50/50').isVisible()).toBe(true);
    const description = form.getByRole('textbox', { name: 'Description (optional)' });
    await description.fill('d'.repeat(250));
    expect(await description.inputValue()).toHaveLength(200);
    expect(await form.getByText('200/200').isVisible()).toBe(true);
    await description.fill('Boats leaving at first light.');
    expect(await form.getByText('29/200').isVisible()).toBe(true);

    // Tags: normalised, at most the server's maximum (5), the count shown.
    const tags = form.getByRole('textbox', { name: 'Tags' });
    await tags.fill('Harbour, #Dawn, golden hour');
    await tags.press('Enter');
    const chips = form.getByRole('list', { name: 'Added tags' }).getByRole('listitem');
    expect(await chips.allTextContents()).toEqual(['#harbour', '#dawn', '#golden-hour']);
    expect(await form.getByTestId('tag-count').textContent()).toBe('3/5');
    await tags.fill('sea, boats, sky');
    await tags.press('Enter');
    expect(await chips.count()).toBe(5);
    expect(await form.getByTestId('tag-count').textContent()).toBe('5/5');
    expect(await form.getByRole('alert').first().textContent()).toBe('You can add at most 5 tags');
    expect(await tags.isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Remove tag boats' }).click();
    expect(await form.getByTestId('tag-count').textContent()).toBe('4/5');

    // The publishing agreement must be ticked.
    await title.fill('Harbour at dawn');
    await form.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() => form.getByRole('alert').first().textContent())
      .toBe('Please read and agree to the publishing agreement');
    expect(await form.isVisible()).toBe(true);

    await form.getByRole('checkbox', { name: 'I have read and agree to the publishing agreement' }).check();
    await form.getByRole('button', { name: 'Publish', exact: true }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 }).catch(async (error) => {
      await shoot(page, 'publish-failure');
      throw error;
    });
    await expect.poll(() => toasts(page).textContent()).toContain('Published to the community');

    // It leads the Latest feed.
    await expect
      .poll(() => page.getByRole('tab', { name: 'Latest' }).getAttribute('aria-selected'))
      .toBe('true');
    const first = page.getByRole('feed').getByRole('article').first();
    await expect
      .poll(() => first.getByRole('heading').textContent(), { timeout: 10_000 })
      .toBe('Harbour at dawn');
    await shoot(page, 'latest');

    const feed = await api('GET', '/api/community/posts?sort=latest');
    const post = feed.body.items?.[0] as { id: string; title: string; tags: string[]; description: string };
    expect(post).toMatchObject({
      title: 'Harbour at dawn',
      description: 'Boats leaving at first light.',
      tags: ['harbour', 'dawn', 'golden-hour', 'sea'],
    });
    harbourPostId = post.id;
  });

  it("opens the publish form on the generator's image from a ?publish=<job> link", {
    timeout: 60_000,
  }, async () => {
    const page = await visit(`/en/community?publish=${harbourItem.job_id}&image=0`, alice);
    const form = page.getByRole('dialog', { name: 'Publish to the community' });
    await form.waitFor();
    expect(await form.getByText(harbourItem.prompt, { exact: true }).isVisible()).toBe(true);
    // The link is used once: the address no longer carries it.
    await page.waitForURL(/\/en\/community$/);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
  });

  it('lets another user like the post (the count survives a reload) and report it', {
    timeout: 90_000,
  }, async () => {
    expect(harbourPostId).not.toBe('');
    const page = await visit('/en/community', bob);
    const harbour = card(page, 'Harbour at dawn');
    const like = harbour.getByRole('button', { name: 'Like “Harbour at dawn”' });
    await like.waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    expect(await harbour.getByTestId('like-count').textContent()).toBe('0');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => harbour.getByTestId('like-count').textContent()).toBe('1');
    // The server agrees.
    await expect
      .poll(async () => (await api('GET', `/api/community/posts/${harbourPostId}`, bob.token)).body.likes)
      .toBe(1);

    await page.reload();
    await appStarted(page);
    await like.waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    expect(await harbour.getByTestId('like-count').textContent()).toBe('1');

    // Report it from the card's menu.
    await harbour.getByRole('button', { name: 'More actions for “Harbour at dawn”' }).click();
    await harbour.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByRole('radio', { name: /Something else/ }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Please describe the problem');
    await dialog.getByRole('radio', { name: /Spam/ }).check();
    await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill('Posted in every tag');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => toasts(page).textContent())
      .toContain('Thank you. The moderators will review this post.');
    const reports = await api('GET', '/api/user/reports', bob.token);
    expect(reports.body.items?.[0]).toMatchObject({
      post_id: harbourPostId,
      reason: 'spam',
      details: 'Posted in every tag',
      status: 'open',
    });

    // A second report of the same post is refused in words.
    await harbour.getByRole('button', { name: 'More actions for “Harbour at dawn”' }).click();
    await harbour.getByRole('button', { name: 'Report' }).click();
    await dialog.getByRole('radio', { name: /Spam/ }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('You have already reported this post');
  });

  it('asks a guest to sign in before liking, and leaves the count alone', { timeout: 60_000 }, async () => {
    const page = await visit('/en/community');
    const harbour = card(page, 'Harbour at dawn');
    await harbour.getByRole('button', { name: 'Like “Harbour at dawn”' }).click();
    await page.getByRole('dialog', { name: 'Sign in to Pictura' }).waitFor();
    await expect.poll(() => toasts(page).textContent()).toContain('Please login first');
    expect(await harbour.getByTestId('like-count').textContent()).toBe('1');
    // Publishing asks the same.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog', { name: 'Sign in to Pictura' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Choose an image to publish' }).count()).toBe(0);
  });

  it('filters the gallery by tag from the URL and the hot tags', { timeout: 120_000 }, async () => {
    const forest = await generated(alice.token, 'a misty pine forest');
    forestPostId = await publishPost(stack, alice.token, {
      historyId: forest.id,
      title: 'Misty forest',
      tags: ['forest'],
    });

    const page = await visit('/en/community?tag=Forest', bob);
    await page.getByRole('heading', { name: /^Posts tagged \W?#forest\W?$/ }).waitFor();
    const titles = () => page.getByRole('feed').getByRole('heading').allTextContents();
    await expect.poll(titles).toEqual(['Misty forest']);
    expect(await page.getByRole('button', { name: /^#forest/ }).getAttribute('aria-pressed')).toBe('true');

    // A hot tag chip switches the filter; "All" clears it. (The server reuses its hot tags for 30 s, so
    // the harbour post's tags may take a reload or two to be among them.)
    const harbourChip = page.getByRole('button', { name: /^#harbour/ });
    await expect
      .poll(
        async () => {
          if ((await harbourChip.count()) > 0) return true;
          await page.reload();
          await appStarted(page);
          await page.getByRole('heading', { name: /^Posts tagged/ }).waitFor();
          await waitInPage(page, "document.querySelectorAll('.tag-chip--skeleton').length === 0");
          return (await harbourChip.count()) > 0;
        },
        { timeout: 60_000, interval: 3000 },
      )
      .toBe(true);
    await harbourChip.click();
    await page.waitForURL(/tag=harbour/);
    await expect.poll(titles).toEqual(['Harbour at dawn']);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect.poll(titles).toEqual(['Misty forest', 'Harbour at dawn']);
    expect(new URL(page.url()).search).toBe('');

    // The Popular tab is a feed of its own, kept in the URL (its order is the server's: likes with decay).
    await page.getByRole('tab', { name: 'Popular' }).click();
    await page.waitForURL(/sort=popular/);
    await expect
      .poll(() => page.getByRole('tab', { name: 'Popular' }).getAttribute('aria-selected'))
      .toBe('true');
    await expect.poll(async () => (await titles()).sort()).toEqual(['Harbour at dawn', 'Misty forest']);
  });

  it('shows a post in full and starts a similar image on the generator', { timeout: 60_000 }, async () => {
    const page = await visit(`/en/community/post/${harbourPostId}`, bob);
    await page.getByRole('heading', { level: 1, name: 'Harbour at dawn' }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByText('alice', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText('a harbour at dawn with fishing boats', { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await main.getByRole('link', { name: '#golden-hour' }).getAttribute('href')).toBe(
      '/en/community?tag=golden-hour',
    );
    expect(await main.getByTestId('post-likes').textContent()).toBe('1');
    expect(await main.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The viewer's own like is shown; a report is offered, delete is not (not their post).
    const like = main.getByRole('button', { name: /Like “Harbour at dawn”/ });
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    expect(await main.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await shoot(page, 'post');

    await main.getByRole('button', { name: 'Create Similar' }).click();
    await page.waitForURL(/\/en\/?$/);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Describe your image' }).inputValue())
      .toBe('a harbour at dawn with fishing boats');
    // The post's style came along.
    const style = page.getByRole('group', { name: 'Style' }).getByRole('radio', { name: 'Watercolour' });
    expect(await style.isChecked()).toBe(true);

    // A missing post is a not-found state.
    await openApp(page, `${stack.url}/en/community/post/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'Post not found' }).waitFor();
  });

  it('lets the author delete their post after confirming', { timeout: 60_000 }, async () => {
    const page = await visit(`/en/community/post/${forestPostId}`, alice);
    await page.getByRole('heading', { level: 1, name: 'Misty forest' }).waitFor();
    // Once the session check answers, the author is offered Delete and not Report.
    await page.getByRole('main').getByRole('button', { name: 'Delete' }).waitFor();
    expect(await page.getByRole('main').getByRole('button', { name: 'Report' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
    // Cancel keeps it.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await api('GET', `/api/community/posts/${forestPostId}`)).status).toBe(200);

    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/en\/community$/);
    await expect.poll(() => toasts(page).textContent()).toContain('Post deleted');
    expect((await api('GET', `/api/community/posts/${forestPostId}`)).status).toBe(404);
    await card(page, 'Harbour at dawn').waitFor();
    expect(await card(page, 'Misty forest').count()).toBe(0);
  });

  it('shows my posts, my likes and the numbers', { timeout: 60_000 }, async () => {
    const page = await visit('/en/user/posts', alice);
    await page.getByRole('heading', { level: 1, name: 'My posts' }).waitFor();
    const stat = (key: string) => page.getByTestId(`stat-${key}`).locator('dd');
    await expect.poll(() => stat('posts').textContent()).toBe('1');
    expect(await stat('given').textContent()).toBe('0');
    expect(await stat('received').textContent()).toBe('1');
    await card(page, 'Harbour at dawn').waitFor();
    await page.getByRole('tab', { name: 'My likes' }).click();
    await page.getByText('No liked posts yet').waitFor();

    const bobs = await visit('/en/user/posts?tab=likes', bob);
    await card(bobs, 'Harbour at dawn').waitFor();
    await expect.poll(() => bobs.getByTestId('stat-given').locator('dd').textContent()).toBe('1');
    await bobs.getByRole('tab', { name: 'My posts' }).click();
    await bobs.getByText('You have not published anything yet').waitFor();
  });

  it('tells the reporter what the moderators did, and the author why, with one appeal', {
    timeout: 120_000,
  }, async () => {
    const signIn = await api('POST', '/api/auth/login', undefined, {
      username: 'root',
      password: 'root password',
    });
    const admin = signIn.body.token as string;
    const open = await api('GET', '/api/admin/reports/groups', admin);
    const group = open.body.items?.find((g) => g.post_id === harbourPostId);
    expect(group).toMatchObject({ count: 1, reasons: [{ reason: 'spam', count: 1 }] });
    const approved = await api('POST', `/api/admin/reports/${group?.latest_report_id}/approve`, admin);
    expect(approved.status).toBe(200);

    // Bob's reports say what became of his report.
    const reports = await visit('/en/user/posts?tab=reports', bob);
    await reports.getByRole('tab', { name: 'My reports', selected: true }).waitFor();
    const row = reports.getByTestId('my-report').filter({ hasText: 'Harbour at dawn' });
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('actioned');
    for (const text of ['Action taken', 'Spam', 'Posted in every tag']) {
      expect(await row.getByText(text, { exact: true }).count(), text).toBe(1);
    }
    expect(await row.textContent()).toContain('The moderators took the post down on');
    // The post is gone for him: no link that leads to "not found".
    expect(await row.getByRole('link').count()).toBe(0);

    // Alice sees her post with the reason, and appeals once.
    const post = await visit(`/en/community/post/${harbourPostId}`, alice);
    const takedown = post.getByTestId('takedown');
    await takedown
      .getByRole('heading', { name: 'The moderators took this post down: only you can still see it' })
      .waitFor();
    expect(await takedown.textContent()).toContain('Reported for: Spam.');
    await takedown.getByRole('button', { name: 'Appeal' }).click();
    await takedown.getByRole('button', { name: 'Send appeal' }).click();
    await expect
      .poll(() => takedown.getByRole('alert').textContent())
      .toBe('Please say why the post should be restored.');
    await takedown
      .getByRole('textbox', { name: 'Why should the post be restored?' })
      .fill('These are my own boats, photographed from the pier.');
    await takedown.getByRole('button', { name: 'Send appeal' }).click();
    const state = takedown.getByTestId('appeal-status');
    await state.waitFor();
    expect(await state.textContent()).toContain('A moderator will look at it.');
    expect(await state.textContent()).toContain('These are my own boats, photographed from the pier.');
    expect(await takedown.getByRole('button', { name: 'Appeal' }).count()).toBe(0);
    await shoot(post, 'takedown-appealed');
    const again = await api('POST', `/api/community/posts/${harbourPostId}/appeal`, alice.token, {
      message: 'Once more',
    });
    expect(again.status).toBe(409);

    // For anyone else it is simply not there.
    const other = await visit(`/en/community/post/${harbourPostId}`, bob);
    await other.getByRole('heading', { level: 1, name: 'Post not found' }).waitFor();
    expect(await other.getByTestId('takedown').count()).toBe(0);

    // The admin grants the appeal: the post is back for everyone (later tests use it).
    const appeals = await api('GET', '/api/admin/appeals', admin);
    const appeal = appeals.body.items?.find((a) => a.post_id === harbourPostId);
    expect((await api('POST', `/api/admin/appeals/${appeal?.id}/restore`, admin)).status).toBe(200);
    expect((await api('GET', `/api/community/posts/${harbourPostId}`, bob.token)).status).toBe(200);
  });

  async function seriousViolations(page: Page): Promise<Violation[]> {
    if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axe.source); // not addScriptTag: the page's CSP refuses inline scripts
    const result = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`)) as {
      violations: Violation[];
    };
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  }

  const describeViolations = (where: string, violations: Violation[]) =>
    violations.map((v) => `${where} · ${v.impact} · ${v.id}: ${v.help} · ${v.nodes[0]?.target.join(' ')}`);

  it.each([
    ['en', DESKTOP],
    ['ar', DESKTOP],
    ['en', PHONE],
    ['ar', PHONE],
  ] as const)(
    'has no serious accessibility violations in %s at %o',
    { timeout: 120_000 },
    async (locale, viewport) => {
      const found: string[] = [];
      const check = async (page: Page, where: string, ready: () => Promise<unknown>) => {
        await ready();
        await pageSettled(page);
        found.push(...describeViolations(where, await seriousViolations(page)));
        // Nothing sticks out sideways (a phone would scroll the whole page).
        const pageWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
        if (pageWidth > viewport.width) found.push(`${where} · the page is ${pageWidth} px wide`);
        await shoot(page, `${locale}-${viewport.width}-${where.replace(/\W+/g, '-')}`);
      };
      const page = await visit(`/${locale}/community`, alice, viewport);
      await check(page, 'community', () => page.getByRole('feed').getByRole('article').first().waitFor());
      expect(await page.evaluate('document.documentElement.dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');

      // The publish form, open.
      await page.locator('.community-hero__actions').getByRole('button').first().click();
      await page.getByRole('dialog').getByRole('listitem').first().getByRole('button').click();
      await check(page, 'publish form', () => page.locator('.publish-dialog__panel').waitFor());
      await page.keyboard.press('Escape');

      await openApp(page, `${stack.url}/${locale}/community/post/${harbourPostId}`);
      await check(page, 'post', () => page.getByRole('heading', { level: 1 }).waitFor());
      await openApp(page, `${stack.url}/${locale}/user/posts`);
      await check(page, 'user posts', () => page.getByTestId('stat-posts').waitFor());

      const reader = await visit(`/${locale}/community/post/${harbourPostId}`, bob, viewport);
      await reader.getByRole('heading', { level: 1 }).waitFor();
      await reader.locator('.post-detail__secondary').click();
      await check(reader, 'report form', () => reader.locator('.report-reasons').waitFor());
      expect(found).toEqual([]);
    },
  );
});
