// Plan transitions through the built-in test provider, on both database engines:
// free → premium monthly → ultimate yearly → cancelled (still active to period end) → expired.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/support/databases.ts';
import { manualClock, openTestBilling } from '../test/billing.fixture.ts';

const DAY = 24 * 3600_000;

describe.each(ENGINES)('plan transitions on %s', (engine) => {
  const clock = manualClock();
  let billing: Awaited<ReturnType<typeof openTestBilling>>;
  beforeAll(async () => {
    billing = await openTestBilling(engine, { clock: clock.now });
  });
  afterAll(() => billing.database.close());

  const plan = async (userId: number) => (await billing.subscriptions.entitlements(userId)).plan;
  const listed = async (userId: number) => (await billing.subscriptions.list(userId, '', 20)).items;

  async function buy(userId: number, productId: string, requestId: string) {
    const { checkoutId } = await billing.checkout.create({
      userId,
      productId,
      billingPeriod: '',
      successUrl: '/en/payment/success',
      requestId,
      testMode: true,
      noAuth: false,
    });
    return new URL(await billing.checkout.completeTest(checkoutId));
  }

  it('goes free → premium monthly → ultimate yearly → cancelled → expired', async () => {
    const user = 10;
    expect(await plan(user)).toBe('free');

    const back = await buy(user, 'premium_monthly', 'r-1');
    expect(back.pathname).toBe('/en/payment/success');
    expect(await plan(user)).toBe('premium');
    const [premium] = await listed(user);
    expect(premium).toMatchObject({
      status: 'active',
      row: { planId: 'premium_monthly', cancelAtPeriodEnd: false },
    });
    expect(back.searchParams.get('subscription_id')).toBe(String(premium!.row.id));
    const entitlements = await billing.subscriptions.entitlements(user);
    expect(entitlements).toMatchObject({ watermark: false, showAds: false, supportPriority: 'priority' });

    // Ten days in, the upgrade charges the yearly Ultimate price less the unused 20 days of Premium.
    clock.advance(10 * DAY);
    const upgraded = await billing.subscriptions.upgrade(user, premium!.row.id, 'ultimate_yearly');
    expect(upgraded).toMatchObject({ status: 'active', row: { planId: 'ultimate_yearly' } });
    expect(await plan(user)).toBe('ultimate');
    const payments = (await billing.subscriptions.payments(user, '', 20)).rows;
    expect(payments.map((p) => [p.planId, p.amountCents, p.status])).toEqual([
      ['ultimate_yearly', 20000 - 800, 'paid'],
      ['premium_monthly', 1200, 'paid'],
    ]);

    // Cancelling keeps the plan to the end of the paid year (sales are non-refundable)…
    const cancelled = await billing.subscriptions.cancel(user, premium!.row.id);
    expect(cancelled).toMatchObject({ status: 'active', row: { cancelAtPeriodEnd: true } });
    clock.advance(364 * DAY);
    expect(await plan(user)).toBe('ultimate');
    // …and then it has expired.
    clock.advance(2 * DAY);
    expect(await plan(user)).toBe('free');
    expect((await listed(user))[0]).toMatchObject({ status: 'expired' });
    await expect(billing.subscriptions.cancel(user, premium!.row.id)).rejects.toMatchObject({
      code: 'failed_precondition',
    });
  });

  it('allows only upgrades, and only on your own subscription', async () => {
    await buy(11, 'ultimate_monthly', 'r-1');
    const [own] = await listed(11);
    await expect(billing.subscriptions.upgrade(11, own!.row.id, 'premium_yearly')).rejects.toMatchObject({
      code: 'invalid_argument',
      reason: 'not_an_upgrade',
    });
    await expect(billing.subscriptions.upgrade(12, own!.row.id, 'ultimate_yearly')).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(billing.subscriptions.cancel(12, own!.row.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await listed(12)).toEqual([]);
    const yearly = await billing.subscriptions.upgrade(11, own!.row.id, 'ultimate_yearly');
    expect(yearly.row.planId).toBe('ultimate_yearly');
  });

  it('reset-test-user clears the user’s subscription records only', async () => {
    await buy(13, 'premium_yearly', 'r-1');
    await buy(14, 'premium_yearly', 'r-1');
    expect(await billing.subscriptions.resetTestUser(13)).toBe(1);
    expect(await plan(13)).toBe('free');
    expect(await listed(13)).toEqual([]);
    expect((await billing.subscriptions.payments(13, '', 20)).rows).toEqual([]);
    expect(await plan(14)).toBe('premium');
    // The same request_id starts afresh after a reset.
    await buy(13, 'premium_monthly', 'r-1');
    expect(await plan(13)).toBe('premium');
  });

  it('pages subscriptions with a cursor', async () => {
    for (const n of [1, 2, 3]) await buy(15, 'premium_monthly', `page-${n}`);
    const first = await billing.subscriptions.list(15, '', 2);
    expect(first.items).toHaveLength(2);
    const second = await billing.subscriptions.list(15, first.next, 2);
    expect(second.items).toHaveLength(1);
    expect(second.next).toBe('');
    const ids = [...first.items, ...second.items].map((i) => i.row.id);
    expect(new Set(ids).size).toBe(3);
    await expect(billing.subscriptions.list(15, 'garbage!', 2)).rejects.toMatchObject({
      code: 'invalid_argument',
    });
  });
});
