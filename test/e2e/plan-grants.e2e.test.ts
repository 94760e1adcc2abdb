// Getting API access on the running product (issue 15): a free user cannot create a key; they ask for
// Enterprise through the contact form, the request reaches the admin with their user id, the admin grants
// Enterprise from the console's route (or the operator from the CLI), and the user creates a key, sees the
// grant in their billing history, and loses the key's access within seconds once the grant has lapsed.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from '../support/admin-cli.ts';
import { type Stack, startStack } from '../support/stack.ts';

type Body = Record<string, unknown>;

describe('granting plans and API access on the running product', () => {
  let stack: Stack;
  const tokens: Record<'admin' | 'integrator' | 'partner' | 'lapsing', string> = {
    admin: '',
    integrator: '',
    partner: '',
    lapsing: '',
  };
  const ids: Record<keyof typeof tokens, number> = { admin: 0, integrator: 0, partner: 0, lapsing: 0 };

  beforeAll(async () => {
    // No worker: nothing here generates.
    stack = await startStack({ processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway'] });
    // The first account is the administrator (spec section 6).
    for (const name of ['admin', 'integrator', 'partner', 'lapsing'] as const) {
      const res = await api('POST', '/api/auth/register', undefined, {
        username: `${name}-user`,
        password: `${name} password`,
      });
      expect(res.status).toBe(201);
      tokens[name] = res.body.token as string;
      ids[name] = (res.body.user as { id: number }).id;
    }
  }, 240_000);
  afterAll(() => stack?.stop());

  const api = (method: string, path: string, token?: string, body?: unknown) =>
    stack.api<Body>(method, path, token, body);
  const createKey = (token: string) => api('POST', '/api/user/api-keys', token, { name: 'integration' });

  it('refuses a key to a free user, with the reason', async () => {
    const refused = await createKey(tokens.integrator);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('api_access_required');
  });

  it('brings the Enterprise request from the contact form to the admin, with the requester’s id', async () => {
    const sent = await api('POST', '/api/support/requests', tokens.integrator, {
      kind: 'sales',
      name: 'Ines Integrator',
      email: 'ines@example.com',
      company: 'Acme',
      message: 'We would like Enterprise with API access.',
    });
    expect(sent.status).toBe(201);
    const inbox = await api('GET', '/api/admin/support-requests', tokens.admin);
    expect(inbox.status).toBe(200);
    expect(inbox.body.items).toContainEqual(
      expect.objectContaining({ kind: 'sales', user_id: ids.integrator, plan: 'free', company: 'Acme' }),
    );
    // The inbox and the grant are the admin's alone.
    expect((await api('GET', '/api/admin/support-requests', tokens.integrator)).status).toBe(403);
  });

  it('lets only an admin grant, and says clearly what is wrong with a grant', async () => {
    const path = `/api/admin/users/${ids.integrator}/plan-grants`;
    const grant = { plan: 'enterprise', months: 12 };
    expect((await api('POST', path, tokens.integrator, grant)).status).toBe(403);
    expect((await api('POST', path, undefined, grant)).status).toBe(401);
    const bad = async (body: Body) => {
      const res = await api('POST', path, tokens.admin, body);
      expect(res.status).toBe(400);
      return res.body;
    };
    expect(await bad({ plan: 'platinum', months: 1 })).toMatchObject({
      error: 'unknown_plan',
      message: 'Unknown plan: choose premium, ultimate, enterprise',
    });
    expect(await bad({ plan: 'enterprise', months: 37 })).toMatchObject({
      error: 'invalid_months',
      message: 'months must be 1 to 36',
    });
    expect(await bad({ plan: 'enterprise', ends_at: '2001-01-01' })).toMatchObject({
      error: 'ends_at_in_past',
    });
    expect(await bad({ plan: 'enterprise', months: 1, note: 'x'.repeat(501) })).toMatchObject({
      error: 'note_too_long',
    });
    expect(await bad({ plan: 'enterprise' })).toMatchObject({ error: 'invalid_grant_period' });
    const missing = await api('POST', '/api/admin/users/999999/plan-grants', tokens.admin, grant);
    expect(missing).toMatchObject({ status: 404, body: { error: 'user_not_found' } });
    // None of these changed anything.
    expect((await createKey(tokens.integrator)).status).toBe(403);
  });

  it('grants Enterprise from the console: the user creates a key and sees the grant in their history', async () => {
    const granted = await api('POST', `/api/admin/users/${ids.integrator}/plan-grants`, tokens.admin, {
      plan: 'enterprise',
      months: 12,
      note: 'Contact form request #1, contract signed',
    });
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({
      user_id: ids.integrator,
      plan: 'enterprise',
      status: 'active',
      provider: 'grant',
      note: 'Contact form request #1, contract signed',
      granted_by: ids.admin,
    });

    const created = await createKey(tokens.integrator);
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect(key).toMatch(/^sk_/);
    const me = await api('GET', '/api/auth/me', key);
    expect(me.status).toBe(200);

    const subscriptions = await api('GET', '/api/v1/payments/subscriptions', tokens.integrator);
    expect(subscriptions.body.items).toEqual([
      expect.objectContaining({ plan_type: 'enterprise', status: 'active', provider: 'grant' }),
    ]);
    // The note is for administrators: the user's own view does not carry it.
    expect(JSON.stringify(subscriptions.body)).not.toContain('contract signed');
    const payments = await api('GET', '/api/v1/payments/payments', tokens.integrator);
    expect(payments.body.items).toEqual([
      expect.objectContaining({ amount: 0, provider: 'grant', subscription_id: granted.body.id }),
    ]);
  });

  it('grants a plan from the operator CLI by username, and names an unknown user', async () => {
    const ok = await adminCli(stack, [
      'grant-plan',
      'partner-user',
      'ultimate',
      '--months',
      '3',
      '--note',
      'Partner',
    ]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`granted ultimate to @partner-user (user ${ids.partner})`);
    const subscriptions = await api('GET', '/api/v1/payments/subscriptions', tokens.partner);
    expect(subscriptions.body.items).toEqual([
      expect.objectContaining({ plan_type: 'ultimate', status: 'active', provider: 'grant' }),
    ]);

    const unknown = await adminCli(stack, ['grant-plan', 'nobody-here', 'enterprise']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown user: no account has the username "nobody-here"');
    const badPlan = await adminCli(stack, ['grant-plan', 'partner-user', 'gold']);
    expect(badPlan.code).toBe(1);
    expect(badPlan.stderr).toContain('unknown plan "gold"');
  });

  it('refuses the key of a user whose grant has lapsed, within seconds', async () => {
    const endsAt = new Date(Date.now() + 30 * 24 * 3600_000).toISOString().slice(0, 10);
    const granted = await api('POST', `/api/admin/users/${ids.lapsing}/plan-grants`, tokens.admin, {
      plan: 'enterprise',
      ends_at: endsAt,
    });
    expect(granted.status).toBe(201);
    const key = (await createKey(tokens.lapsing)).body.key as string;
    expect((await api('GET', '/api/auth/me', key)).status).toBe(200);

    // The end date passes: moved into the past in billing's own table, as time would.
    const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
    try {
      await db.query(
        "UPDATE billing.subscriptions SET current_period_end = now() - interval '1 second' WHERE id = $1",
        [granted.body.id],
      );
    } finally {
      await db.end();
    }
    // Billing answers "free" at once; auth and the gateway reuse a "yes" for at most 5 s each.
    await expect
      .poll(async () => (await api('GET', '/api/auth/me', key)).status, { timeout: 15_000, interval: 500 })
      .toBe(401);
    const refused = await api('GET', '/api/auth/me', key);
    expect(refused.body.error).toBe('invalid_api_key');
    expect((await createKey(tokens.lapsing)).body.error).toBe('api_access_required');
    const [subscription] = (await api('GET', '/api/v1/payments/subscriptions', tokens.lapsing)).body
      .items as Body[];
    expect(subscription).toMatchObject({ provider: 'grant', status: 'expired' });
  });
});
