// Sales and support requests: validated, tagged with the sender's plan, listed paid-first to admins only,
// with "admin" answered by the real auth service over gRPC.
import { createAdminCheck } from '@pictura/common/admin-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthService, type TestAuthService } from '../../../test/support/auth-service.ts';
import { ENGINES } from '../../../test/support/databases.ts';
import { openTestBilling } from '../test/billing.fixture.ts';
import { subscriptions } from './db/schema.ts';

describe.each(ENGINES)('sales and support requests on %s', (engine) => {
  let auth: TestAuthService;
  let billing: Awaited<ReturnType<typeof openTestBilling>>;
  let admin = 0;
  let member = 0;

  beforeAll(async () => {
    auth = await startAuthService(engine);
    billing = await openTestBilling(engine, { admins: createAdminCheck(auth.client) });
    admin = (await auth.client.register({ username: 'root', password: 'root password' })).user!.id;
    member = (await auth.client.register({ username: 'member', password: 'member password' })).user!.id;
  });
  afterAll(async () => {
    await billing?.database.close();
    await auth?.close();
  });

  const input = { name: 'Ada', email: 'ada@example.com', company: '', message: 'Hello' };

  it('stores requests with the plan, and lists paid plans first to admins only', async () => {
    await billing.database.db
      .insert(subscriptions)
      .values({ userId: member, planId: 'ultimate_monthly', status: 'active' });
    await billing.support.create({ ...input, userId: 0, kind: 'sales' });
    await billing.support.create({ ...input, userId: admin, kind: 'support' });
    await billing.support.create({ ...input, userId: member, kind: 'support', message: 'Paid help' });
    const page = await billing.support.list(admin, '', 2);
    expect(page.rows.map((r) => [r.plan, r.message])).toEqual([
      ['ultimate', 'Paid help'],
      ['free', 'Hello'],
    ]);
    const rest = await billing.support.list(admin, page.next, 2);
    expect(rest.rows.map((r) => [r.plan, r.kind])).toEqual([['free', 'sales']]);
    expect(rest.next).toBe('');
    await expect(billing.support.list(member, '', 10)).rejects.toMatchObject({ code: 'permission_denied' });
    await expect(billing.support.list(0, '', 10)).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('lets admins mark a request answered and new again, listed by status and audited', async () => {
    const created = await billing.support.create({
      ...input,
      userId: member,
      kind: 'support',
      message: 'Status',
    });
    expect(created.status).toBe('new');
    await expect(billing.support.setStatus(member, created.id, 'answered')).rejects.toMatchObject({
      code: 'permission_denied',
    });
    const answered = await billing.support.setStatus(admin, created.id, 'answered');
    expect(answered).toMatchObject({ status: 'answered', answeredBy: admin });
    expect(answered.answeredAt).toBeInstanceOf(Date);
    await billing.support.setStatus(admin, created.id, 'answered'); // a repeat changes nothing
    const onlyAnswered = await billing.support.list(admin, '', 50, 'answered');
    expect(onlyAnswered.rows.map((r) => r.id)).toEqual([created.id]);
    expect((await billing.support.list(admin, '', 50, 'new')).rows.map((r) => r.id)).not.toContain(
      created.id,
    );
    await billing.support.setStatus(admin, created.id, 'new');
    const audit = await billing.ledger.audit.list({ targetId: String(created.id) }, undefined, 10);
    expect(audit.entries.map((e) => [e.action, e.before, e.after]).sort()).toEqual([
      ['support_request.answer', { status: 'new' }, { status: 'answered' }],
      ['support_request.reopen', { status: 'answered' }, { status: 'new' }],
    ]);
    await expect(billing.support.setStatus(admin, created.id, 'closed')).rejects.toMatchObject({
      reason: 'invalid_status',
    });
    await expect(billing.support.setStatus(admin, 999_999, 'answered')).rejects.toMatchObject({
      reason: 'support_request_not_found',
    });
  });

  it('refuses bad input and guest support requests', async () => {
    const refused = (over: object) =>
      billing.support.create({ ...input, userId: member, kind: 'sales', ...over });
    await expect(refused({ kind: 'billing' })).rejects.toMatchObject({ reason: 'invalid_kind' });
    await expect(refused({ email: 'not an address' })).rejects.toMatchObject({ reason: 'invalid_email' });
    await expect(refused({ name: '  ' })).rejects.toMatchObject({ reason: 'invalid_name' });
    await expect(refused({ message: 'x'.repeat(5001) })).rejects.toMatchObject({ reason: 'invalid_message' });
    await expect(refused({ userId: 0, kind: 'support' })).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
