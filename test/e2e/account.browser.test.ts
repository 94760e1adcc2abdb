// A person in Chromium with an account: registers and signs in through the forms, stays signed in across a
// reload and logs out; signs in with "Google" against a real local OpenID provider (its login and consent
// pages in the same browser); meets the sign-in and admin guards; and in settings edits the name, creates,
// sees once and revokes an API key, changes and cancels a plan, and deletes the account. axe-core checks
// the settings page in English and Arabic.

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_CARD_DISPLAY } from '@pictura/common/test-card';
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStarted, launchBrowser, openApp, visitorContext } from '../support/browser.ts';
import { STAND_IN_CLIENT as CLIENT, createStandInProvider } from '../support/openid-provider.ts';
import { type Stack, startStack } from '../support/stack.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 780 };

interface SignedIn {
  token: string;
  user: { id: number; username: string; name: string };
}

/**
 * Google's stand-in: a real OpenID provider (npm oidc-provider) on 127.0.0.1 whose login and consent are
 * plain HTML forms the browser fills in. It listens first (the stack needs its address); the client, whose
 * redirect address needs the stack's port, is configured once the stack is up.
 */
async function startOpenIdProvider() {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function configure(redirectUri: string) {
    const provider = createStandInProvider(issuer, redirectUri);
    const callback = provider.callback();
    const page = (res: ServerResponse, title: string, body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`,
      );
    };
    const form = async (req: IncomingMessage) => {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      return new URLSearchParams(raw);
    };

    server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
      const match = /^\/interaction\/([\w-]+)(?:\/(login|consent))?$/.exec(req.url ?? '');
      if (!match) return callback(req, res);
      const [, uid, step] = match;
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'GET' && details.prompt.name === 'login') {
          return page(
            res,
            'Sign in to Google stand-in',
            `<form method="post" action="/interaction/${uid}/login"><label>Account <input name="account" autocomplete="off"></label><button>Continue</button></form>`,
          );
        }
        if (req.method === 'GET') {
          return page(
            res,
            'Pictura wants to see your profile',
            `<form method="post" action="/interaction/${uid}/consent"><button name="decision" value="allow">Allow</button><button name="decision" value="deny">Deny</button></form>`,
          );
        }
        const fields = await form(req);
        if (step === 'login') {
          return provider.interactionFinished(
            req,
            res,
            { login: { accountId: fields.get('account') || 'alice' } },
            { mergeWithLastSubmission: false },
          );
        }
        if (fields.get('decision') !== 'allow') {
          return provider.interactionFinished(
            req,
            res,
            { error: 'access_denied', error_description: 'End-User aborted interaction' },
            { mergeWithLastSubmission: false },
          );
        }
        const grant = new provider.Grant({
          accountId: details.session!.accountId,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope));
        return provider.interactionFinished(
          req,
          res,
          { consent: { grantId: await grant.save() } },
          { mergeWithLastSubmission: true },
        );
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      }
    });
  }

  return { issuer, configure, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axe.source); // not addScriptTag: the page's CSP refuses inline scripts
  const result = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`)) as {
    violations: Violation[];
  };
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} · ${v.id}: ${v.help} · ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describe('accounts in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let openId: Awaited<ReturnType<typeof startOpenIdProvider>>;
  // Auth allows five sign-ups per address an hour: these four, and one through the form.
  let admin: SignedIn;
  let member: SignedIn;
  let payer: SignedIn;
  let leaving: SignedIn;

  beforeAll(async () => {
    openId = await startOpenIdProvider();
    [stack, browser] = await Promise.all([
      startStack({
        processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway'],
        env: { OIDC_ISSUER: openId.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret },
      }),
      launchBrowser(),
    ]);
    openId.configure(`${stack.url}/api/auth/google/callback`);
    // The first account of a stack is its administrator.
    admin = await register('ada-admin');
    member = await register('hopper');
    payer = await register('knuth');
    leaving = await register('leaving-user');
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await openId?.close();
  });

  const passwordOf = (username: string) => `${username} secret words`;

  async function register(username: string): Promise<SignedIn> {
    const res = await stack.api<SignedIn>('POST', '/api/auth/register', undefined, {
      username,
      password: passwordOf(username),
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  /** A visitor who already answered the cookie banner; signed in from the first page load when given. */
  async function visitor(
    viewport = DESKTOP,
    signedIn?: SignedIn,
    options: { reducedMotion?: 'reduce' } = {},
  ): Promise<BrowserContext> {
    const context = await visitorContext(browser, { viewport, locale: 'en-US', ...options });
    if (signedIn) {
      // Seeded once per tab, so a logout or a deletion is not undone by the next reload.
      await context.addInitScript(`if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('token', ${JSON.stringify(signedIn.token)});
        localStorage.setItem('cached_user_data', ${JSON.stringify(JSON.stringify(signedIn.user))});
      }`);
    }
    return context;
  }

  const toast = (page: Page, text: string | RegExp) =>
    page.getByRole('region', { name: 'Notifications' }).getByText(text).first();

  async function shoot(page: Page, name: string) {
    await page.screenshot({ path: `/tmp/settings-${name}.png`, fullPage: true }).catch(() => {});
  }

  async function signInWithPassword(page: Page, username: string) {
    const dialog = page.getByRole('dialog', { name: 'Sign in to Pictura' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Use a username and password instead' }).click();
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password').fill(passwordOf(username));
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await toast(page, 'Signed in successfully').waitFor();
  }

  /** Whether the server still takes the token (a revoked one answers 401 or "not authenticated"). */
  const signedInWith = async (token: string) => {
    const res = await stack.api<{ authenticated?: boolean }>('GET', '/api/auth/me', token);
    return res.status === 200 && res.body.authenticated === true;
  };

  const userMenu = (page: Page, name: string) =>
    page.getByRole('banner').getByRole('button', { name: `Account menu for ${name}` });

  it('registers through the form, stays signed in across a reload, logs out and signs in with the modal', {
    timeout: 120_000,
  }, async () => {
    const context = await visitor();
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/register`);
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await page.getByLabel('Username').fill('grace');
    await page.getByLabel('Password', { exact: true }).fill(passwordOf('grace'));
    await page.getByLabel('Repeat the password').fill('not the same');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').getByText('The two passwords are not the same').waitFor();

    await page.getByLabel('Repeat the password').fill(passwordOf('grace'));
    await page.getByRole('button', { name: 'Create account' }).click();
    await toast(page, 'Your account is ready').waitFor();
    await page.waitForURL(`${stack.url}/en/`);
    await userMenu(page, 'grace').waitFor();

    // The session survives a reload: the stored token is checked again and accepted.
    await page.reload();
    await appStarted(page);
    await userMenu(page, 'grace').waitFor();
    expect(await page.evaluate("localStorage.getItem('token')")).toBeTruthy();

    const token = (await page.evaluate("localStorage.getItem('token')")) as string;
    await userMenu(page, 'grace').click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await toast(page, 'You have been logged out').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();
    // The logged-out token no longer works on the server either, and a reload stays signed out.
    expect(await signedInWith(token)).toBe(false);
    await page.reload();
    await appStarted(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await signInWithPassword(page, 'grace');
    await userMenu(page, 'grace').waitFor();

    // A wrong password is refused with the server's reason, and the session stays.
    await userMenu(page, 'grace').click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Pictura' });
    await dialog.getByRole('button', { name: 'Use a username and password instead' }).click();
    await dialog.getByLabel('Username').fill('grace');
    await dialog.getByLabel('Password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await dialog.getByRole('alert').getByText('Invalid username or password').waitFor();
    await context.close();
  });

  it('signs in with Google through the provider’s login and consent pages', {
    timeout: 120_000,
  }, async () => {
    const context = await visitor();
    // The first start of Google sign-in fails. Routed on the context before the page exists, so the route is
    // in place for every request the page makes (CI once saw that start reach the provider).
    await context.route('**/api/auth/google/login?**', (route) => route.abort(), { times: 1 });
    const page = await context.newPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await openApp(page, `${stack.url}/en/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Pictura' });
    // A failed start is said inside the dialog, on top of its backdrop, not in a toast behind it.
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    const failed = dialog.getByRole('alert');
    await failed.getByText('Could not start Google sign-in, please try again').waitFor();
    const box = (await failed.boundingBox())!;
    expect(
      await page.evaluate(
        `document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2})?.closest('[role=dialog]') !== null`,
      ),
    ).toBe(true);
    expect(await page.getByRole('region', { name: 'Notifications' }).textContent()).not.toContain(
      'Could not start Google sign-in',
    );
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();

    await page.waitForURL(`${openId.issuer}/interaction/**`);
    await page.getByRole('heading', { name: 'Sign in to Google stand-in' }).waitFor();
    await page.getByLabel('Account').fill('alice');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Pictura wants to see your profile' }).waitFor();
    await page.getByRole('button', { name: 'Allow' }).click();

    await toast(page, 'Signed in with Google').waitFor();
    await page.waitForURL(`${stack.url}/en/`);
    await userMenu(page, 'alice Example').waitFor();
    // Back through the gateway's callback to the app's callback page, which finished the sign-in.
    expect(visited).toContain(`${stack.url}/en/oauth-callback`);
    const token = (await page.evaluate("localStorage.getItem('token')")) as string;
    const me = await stack.api<{ user: { email: string; name: string } }>('GET', '/api/auth/me', token);
    expect(me.body.user).toMatchObject({ email: 'alice@example.com', name: 'alice Example' });
    // The one-time hand-off cookie is gone: it cannot sign anyone in again.
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('pictura_oauth');
    await context.close();
  });

  it('shows the failure when consent is denied at the provider', { timeout: 120_000 }, async () => {
    const context = await visitor();
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('dialog', { name: 'Sign in to Pictura' })
      .getByRole('button', { name: 'Continue with Google' })
      .click();
    await page.getByLabel('Account').fill('mallory');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();

    await page.waitForURL(`${stack.url}/en/oauth-callback?**`);
    await page.getByRole('heading', { level: 1, name: 'Login Failed' }).waitFor();
    await page.getByRole('main').getByRole('alert').getByText('Login Failed').waitFor();
    await page.getByRole('link', { name: 'Try again' }).waitFor();
    expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('asks a guest to sign in for settings, then takes them there', { timeout: 120_000 }, async () => {
    const context = await visitor();
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/settings`);
    // The navigation is cancelled: home, with the sign-in modal, and the wanted page remembered.
    await page.getByRole('dialog', { name: 'Sign in to Pictura' }).waitFor();
    await page.waitForURL(`${stack.url}/en/`);
    expect(await page.evaluate("sessionStorage.getItem('redirectAfterLogin')")).toBe('/en/settings');

    await signInWithPassword(page, 'hopper');
    await page.waitForURL(`${stack.url}/en/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('region', { name: 'Profile' }).getByText('@hopper').waitFor();
    expect(await page.evaluate("sessionStorage.getItem('redirectAfterLogin')")).toBeNull();
    await context.close();
  });

  it('keeps the admin console for administrators', { timeout: 120_000 }, async () => {
    const memberContext = await visitor(DESKTOP, member);
    const memberPage = await memberContext.newPage();
    await openApp(memberPage, `${stack.url}/en/admin`);
    await memberPage.waitForURL(`${stack.url}/en/`);
    await userMenu(memberPage, 'hopper').waitFor();
    await memberContext.close();

    const adminContext = await visitor(DESKTOP, admin);
    const adminPage = await adminContext.newPage();
    await openApp(adminPage, `${stack.url}/en/admin`);
    await adminPage.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(adminPage.url()).pathname).toBe('/en/admin');
    await adminContext.close();
  });

  it('edits the name, and creates, shows once and revokes an API key as an administrator', {
    timeout: 120_000,
  }, async () => {
    const context = await visitor(DESKTOP, admin);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/settings`);
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByText('Not set').first().waitFor(); // no e-mail for a password account

    // Validation first: an empty name is refused here, with the reason next to the field.
    const name = profile.getByLabel('Display name');
    await name.fill('   ');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await profile.getByRole('alert').getByText('Please enter a display name').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await profile.getByLabel('Or paste an image link').fill('http://example.com/me.png');
    await name.fill('Ada Admin');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await profile.getByRole('alert').getByText('The avatar link must start with https://').waitFor();
    await profile.getByLabel('Or paste an image link').fill('');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Your profile has been saved').waitFor();
    await userMenu(page, 'Ada Admin').waitFor();
    const me = await stack.api<{ user: { name: string } }>('GET', '/api/auth/me', admin.token);
    expect(me.body.user.name).toBe('Ada Admin');

    // API keys: administrators have API access.
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByText('No API keys yet. Create one to get started.').waitFor();
    await keys.getByRole('button', { name: 'Create key' }).click();
    await keys.getByRole('alert').getByText('Please give the key a name').waitFor();
    await keys.getByLabel('Key name').fill('CI runner');
    await keys.getByRole('button', { name: 'Create key' }).click();
    await toast(page, 'API key created').waitFor();
    const shown = keys.getByLabel('New API key');
    const key = await shown.inputValue();
    expect(key).toMatch(/^sk_[\w-]{40,}$/);
    // Listed at once by name and prefix, never used yet.
    const row = keys.getByRole('row', { name: /CI runner/ });
    expect(await row.textContent()).toContain(`${key.slice(0, 10)}…`);
    expect(await row.textContent()).toContain('Never');
    await keys.getByText('For your security it will not be shown again.').waitFor();
    await shoot(page, 'api-key-en-1280');
    await keys.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'Key copied to the clipboard').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);
    // The key works on the API as its owner.
    const asKey = await stack.api<{ user: { id: number } }>('GET', '/api/auth/me', key);
    expect(asKey.body.user.id).toBe(admin.user.id);

    await keys.getByRole('button', { name: 'I have saved my key' }).click();
    expect(await page.content()).not.toContain(key);
    await page.reload();
    await appStarted(page);
    await row.waitFor();
    expect(await row.textContent()).toContain(key.slice(0, 10));
    expect(await row.textContent()).not.toContain('Never'); // used just now, by the call above
    expect(await page.content()).not.toContain(key);

    await row.getByRole('button', { name: 'Revoke the key “CI runner”' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke “CI runner”?' });
    await confirm.getByText('Anything using this key stops working at once.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).first().click();
    await confirm.waitFor({ state: 'detached' });
    expect(await signedInWith(key)).toBe(true);
    await row.getByRole('button', { name: 'Revoke the key “CI runner”' }).click();
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await toast(page, 'The key has been revoked').waitFor();
    await keys.getByText('No API keys yet. Create one to get started.').waitFor();
    // The gateway remembers a key's check for a few seconds at most.
    await expect.poll(() => signedInWith(key), { timeout: 15_000, interval: 500 }).toBe(false);
    await context.close();
  });

  it('tells a plan without API access that keys come with Enterprise, and where to ask', {
    timeout: 60_000,
  }, async () => {
    const context = await visitor(DESKTOP, member);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/settings`);
    await page.getByRole('region', { name: 'Plan and billing' }).getByText('Free').first().waitFor();
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByText('API access comes with the Enterprise plan').waitFor();
    expect(await keys.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    expect(await keys.getByRole('link', { name: 'Request Enterprise' }).getAttribute('href')).toBe(
      '/en/pricing?contact=enterprise',
    );
    await context.close();
  });

  it('shows the plan and payments, upgrades to yearly and cancels at period end', {
    timeout: 120_000,
  }, async () => {
    // Paid through the built-in test checkout, as the pricing page would.
    const started = await stack.api<{ checkout_url: string }>(
      'POST',
      '/api/payments/create-checkout',
      payer.token,
      {
        product_id: 'premium',
        billing_period: 'monthly',
        test_mode: true,
        success_url: '/en/payment/success',
        request_id: randomUUID(),
        no_auth: false,
      },
    );
    expect(started.status).toBe(200);
    const paid = await fetch(started.body.checkout_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        action: 'pay',
        card_number: TEST_CARD_DISPLAY,
        expiry: '01 / 40',
        cvc: '999',
      }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    const context = await visitor(DESKTOP, payer);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/settings`);
    const billing = page.getByRole('region', { name: 'Plan and billing' });
    await billing.getByText('Premium', { exact: false }).first().waitFor();
    await billing.getByText(/Billed monthly · Renews on /).waitFor();
    const history = billing.getByRole('table', { name: 'Payment history' });
    await history.getByRole('row', { name: /Premium · Monthly.*\$12\.00.*Paid/ }).waitFor();
    // A paid plan sees no upgrade banner.
    expect(await page.getByRole('link', { name: 'See plans' }).count()).toBe(0);

    await billing
      .getByRole('listitem')
      .filter({ hasText: 'Switch to yearly billing' })
      .getByRole('button', { name: 'Upgrade' })
      .click();
    const upgrade = page.getByRole('alertdialog', { name: 'Upgrade to Premium (Yearly)?' });
    await upgrade.getByText(/\$100\.00 per year/).waitFor();
    await upgrade.getByRole('button', { name: 'Upgrade now' }).click();
    await toast(page, 'Your plan is now Premium (Yearly)').waitFor();
    await billing.getByText(/Billed yearly · Renews on /).waitFor();
    await expect.poll(() => history.getByRole('row').count()).toBe(3); // header and two payments

    await billing.getByRole('button', { name: 'Cancel subscription' }).click();
    const cancel = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    const text = (await cancel.textContent()) ?? '';
    expect(text).toContain('stays active until the end of the current period');
    expect(text).toContain('Sales are non-refundable');
    await shoot(page, 'cancel-en-1280');
    await cancel.getByRole('button', { name: 'Cancel at period end' }).click();
    await toast(page, /^Your subscription will end on /).waitFor();
    await billing.getByText('Cancelled', { exact: true }).waitFor();
    await billing.getByText(/Billed yearly · Ends on /).waitFor();
    expect(await billing.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    const subscriptions = await stack.api<{ items: { status: string; cancel_at_period_end: boolean }[] }>(
      'GET',
      '/api/v1/payments/subscriptions',
      payer.token,
    );
    expect(subscriptions.body.items[0]).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await context.close();
  });

  it('deletes an account after the username and the password are typed, then signs out and goes home', {
    timeout: 120_000,
  }, async () => {
    const context = await visitor(PHONE, leaving);
    const page = await context.newPage();
    await openApp(page, `${stack.url}/en/settings`);
    const zone = page.getByRole('region', { name: 'Danger zone' });
    await zone.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type leaving-user to confirm').fill('leaving');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type leaving-user to confirm').fill('leaving-user');
    // The password again: a wrong one is refused in the dialog, and nothing is deleted.
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Your password').fill('not the password');
    await confirm.click();
    await dialog.getByRole('alert').getByText('That password is not correct').waitFor();
    expect(await signedInWith(leaving.token)).toBe(true);
    await dialog.getByLabel('Your password').fill(passwordOf('leaving-user'));
    await shoot(page, 'delete-en-375');
    await confirm.click();

    await toast(page, 'Your account has been deleted').waitFor();
    await page.waitForURL(`${stack.url}/en/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
    // Sent home as a guest, not asked to sign in again.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();
    const login = await stack.api('POST', '/api/auth/login', undefined, {
      username: 'leaving-user',
      password: passwordOf('leaving-user'),
    });
    expect(login.status).toBe(401);
    expect(await signedInWith(leaving.token)).toBe(false);
    await context.close();
  });

  describe.each([
    ['en', DESKTOP],
    ['ar', DESKTOP],
    ['en', PHONE],
    ['ar', PHONE],
  ] as const)('settings in %s at %o', (locale, viewport) => {
    it('has no serious or critical accessibility violation', { timeout: 120_000 }, async () => {
      const context = await visitor(viewport, admin, { reducedMotion: 'reduce' });
      const page = await context.newPage();
      await openApp(page, `${stack.url}/${locale}/settings`);
      await page.locator('#api-keys').waitFor();
      await page.locator('.settings-stat__value .skeleton').first().waitFor({ state: 'detached' });
      await page.locator('.plan-card--loading').waitFor({ state: 'detached' });
      await page.locator('.skeleton-rows').first().waitFor({ state: 'detached' });
      expect(await page.getAttribute('html', 'dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await shoot(page, `${locale}-${viewport.width}`);
      const found = await seriousViolations(page);
      // The confirmation dialog too.
      await page.locator('#delete-account button').click();
      await page.getByRole('alertdialog').waitFor();
      found.push(...(await seriousViolations(page)).map((v) => `dialog · ${v}`));
      await context.close();
      expect(found).toEqual([]);
    });
  });
});
