// The administrator in Chromium: the Admin link only they see, the dashboard's numbers, the report queue
// (approve takes the post down), hiding and restoring a post, a system setting applied at once, finding a
// member and banning them (their session ends), and axe-core on every admin page in English and Arabic.
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedItem, publishPost, registerUser } from '../support/accounts.ts';
import { launchBrowser, openApp, pageSettled, visitorContext, waitInPage } from '../support/browser.ts';
import { type Stack, startStack } from '../support/stack.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 780 };
const ADMIN_PAGES = [
  '/admin',
  '/admin/users',
  '/admin/reports',
  '/admin/community-stats',
  '/admin/content',
  '/admin/settings',
  '/admin/models',
  '/admin/support',
  '/admin/audit',
];

type Body = Record<string, unknown> & { items?: Record<string, unknown>[] };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describe('the admin console in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  const tokens = { admin: '', alice: '', bob: '' };
  const posts = { harbour: '', forest: '' };
  let reportId = '';

  const api = (method: string, path: string, token?: string, body?: unknown) =>
    stack.api<Body>(method, path, token, body);

  const feedIds = async () =>
    ((await api('GET', '/api/community/posts?sort=latest')).body.items ?? []).map((post) => post.id);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    // The first account of a stack is the administrator.
    tokens.admin = (await registerUser(stack, 'root')).token;
    tokens.alice = (await registerUser(stack, 'alice')).token;
    tokens.bob = (await registerUser(stack, 'bob')).token;
    const published = async (prompt: string, title: string, tags: string[]) => {
      const item = await generatedItem(stack, tokens.alice, { prompt, seed: 5 });
      return publishPost(stack, tokens.alice, { historyId: item.id, title, tags });
    };
    posts.harbour = await published('a harbour at dawn', 'Harbour at dawn', ['harbour', 'dawn']);
    posts.forest = await published('a quiet forest path', 'Forest path', ['forest']);
    const report = await api('POST', `/api/community/posts/${posts.harbour}/report`, tokens.bob, {
      reason: 'copyright',
      details: 'This is my photograph from last summer.',
    });
    expect(report.status).toBe(201);
    reportId = report.body.id as string;
    const request = await api('POST', '/api/support/requests', undefined, {
      kind: 'sales',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      company: 'Northwind Studio',
      message: 'We would like an Enterprise plan for 40 designers.',
    });
    expect(request.status).toBe(201);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A browser session signed in with the token, with the cookie banner already answered. */
  const signedIn = (token: string, viewport = DESKTOP): Promise<BrowserContext> =>
    visitorContext(browser, { token, viewport, reducedMotion: 'reduce' });

  async function shoot(page: Page, name: string) {
    await page.screenshot({ path: `/tmp/admin-${name}.png`, fullPage: true }).catch(() => {});
  }

  /** Opens an admin page and waits until its data has replaced the loading placeholders. */
  async function openAdmin(page: Page, path: string, locale = 'en') {
    await openApp(page, `${stack.url}/${locale}${path}`);
    await page.locator('main h1').waitFor();
    await waitInPage(page, 'document.querySelectorAll(".admin-skeleton").length === 0', {
      timeout: 30_000,
    });
  }

  it('shows the Admin link to administrators only', { timeout: 60_000 }, async () => {
    const member = await signedIn(tokens.alice);
    const memberPage = await member.newPage();
    await openApp(memberPage, `${stack.url}/en/`);
    const memberNav = memberPage.getByRole('navigation', { name: 'Main' });
    await memberNav.getByRole('link', { name: 'Pricing', exact: true }).waitFor();
    await memberPage.locator('.side-nav__user').waitFor();
    expect(await memberNav.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    // Typing the address does not help a member either: the guard sends them home.
    await memberPage.goto(`${stack.url}/en/admin/users`);
    await memberPage.waitForURL(/\/en\/?$/);
    await member.close();

    const context = await signedIn(tokens.admin);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/`);
    const adminLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' });
    await adminLink.click();
    await page.waitForURL(`${stack.url}/en/admin`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await adminLink.getAttribute('aria-current')).toBe('page');
    // The console's own navigation, and the way back.
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    for (const name of ['Dashboard', 'Users', 'Reports', 'Community stats', 'Content', 'Settings']) {
      expect(await sections.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    }
    await page.getByRole('link', { name: 'Back to site' }).click();
    await page.waitForURL(/\/en\/?$/);
    await context.close();
  });

  it('shows the dashboard numbers, the charts and the latest requests', { timeout: 60_000 }, async () => {
    const context = await signedIn(tokens.admin);
    const page = await context.newPage();
    await openAdmin(page, '/admin');
    const figure = (label: string) =>
      page.locator('.stat-card').filter({ hasText: label }).locator('.stat-card__value').textContent();
    expect(await figure('Total users')).toBe('3');
    expect(await figure('Active users')).toBe('3');
    expect(await figure('New users')).toBe('3');
    expect(await figure('Total posts')).toBe('2');

    // Each chart is one labelled image with the numbers as a table for screen readers.
    const generations = page.getByRole('figure', { name: 'Generations per day' });
    expect(await generations.getByRole('img').count()).toBe(1);
    const lastDay = generations.locator('tbody tr').last();
    expect(await lastDay.locator('td').textContent()).toBe('2');
    expect(await generations.locator('tbody tr').count()).toBe(30);
    expect(
      await page
        .getByRole('figure', { name: 'New users per day' })
        .locator('tbody tr td')
        .last()
        .textContent(),
    ).toBe('3');
    // Seven days: every series follows the period.
    await page.getByRole('radio', { name: '7 days' }).click();
    await expect.poll(() => generations.locator('tbody tr').count()).toBe(7);

    const requests = page.getByRole('region', { name: 'Latest sales and support requests' });
    await requests.getByText('Dana Whitfield').waitFor();
    expect(await requests.getByRole('link', { name: 'dana@example.com' }).getAttribute('href')).toMatch(
      /^mailto:dana@example\.com/,
    );
    await shoot(page, 'e2e-dashboard-en-1280');
    await context.close();
  });

  it('approves a report: the post leaves the community feed', { timeout: 60_000 }, async () => {
    expect(await feedIds()).toContain(posts.harbour);
    const context = await signedIn(tokens.admin);
    const page = await context.newPage();
    await openAdmin(page, '/admin/reports');
    const item = page.getByRole('listitem').filter({ hasText: 'Harbour at dawn' });
    await item.waitFor();
    for (const text of ['Copyright', 'bob', 'alice', 'This is my photograph from last summer.']) {
      expect(await item.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    await item.getByRole('button', { name: 'Approve and hide post: Harbour at dawn' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Approve this report?' });
    await dialog.waitFor();
    await shoot(page, 'e2e-reports-dialog');
    await dialog.getByRole('button', { name: 'Approve and hide post' }).click();
    await page.getByText('Report approved: “Harbour at dawn” is hidden.').waitFor();
    await page.getByText('No open reports').waitFor();
    expect(await feedIds()).not.toContain(posts.harbour);

    // The handled report says who decided, and when.
    // The filter follows the address: click, then wait for the address (a controlled radio flips after it).
    await page.getByRole('radio', { name: 'Actioned' }).click();
    await page.waitForURL(/status=actioned/);
    await page.getByText(/^Approved by you on /).waitFor();
    const handled = await api('GET', '/api/admin/reports?status=actioned', tokens.admin);
    expect(handled.body.items?.map((report) => report.id)).toEqual([reportId]);
    await context.close();
  });

  it('hides a post and restores it after confirmation', { timeout: 60_000 }, async () => {
    const context = await signedIn(tokens.admin);
    const page = await context.newPage();
    await openAdmin(page, '/admin/content');
    // Hidden posts are listed too.
    const harbour = page.getByRole('listitem').filter({ hasText: 'Harbour at dawn' });
    expect(await harbour.getByText('Hidden', { exact: true }).count()).toBe(1);

    const forest = page.getByRole('listitem').filter({ hasText: 'Forest path' });
    await forest.getByRole('button', { name: 'Hide Forest path' }).click();
    const hideDialog = page.getByRole('alertdialog', { name: 'Hide this post?' });
    // Cancel first: nothing changes.
    await hideDialog.getByRole('button', { name: 'Cancel' }).click();
    await hideDialog.waitFor({ state: 'detached' });
    expect(await feedIds()).toContain(posts.forest);

    await forest.getByRole('button', { name: 'Hide Forest path' }).click();
    await hideDialog.getByRole('button', { name: 'Hide post' }).click();
    await page.getByText('“Forest path” is hidden.').waitFor();
    await forest.getByRole('button', { name: 'Restore Forest path' }).waitFor();
    expect(await feedIds()).not.toContain(posts.forest);

    await forest.getByRole('button', { name: 'Restore Forest path' }).click();
    await page
      .getByRole('alertdialog', { name: 'Restore this post?' })
      .getByRole('button', { name: 'Restore post' })
      .click();
    await page.getByText('“Forest path” is visible again.').waitFor();
    expect(await feedIds()).toContain(posts.forest);
    await context.close();
  });

  it('groups reports by post, asks before rejecting, reopens, decides in bulk and answers an appeal', {
    timeout: 120_000,
  }, async () => {
    // Three more posts of Alice's, reported by Bob and the admin (two reports on the first).
    const history = await api('GET', '/api/history', tokens.alice);
    const historyId = history.body.items?.[0]?.id as string;
    const lantern: Record<string, string> = {};
    for (const name of ['A', 'B']) {
      lantern[name] = await publishPost(stack, tokens.alice, {
        historyId,
        title: `Lantern ${name}`,
        tags: [],
      });
    }
    for (const [token, postId, reason] of [
      [tokens.bob, lantern.A, 'spam'],
      [tokens.admin, lantern.A, 'nudity'],
      [tokens.bob, lantern.B, 'violence'],
    ] as const) {
      const made = await api('POST', `/api/community/posts/${postId}/report`, token, { reason });
      expect(made.status).toBe(201);
    }

    const context = await signedIn(tokens.admin);
    const page = await context.newPage();
    await openAdmin(page, '/admin/reports');
    const cards = page.getByRole('list', { name: 'Open reports' }).locator(':scope > li');
    // One card per post, the most reported first, with the count and each reason once.
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.nth(0).getByRole('heading').textContent()).toContain('Lantern A');
    expect(await cards.nth(0).getByTestId('report-count').textContent()).toBe('Reports: 2');
    const reasons = cards.nth(0).getByRole('list', { name: 'Reasons' });
    expect(await reasons.getByRole('listitem').allTextContents()).toEqual(['Nudity', 'Spam']);
    await page.getByRole('radio', { name: 'Newest report' }).click();
    await page.waitForURL(/sort=latest/);
    await expect.poll(() => cards.nth(0).getByRole('heading').textContent()).toContain('Lantern B');
    await shoot(page, 'e2e-report-groups');

    // Reject asks first; cancelling changes nothing.
    const b = cards.filter({ hasText: 'Lantern B' });
    await b.getByRole('button', { name: 'Reject the reports on Lantern B' }).click();
    const reject = page.getByRole('alertdialog', { name: 'Reject these reports?' });
    await reject.getByRole('button', { name: 'Cancel' }).click();
    await reject.waitFor({ state: 'detached' });
    expect(await cards.count()).toBe(2);
    await b.getByRole('button', { name: 'Reject the reports on Lantern B' }).click();
    await reject.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Report rejected: the post stays.').waitFor();
    await expect.poll(() => cards.count()).toBe(1);

    // A dismissed report can be put back in the queue.
    await page.getByRole('radio', { name: 'Dismissed' }).click();
    await page.waitForURL(/status=dismissed/);
    await page.getByRole('button', { name: 'Reopen the report on Lantern B' }).click();
    await page.getByText('Report reopened: it is back in the open queue.').waitFor();
    await page.getByRole('radio', { name: 'Open' }).click();
    await expect.poll(() => cards.count()).toBe(2);

    // Both at once: one request, one confirmation, a result for each.
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByText('Selected: 2').waitFor();
    await page.getByRole('button', { name: 'Approve selected' }).click();
    const bulk = page.getByRole('alertdialog', { name: 'Take down the selected posts (2)?' });
    await bulk.getByRole('button', { name: 'Approve and hide post' }).click();
    await page.getByTestId('bulk-outcome').getByText('Taken down: 2 of 2.').waitFor();
    await page.getByText('No open reports').waitFor();
    const feed = await feedIds();
    expect(feed).not.toContain(lantern.A);
    expect(feed).not.toContain(lantern.B);

    // Alice appeals the takedown of Lantern A; the admin restores it after confirming.
    const appeal = await api('POST', `/api/community/posts/${lantern.A}/appeal`, tokens.alice, {
      message: 'The lantern festival is a family photo.',
    });
    expect(appeal.status).toBe(201);
    await page.getByRole('radio', { name: 'Appeals' }).click();
    await page.waitForURL(/status=appeals/);
    const appealCard = page.getByRole('list', { name: 'Open appeals' }).locator(':scope > li');
    await appealCard.getByText('The lantern festival is a family photo.').waitFor();
    expect(await appealCard.getByRole('list', { name: 'Reasons' }).getByRole('listitem').count()).toBe(2);
    await shoot(page, 'e2e-appeals');
    await appealCard.getByRole('button', { name: 'Restore the post Lantern A' }).click();
    await page
      .getByRole('alertdialog', { name: 'Restore this post?' })
      .getByRole('button', { name: 'Restore post' })
      .click();
    await page.getByText('Appeal granted: “Lantern A” is back.').waitFor();
    await page.getByText('No open appeals').waitFor();
    expect(await feedIds()).toContain(lantern.A);
    await context.close();
  });

  it('saves a system setting, after refusing an invalid one, and every visitor gets it', {
    timeout: 60_000,
  }, async () => {
    const context = await signedIn(tokens.admin);
    const page = await context.newPage();
    await openAdmin(page, '/admin/settings');
    const maxTags = page.getByLabel('Most tags per post');
    expect(await maxTags.inputValue()).toBe('5');
    await maxTags.fill('25');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Enter a whole number from 1 to 20.').waitFor();
    expect(await maxTags.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate('document.activeElement?.id')).toBe(await maxTags.getAttribute('id'));
    expect((await api('GET', '/api/settings/public')).body.max_tags_per_post).toBe(5);

    await maxTags.fill('8');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Saved. The new settings are already in effect.' })
      .waitFor();
    expect((await api('GET', '/api/settings/public')).body.max_tags_per_post).toBe(8);
    // What is stored comes back on the next visit.
    await page.reload();
    await page.getByLabel('Most tags per post').waitFor();
    expect(await page.getByLabel('Most tags per post').inputValue()).toBe('8');
    await context.close();
  });

  it('finds the second user by search and bans them; their token stops working', {
    timeout: 60_000,
  }, async () => {
    expect((await api('GET', '/api/history', tokens.alice)).status).toBe(200);
    const context = await signedIn(tokens.admin);
    const page = await context.newPage();
    await openAdmin(page, '/admin/users');
    const table = page.getByRole('table');
    // The admin's own row offers no ban or demotion (auth refuses both), and says why.
    const own = table.getByRole('row').filter({ hasText: '@root' });
    expect(await own.getByText('You cannot ban or demote yourself.').count()).toBe(1);
    expect(await own.getByRole('button').allTextContents()).toEqual(['Grant plan']);

    await page.getByLabel('Search users').fill('ali');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    const alice = table.getByRole('row').filter({ hasText: '@alice' });
    expect(await alice.getByText('Member', { exact: true }).count()).toBe(1);
    expect(await alice.getByText('Active', { exact: true }).count()).toBe(1);

    await alice.getByRole('button', { name: 'Ban alice' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Ban alice?' });
    await dialog.waitFor();
    // Focus starts on the safe choice.
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await dialog.getByRole('button', { name: 'Ban user' }).click();
    await page.getByText('alice is banned.').waitFor();
    await alice.getByText('Banned', { exact: true }).waitFor();
    // A ban ends her sessions within the gateway's session-check cache (SESSION_CHECK_CACHE_MS, at most 5 s).
    await expect
      .poll(async () => (await api('GET', '/api/history', tokens.alice)).status, { timeout: 10_000 })
      .toBe(401);
    await alice.getByRole('button', { name: 'Unban alice' }).waitFor();
    await context.close();
  });

  it('lists support requests by status and marks one answered from the dashboard link', {
    timeout: 60_000,
  }, async () => {
    const context = await signedIn(tokens.admin);
    const page = await context.newPage();
    await openAdmin(page, '/admin');
    await page
      .getByRole('region', { name: 'Latest sales and support requests' })
      .getByRole('link', { name: 'All requests' })
      .click();
    await page.waitForURL(`${stack.url}/en/admin/support`);
    await page.getByRole('heading', { level: 1, name: 'Support requests' }).waitFor();
    // New requests first: Dana's, marked New.
    const dana = page.locator('.request').filter({ hasText: 'Dana Whitfield' });
    await dana.getByText('New', { exact: true }).waitFor();
    await dana.getByRole('button', { name: 'Mark the request from Dana Whitfield answered' }).click();
    await expect.poll(() => dana.count()).toBe(0);
    await page.getByLabel('Show').selectOption('answered');
    await dana.getByText('Answered', { exact: true }).waitFor();
    expect(
      await dana.getByRole('button', { name: 'Mark the request from Dana Whitfield as new' }).count(),
    ).toBe(1);
    const stored = await api('GET', '/api/admin/support-requests?status=answered', tokens.admin);
    expect(stored.body.items?.map((r) => r.name)).toEqual(['Dana Whitfield']);
    await context.close();
  });

  it('shows who did what in the audit log, filtered by area and action, with before and after', {
    timeout: 60_000,
  }, async () => {
    const context = await signedIn(tokens.admin);
    const page = await context.newPage();
    await openAdmin(page, '/admin/audit');
    const rows = page.locator('tbody .audit-row');
    // Earlier tests approved a report, hid and restored a post, saved a setting, banned alice and answered Dana.
    for (const action of [
      'report.approve',
      'post.hide',
      'post.restore',
      'settings.update',
      'user.ban',
      'support_request.answer',
    ]) {
      expect(await rows.and(page.locator(`[data-action="${action}"]`)).count(), action).toBeGreaterThan(0);
    }
    const ban = rows.and(page.locator('[data-action="user.ban"]'));
    expect(await ban.textContent()).toContain('Banned a user');
    expect(await ban.textContent()).toContain('root');
    expect(await ban.locator('del').textContent()).toBe('false');
    expect(await ban.locator('ins').textContent()).toBe('true');

    await page.getByLabel('Area').selectOption('community');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(async () => new Set(await rows.locator('.admin-badge').allTextContents()))
      .toEqual(new Set(['Community']));
    await page.getByLabel('Action').selectOption('post.hide');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.textContent()).toContain(posts.forest);
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('To', { exact: true }).fill('2001-01-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No actions match these filters').waitFor();
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(5);
    await context.close();
  });

  it('hides two posts at once from the Content page, then restores both', { timeout: 90_000 }, async () => {
    // Bob's own posts: Alice's are out of the feed since her ban, whatever their status.
    const titles = ['Bridge at noon', 'Orchard in fog'];
    const ids: string[] = [];
    for (const [index, title] of titles.entries()) {
      const item = await generatedItem(stack, tokens.bob, { prompt: title.toLowerCase(), seed: 10 + index });
      ids.push(await publishPost(stack, tokens.bob, { historyId: item.id, title, tags: [] }));
    }
    expect(await feedIds()).toEqual(expect.arrayContaining(ids));

    const context = await signedIn(tokens.admin);
    const page = await context.newPage();
    await openAdmin(page, '/admin/content');
    const card = (title: string) =>
      page.getByRole('list', { name: 'Posts' }).locator(':scope > li').filter({ hasText: title });
    for (const title of titles) await page.getByRole('checkbox', { name: `Select “${title}”` }).check();
    await page.getByText('Selected: 2').waitFor();
    // Nothing chosen is hidden yet: there is nothing to restore.
    expect(await page.getByRole('button', { name: 'Restore selected' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Hide selected' }).click();
    const hide = page.getByRole('alertdialog', { name: 'Hide the selected posts (2)?' });
    await hide.getByRole('button', { name: 'Hide post' }).click();
    await page.getByTestId('bulk-outcome').getByText('Hidden: 2 of 2.').waitFor();
    for (const title of titles) await card(title).getByText('Hidden', { exact: true }).waitFor();
    const feed = await feedIds();
    for (const id of ids) expect(feed).not.toContain(id);
    await shoot(page, 'e2e-content-bulk');

    // Done posts leave the selection; choose them again to put them back.
    expect(await page.getByRole('checkbox', { name: `Select “${titles[0]}”` }).isChecked()).toBe(false);
    await page.getByTestId('bulk-outcome').getByRole('button', { name: 'Close' }).click();
    for (const title of titles) await page.getByRole('checkbox', { name: `Select “${title}”` }).check();
    await page.getByRole('button', { name: 'Restore selected' }).click();
    await page
      .getByRole('alertdialog', { name: 'Restore the selected posts (2)?' })
      .getByRole('button', { name: 'Restore post' })
      .click();
    await page.getByTestId('bulk-outcome').getByText('Restored: 2 of 2.').waitFor();
    expect(await feedIds()).toEqual(expect.arrayContaining(ids));
    await context.close();
  });

  it('shows all nine admin tabs at 1280 px without a sideways scroll, in the longest languages too', {
    timeout: 60_000,
  }, async () => {
    const context = await signedIn(tokens.admin);
    const page = await context.newPage();
    for (const locale of ['en', 'de', 'ru', 'ar']) {
      await openAdmin(page, '/admin/audit', locale);
      const row = page.locator('.admin-tabs__list');
      expect(await row.locator('li').count(), locale).toBe(9);
      const { scrollWidth, clientWidth } = await row.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      expect(scrollWidth, locale).toBeLessThanOrEqual(clientWidth);
      // Every tab lies inside the row's box, none cut off at either end.
      const box = await row.boundingBox();
      for (const tab of await row.locator('li').all()) {
        const tabBox = await tab.boundingBox();
        expect(tabBox!.x, locale).toBeGreaterThanOrEqual(box!.x - 0.5);
        expect(tabBox!.x + tabBox!.width, locale).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
      }
    }
    await context.close();
  });

  it('counts the posts of each top tag (a number after "Posts:", in every language)', {
    timeout: 60_000,
  }, async () => {
    const context = await signedIn(tokens.admin);
    const page = await context.newPage();
    for (const [locale, label] of [
      ['en', /^Posts: \d+$/],
      ['ar', /^عدد المنشورات: [\d٠-٩]+$/],
      ['ja', /^投稿数：\d+$/],
    ] as const) {
      await openAdmin(page, '/admin/community-stats', locale);
      const counts = await page.locator('.tag-ranking__count').allTextContents();
      expect(counts.length, locale).toBeGreaterThan(0);
      for (const count of counts) expect(count.trim(), locale).toMatch(label);
    }
    await context.close();
  });

  it('keeps user text in its own direction on Arabic pages: the maintenance notice and tags', {
    timeout: 60_000,
  }, async () => {
    const notice = 'Back at 18:00 (UTC).';
    expect(
      (await api('PUT', '/api/admin/settings', tokens.admin, { maintenance_notice: notice })).status,
    ).toBe(200);
    const context = await signedIn(tokens.admin);
    const page = await context.newPage();
    await openAdmin(page, '/admin/community-stats', 'ar');
    const banner = page.locator('.maintenance-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toBe(notice);
    // dir="auto": an English notice is laid out left to right inside the right-to-left page, so its
    // closing bracket and full stop stay at its end.
    expect(await banner.getAttribute('dir')).toBe('auto');
    expect(
      await page.evaluate("getComputedStyle(document.querySelector('.maintenance-banner')).direction"),
    ).toBe('ltr');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const tag = page.locator('.tag-ranking__tag').first();
    expect(await tag.evaluate((el) => el.tagName)).toBe('BDI');
    await openAdmin(page, '/admin/audit', 'ar');
    expect(await page.locator('tbody .audit-row bdi').count()).toBeGreaterThan(0);
    expect((await api('PUT', '/api/admin/settings', tokens.admin, { maintenance_notice: '' })).status).toBe(
      200,
    );
    await context.close();
  });

  it('asks a signed-out administrator to sign in on an admin page and returns there after', {
    timeout: 60_000,
  }, async () => {
    const context = await visitorContext(browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/admin/users`);
    const dialog = page.getByRole('dialog', { name: 'Sign in to Pictura' });
    await dialog.waitFor();
    const withPassword = dialog.getByRole('button', { name: 'Use a username and password instead' });
    if (await withPassword.count()) await withPassword.click();
    await dialog.getByLabel('Username').fill('root');
    await dialog.getByLabel('Password').fill('root password');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${stack.url}/en/admin/users`);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await context.close();
  });

  describe.each([
    ['en', DESKTOP],
    ['ar', DESKTOP],
    ['en', PHONE],
    ['ar', PHONE],
  ] as const)('axe-core in %s at %o', (locale, viewport) => {
    it('finds no serious or critical violation on any admin page', { timeout: 180_000 }, async () => {
      const context = await signedIn(tokens.admin, viewport);
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of ADMIN_PAGES) {
        await openAdmin(page, path, locale);
        expect(await page.getAttribute('html', 'dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        // Charts measure themselves, lists finish loading.
        await pageSettled(page);
        found.push(...(await violations(page)).map((v) => `${locale}${path} · ${v}`));
        await shoot(page, `e2e${path.replaceAll('/', '-')}-${locale}-${viewport.width}`);
      }
      // A confirmation dialog, open.
      await openAdmin(page, '/admin/content', locale);
      await page.locator('.mod-item__actions .button--ghost').first().click();
      await page.getByRole('alertdialog').waitFor();
      found.push(...(await violations(page)).map((v) => `${locale} delete dialog · ${v}`));
      await context.close();
      expect(found).toEqual([]);
    });
  });

  async function violations(page: Page): Promise<string[]> {
    if (!(await page.evaluate('typeof window.axe !== "undefined"'))) {
      await page.evaluate(axe.source); // not addScriptTag: the page's CSP refuses inline scripts
    }
    const result = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`)) as {
      violations: Violation[];
    };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} · ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }
});
