// Plans granted by an administrator: entitlements exactly as a paid plan's, recorded in the user's
// subscriptions and payments, refused to non-admins (answered by the real auth service over gRPC), and
// gone once the period ends (an injected clock moves past it).
import { create } from '@bufbuild/protobuf';
import { createAdminCheck } from '@pictura/common/admin-check';
import { GrantPlanRequestSchema } from '@pictura/common/gen/billing/v1/billing_pb';
import { PLAN_ENTITLEMENTS } from '@pictura/common/plan-catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthService, type TestAuthService } from '../../../test/support/auth-service.ts';
import { ENGINES } from '../../../test/support/databases.ts';
import { manualClock, openTestBilling } from '../test/billing.fixture.ts';
import { addMonths } from './plan-grants.service.ts';

const DAY = 24 * 3600_000;

describe.each(ENGINES)('plan grants on %s', (engine) => {
  const clock = manualClock(new Date('2030-01-31T12:00:00Z'));
  let auth: TestAuthService;
  let billing: Awaited<ReturnType<typeof openTestBilling>>;
  let admin = 0;
  let member = 0;
  let other = 0;

  beforeAll(async () => {
    auth = await startAuthService(engine);
    billing = await openTestBilling(engine, { admins: createAdminCheck(auth.client), clock: clock.now });
    admin = (await auth.client.register({ username: 'root', password: 'root password' })).user!.id;
    member = (await auth.client.register({ username: 'member', password: 'member password' })).user!.id;
    other = (await auth.client.register({ username: 'other', password: 'other password' })).user!.id;
  });
  afterAll(async () => {
    await billing?.database.close();
    await auth?.close();
  });

  const grant = { months: 0, endsAt: '', note: '' };

  it('gives the plan’s entitlements and records it in the subscriptions and payments the user sees', async () => {
    expect((await billing.subscriptions.entitlements(member)).apiAccess).toBe(false);
    const message = await billing.grpc.grantPlan(
      create(GrantPlanRequestSchema, {
        callerId: admin,
        userId: member,
        plan: 'enterprise',
        months: 1,
        note: 'Signed the Enterprise agreement',
      }),
      billing.ctx as never,
    );
    expect(message).toMatchObject({
      planId: 'enterprise_grant',
      status: 'active',
      provider: 'grant',
      // 31 January + 1 month is the last day of February, at the same time of day.
      currentPeriodEnd: '2030-02-28T12:00:00.000Z',
      cancelAtPeriodEnd: true,
      note: 'Signed the Enterprise agreement',
      grantedBy: admin,
    });
    expect(await billing.subscriptions.entitlements(member)).toEqual(PLAN_ENTITLEMENTS.enterprise);
    const id = message.id ?? 0;

    const [subscription] = (await billing.subscriptions.list(member, '', 20)).items;
    expect(subscription).toMatchObject({ status: 'active', row: { id, provider: 'grant' } });
    const payments = (await billing.subscriptions.payments(member, '', 20)).rows;
    expect(payments.map((p) => [p.planId, p.amountCents, p.provider, p.subscriptionId])).toEqual([
      ['enterprise_grant', 0, 'grant', id],
    ]);
    // Someone else's records are untouched.
    expect((await billing.subscriptions.list(other, '', 20)).items).toEqual([]);
    // A grant is not for sale: no upgrade through a payment provider, and "cancel" changes nothing.
    await expect(billing.subscriptions.upgrade(member, id, 'ultimate_yearly')).rejects.toMatchObject({
      reason: 'granted_plan',
    });
    expect((await billing.subscriptions.cancel(member, id)).status).toBe('active');
  });

  it('ends at its end date: free entitlements once the clock passes it', async () => {
    const endsAt = new Date(clock.now().getTime() + 3 * DAY).toISOString();
    const row = await billing.grants.grant({
      ...grant,
      callerId: admin,
      userId: other,
      plan: 'ultimate',
      endsAt,
    });
    expect(row.currentPeriodEnd?.toISOString()).toBe(endsAt);
    expect((await billing.subscriptions.entitlements(other)).plan).toBe('ultimate');
    clock.advance(3 * DAY - 1000);
    expect((await billing.subscriptions.entitlements(other)).plan).toBe('ultimate');
    clock.advance(1000);
    expect(await billing.subscriptions.entitlements(other)).toEqual(PLAN_ENTITLEMENTS.free);
    const [expired] = (await billing.subscriptions.list(other, '', 20)).items;
    expect(expired).toMatchObject({ status: 'expired', row: { id: row.id } });
  });

  it('can be ended early by an admin', async () => {
    const row = await billing.grants.grant({
      ...grant,
      callerId: admin,
      userId: other,
      plan: 'premium',
      months: 2,
    });
    expect((await billing.subscriptions.entitlements(other)).plan).toBe('premium');
    await expect(billing.grants.end(member, other, row.id)).rejects.toMatchObject({
      code: 'permission_denied',
    });
    await billing.grants.end(admin, other, row.id);
    expect((await billing.subscriptions.entitlements(other)).plan).toBe('free');
    // Both recorded in billing's audit log (the newest two; they may share a millisecond, so in any order).
    const audit = await billing.ledger.audit.list({ targetId: String(other) }, undefined, 2);
    expect(audit.entries.map((e) => [e.actorId, e.action]).sort()).toEqual([
      [admin, 'plan.end_grant'],
      [admin, 'plan.grant'],
    ]);
    expect(audit.entries.find((e) => e.action === 'plan.grant')?.after).toMatchObject({
      subscription_id: row.id,
      plan: 'premium_grant',
    });
    await expect(billing.grants.end(admin, member, row.id)).rejects.toMatchObject({
      reason: 'grant_not_found',
    });
  });

  it('is refused to non-admins and guests, and records nothing', async () => {
    const before = (await billing.subscriptions.list(other, '', 100)).items.length;
    const input = { ...grant, userId: other, plan: 'enterprise', months: 12 };
    await expect(billing.grants.grant({ ...input, callerId: member })).rejects.toMatchObject({
      code: 'permission_denied',
    });
    await expect(billing.grants.grant({ ...input, callerId: 0 })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    expect((await billing.subscriptions.list(other, '', 100)).items).toHaveLength(before);
    expect((await billing.subscriptions.entitlements(other)).plan).toBe('free');
  });

  it('refuses unknown plans, bad periods and long notes with a reason', async () => {
    const refused = (over: Partial<Parameters<typeof billing.grants.grant>[0]>) =>
      billing.grants.grant({
        ...grant,
        callerId: admin,
        userId: member,
        plan: 'premium',
        months: 1,
        ...over,
      });
    await expect(refused({ plan: 'platinum' })).rejects.toMatchObject({ reason: 'unknown_plan' });
    await expect(refused({ plan: 'free' })).rejects.toMatchObject({ reason: 'unknown_plan' });
    await expect(refused({ months: 37 })).rejects.toMatchObject({ reason: 'invalid_months' });
    await expect(refused({ months: 0 })).rejects.toMatchObject({ reason: 'invalid_grant_period' });
    await expect(refused({ endsAt: '2031-01-01' })).rejects.toMatchObject({ reason: 'invalid_grant_period' });
    await expect(refused({ months: 0, endsAt: '2000-01-01' })).rejects.toMatchObject({
      reason: 'ends_at_in_past',
    });
    await expect(refused({ months: 0, endsAt: 'soon' })).rejects.toMatchObject({ reason: 'invalid_ends_at' });
    await expect(refused({ note: 'x'.repeat(501) })).rejects.toMatchObject({ reason: 'note_too_long' });
  });
});

describe('addMonths', () => {
  it('keeps the day of the month, clamped to the shorter month', () => {
    expect(addMonths(new Date('2030-01-15T08:00:00Z'), 1).toISOString()).toBe('2030-02-15T08:00:00.000Z');
    expect(addMonths(new Date('2030-01-31T00:00:00Z'), 1).toISOString()).toBe('2030-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2030-11-30T00:00:00Z'), 3).toISOString()).toBe('2031-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2030-05-10T00:00:00Z'), 36).toISOString()).toBe('2033-05-10T00:00:00.000Z');
  });
});
