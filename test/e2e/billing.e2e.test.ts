// Billing's "done when" on the real processes in test mode: a signed-in user goes from the plans through the
// test checkout page to an active Premium plan; their next generation jumps ahead of waiting free jobs and
// carries no watermark; verify-signature accepts the real return parameters and refuses a tampered one.

import { randomUUID } from 'node:crypto';
import { TEST_CARD_DISPLAY } from '@pictura/common/test-card';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.ts';
import { type Stack, startStack } from '../support/stack.ts';

type Body = Record<string, unknown>;

interface JobBody {
  job_id: string;
  status: string;
  position: number;
  images: { url: string }[];
}

describe('plans, test checkout and entitlements on the running product', () => {
  let stack: Stack;
  const users: Record<'admin' | 'payer' | 'free', string> = { admin: '', payer: '', free: '' };

  beforeAll(async () => {
    // No worker yet: jobs wait, so queue positions show the plan's priority without any timing.
    stack = await startStack({
      processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway'],
      env: { ENTITLEMENTS_CACHE_MS: '1000' },
    });
    for (const name of ['admin', 'payer', 'free'] as const) {
      const res = await api('POST', '/api/auth/register', undefined, {
        username: `${name}-user`,
        password: `${name} password`,
      });
      expect(res.status).toBe(201);
      users[name] = res.body.token as string;
    }
  }, 240_000);
  afterAll(() => stack?.stop());

  const api = (method: string, path: string, token?: string, body?: unknown) =>
    stack.api<Body>(method, path, token, body);

  const checkoutRequest = (over: Body = {}) => ({
    product_id: 'premium',
    billing_period: 'monthly',
    test_mode: true,
    success_url: '/en/payment/success',
    request_id: randomUUID(),
    no_auth: false,
    ...over,
  });
  const payForm = new URLSearchParams({
    action: 'pay',
    card_number: TEST_CARD_DISPLAY,
    expiry: '01 / 40',
    cvc: '999',
  });
  let returned: Record<string, string>;
  let subscriptionId = 0;

  it('serves the plans and prices of the pricing page', async () => {
    const { status, body } = await api('GET', '/api/plans');
    expect(status).toBe(200);
    expect(body).toMatchObject({ currency: 'USD', yearly_saving_percent: 30, test_mode: true });
    const plans = body.plans as {
      id: string;
      prices: { plan_id: string; amount_cents: number }[];
      contact_sales: boolean;
    }[];
    expect(plans.map((p) => p.id)).toEqual(['free', 'premium', 'ultimate', 'enterprise']);
    expect(plans.flatMap((p) => p.prices.map((price) => [price.plan_id, price.amount_cents]))).toEqual([
      ['premium_monthly', 1200],
      ['premium_yearly', 10000],
      ['ultimate_monthly', 2400],
      ['ultimate_yearly', 20000],
    ]);
    expect(plans.find((p) => p.id === 'enterprise')?.contact_sales).toBe(true);
  });

  it('sends a guest to sign in, and refuses a success page on another site', async () => {
    expect(await api('POST', '/api/payments/create-checkout', undefined, checkoutRequest())).toEqual({
      status: 401,
      body: { error: 'login_required', message: 'Please login to continue' },
    });
    const offsite = await api(
      'POST',
      '/api/payments/create-checkout',
      users.payer,
      checkoutRequest({ success_url: 'https://evil.example/x' }),
    );
    expect(offsite.status).toBe(400);
    // The spec's retry without authentication in test mode gets a checkout that belongs to no account.
    const guest = await api(
      'POST',
      '/api/payments/create-checkout',
      undefined,
      checkoutRequest({ no_auth: true }),
    );
    expect(guest.status).toBe(200);
  });

  it('takes a signed-in user through the test checkout page to an active Premium plan', async () => {
    const request = checkoutRequest();
    const started = await api('POST', '/api/payments/create-checkout', users.payer, request);
    expect(started.status).toBe(200);
    const checkoutUrl = started.body.checkout_url as string;
    expect(checkoutUrl).toMatch(new RegExp(`^${stack.url}/payments/test-checkout/chk_`));
    // The same request_id gives the same checkout.
    expect((await api('POST', '/api/payments/create-checkout', users.payer, request)).body.checkout_url).toBe(
      checkoutUrl,
    );

    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(TEST_CARD_DISPLAY);
    expect(html).toContain('Any expiry date and CVV are accepted');
    expect(html).toContain('Pictura Premium');
    expect(html).toContain('$12.00');
    expect(html).not.toMatch(/<script|<link|src="http/);

    const wrongCard = await fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'pay', card_number: '4000 0000 0000 0002' }),
      redirect: 'manual',
    });
    expect(wrongCard.status).toBe(422);

    const paid = await fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: payForm,
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${stack.url}/en/payment/success`);
    returned = Object.fromEntries(back.searchParams);
    expect(returned).toMatchObject({ product_id: 'premium_monthly', request_id: request.request_id });
    expect(returned.signature).toMatch(/^[0-9a-f]{64}$/);

    const subscriptions = await api('GET', '/api/v1/payments/subscriptions', users.payer);
    expect(subscriptions.status).toBe(200);
    const [subscription] = subscriptions.body.items as Body[];
    expect(subscription).toMatchObject({
      plan_id: 'premium_monthly',
      plan_type: 'premium',
      billing_period: 'monthly',
      status: 'active',
      cancel_at_period_end: false,
    });
    subscriptionId = subscription!.id as number;
    expect(returned.subscription_id).toBe(String(subscriptionId));
    const payments = await api('GET', '/api/v1/payments/payments', users.payer);
    expect((payments.body.items as Body[]).map((p) => [p.amount, p.currency, p.status, p.order_id])).toEqual([
      [1200, 'USD', 'paid', returned.order_id],
    ]);
    expect((await api('GET', '/api/v1/payments/subscriptions', users.free)).body.items).toEqual([]);
  });

  it('accepts the real return parameters and refuses tampered or missing ones', async () => {
    expect(await api('POST', '/api/payments/verify-signature', undefined, returned)).toEqual({
      status: 200,
      body: { valid: true },
    });
    expect(
      await api('POST', '/api/payments/verify-signature', undefined, {
        ...returned,
        product_id: 'ultimate_yearly',
      }),
    ).toEqual({
      status: 200,
      body: { valid: false, message: 'Payment verification failed, invalid signature' },
    });
    const { signature: _, ...unsigned } = returned;
    expect(await api('POST', '/api/payments/verify-signature', undefined, unsigned)).toEqual({
      status: 400,
      body: { error: 'missing_payment_parameters', message: 'Missing required payment parameters' },
    });
  });

  it("puts the premium user's job ahead of waiting free jobs, and leaves the watermark off only their image", async () => {
    const submit = async (token: string | undefined, seed: number) => {
      const res = await api('POST', '/api/generate', token, {
        prompt: 'a red fox in fresh snow',
        seed,
        model: 'pictura-abstract',
      });
      expect(res.status).toBe(202);
      return res.body.job_id as string;
    };
    const freeJobs = [await submit(users.free, 5), await submit(users.free, 6), await submit(users.free, 7)];
    const premiumJob = await submit(users.payer, 5);
    const position = async (id: string) =>
      (
        (await api('GET', `/api/jobs/${id}`, id === premiumJob ? users.payer : users.free))
          .body as unknown as JobBody
      ).position;
    expect(await position(premiumJob)).toBe(1);
    expect(await Promise.all(freeJobs.map(position))).toEqual([2, 3, 4]);

    await stack.start('worker');
    // Job events need the owner's token, so poll the job (the fallback the web app uses too).
    const finished = (id: string, token: string) =>
      eventually(
        async () => {
          const job = (await api('GET', `/api/jobs/${id}`, token)).body as unknown as JobBody;
          expect(job.status).not.toBe('error');
          return job.status === 'completed' ? job.images[0]!.url : undefined;
        },
        `job ${id} to finish`,
        1200,
      );
    const premiumUrl = await finished(premiumJob, users.payer);
    const freeUrl = await finished(freeJobs[0]!, users.free);
    // The same prompt and seed: the free image differs from the premium one, and only in the corner mark.
    expect(premiumUrl).not.toBe(freeUrl);
    const pixels = async (url: string) =>
      sharp(Buffer.from(await (await fetch(`${stack.url}${url}`)).arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
    const [premium, free] = await Promise.all([pixels(premiumUrl), pixels(freeUrl)]);
    expect(free.info).toMatchObject({ width: premium.info.width, height: premium.info.height });
    const { width, height, channels } = premium.info;
    const differing = (x0: number, y0: number, x1: number, y1: number) => {
      let count = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const i = (y * width + x) * channels;
          if (premium.data[i] !== free.data[i] || premium.data[i + 1] !== free.data[i + 1]) count++;
        }
      return count;
    };
    expect(differing(0, 0, width / 2, height / 2)).toBe(0);
    expect(differing(width / 2, height / 2, width, height)).toBeGreaterThan(0);
  });

  it('cancels at period end and upgrades from account settings, for the owner only', async () => {
    const path = `/api/v1/payments/subscriptions/${subscriptionId}`;
    expect((await api('POST', `${path}/cancel`, users.free)).status).toBe(404);
    const upgraded = await api('POST', `${path}/upgrade`, users.payer, { plan_id: 'ultimate_yearly' });
    expect(upgraded).toMatchObject({ status: 200, body: { plan_id: 'ultimate_yearly', status: 'active' } });
    expect((await api('POST', `${path}/upgrade`, users.payer, { plan_id: 'premium_monthly' })).status).toBe(
      400,
    );
    const cancelled = await api('POST', `${path}/cancel`, users.payer);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'active', cancel_at_period_end: true } });
  });

  it('lets only the Ultimate plan generate privately, and history keeps the image private', async () => {
    const submit = (token: string) =>
      api('POST', '/api/generate', token, {
        prompt: 'a private sketch',
        private: true,
        model: 'pictura-abstract',
      });
    expect(await submit(users.free)).toMatchObject({
      status: 403,
      body: {
        error: 'private_generation_not_in_plan',
        message: 'Private generation is part of the Ultimate plan',
      },
    });
    expect((await api('POST', '/api/generate', undefined, { prompt: 'x', private: true })).status).toBe(403);
    // The payer upgraded to Ultimate above; jobs re-reads entitlements within its short cache.
    const accepted = await eventually(
      async () => {
        const answer = await submit(users.payer);
        return answer.status === 403 ? undefined : answer;
      },
      'jobs to see the Ultimate plan',
      50,
    );
    expect(accepted.status).toBe(202);
    const jobId = accepted.body.job_id as string;
    const item = await eventually(
      async () => {
        const history = await api('GET', '/api/history?type=generated', users.payer);
        const items = (history.body.items ?? []) as { prompt: string; private: boolean }[];
        const found = items.find((candidate) => candidate.prompt === 'a private sketch');
        if (!found)
          expect((await api('GET', `/api/jobs/${jobId}`, users.payer)).body.status).not.toBe('error');
        return found;
      },
      'the private image to reach history',
      1200,
    );
    expect(item.private).toBe(true);
  });

  it('stores sales requests with the sender’s plan and lists paid plans first for admins', async () => {
    const request = {
      kind: 'sales',
      name: 'Ada',
      email: 'ada@example.com',
      company: 'Engines Ltd',
      message: 'We need an SLA.',
    };
    expect((await api('POST', '/api/support/requests', undefined, request)).status).toBe(201);
    expect(
      (
        await api('POST', '/api/support/requests', users.payer, {
          ...request,
          kind: 'support',
          message: 'Help',
        })
      ).status,
    ).toBe(201);
    expect(
      (await api('POST', '/api/support/requests', undefined, { ...request, kind: 'support' })).status,
    ).toBe(401);
    expect(
      (await api('POST', '/api/support/requests', undefined, { ...request, email: 'nope' })).status,
    ).toBe(400);
    const listed = await api('GET', '/api/admin/support-requests', users.admin);
    expect(listed.status).toBe(200);
    expect((listed.body.items as Body[]).map((r) => [r.kind, r.plan])).toEqual([
      ['support', 'ultimate'],
      ['sales', 'free'],
    ]);
    expect((await api('GET', '/api/admin/support-requests', users.payer)).status).toBe(403);
  });

  it('checks create-session amounts, takes Cancel to the cancel page, and resets the test user', async () => {
    const session = {
      amount: 2400,
      currency: 'USD',
      payment_method: 'stripe',
      plan_id: 'ultimate_monthly',
      subscription: true,
      meta_data: { plan_type: 'ultimate', billing: 'monthly' },
    };
    const created = await api('POST', '/v1/payments/create-session', users.free, session);
    expect(created.status).toBe(200);
    const cancel = await fetch(created.body.checkout_url as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'cancel' }),
      redirect: 'manual',
    });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe('/en/payment/cancel');
    expect(
      (await api('POST', '/v1/payments/create-session', users.free, { ...session, amount: 999 })).status,
    ).toBe(400);
    expect((await api('POST', '/v1/payments/create-session', undefined, session)).status).toBe(401);

    expect(
      (await api('POST', '/api/payments/reset-test-user', undefined, { test_mode: true, force_reset: true }))
        .status,
    ).toBe(401);
    const reset = await api('POST', '/api/payments/reset-test-user', users.payer, {
      test_mode: true,
      force_reset: true,
    });
    expect(reset).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect((await api('GET', '/api/v1/payments/subscriptions', users.payer)).body.items).toEqual([]);
  });

  it('refuses unsigned Stripe webhooks', async () => {
    const res = await fetch(`${stack.url}/api/payments/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
    });
    expect(res.status).toBe(400);
  });
});
