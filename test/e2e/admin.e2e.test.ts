// The admin console on the real processes: dashboard numbers from auth, jobs and community; system
// settings saved in jobs and applied without a restart (the guests' generation limit in the gateway, the
// maintenance banner); the user list's search and paging. Admin calls are refused to everyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.ts';
import { type Stack, startStack } from '../support/stack.ts';

interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies of many shapes
  body: any;
}

const today = () => new Date().toISOString().slice(0, 10);

describe('the admin console on the running product', () => {
  let stack: Stack;
  const tokens = { admin: '', member: '', other: '' };

  beforeAll(async () => {
    stack = await startStack({ env: { TRUST_PROXY: '1' } });
  }, 180_000);
  afterAll(() => stack?.stop());

  const api = async (
    method: string,
    path: string,
    options: { token?: string; body?: unknown; ip?: string } = {},
  ): Promise<Reply> => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: res.status, body: await res.json() };
  };

  const register = async (username: string) => {
    const res = await api('POST', '/api/auth/register', {
      body: { username, password: `${username} password` },
    });
    expect(res.status).toBe(201);
    return res.body.token as string;
  };

  const guestGenerate = (ip: string) =>
    api('POST', '/api/generate', { body: { prompt: 'a quiet harbour' }, ip }).then((r) => r.status);

  it('shows the dashboard numbers after registrations and a generation', async () => {
    tokens.admin = await register('root');
    tokens.member = await register('member');
    tokens.other = await register('second_member');
    const submitted = await api('POST', '/api/generate', {
      token: tokens.member,
      body: { prompt: 'a lighthouse at dusk', seed: 7 },
    });
    expect(submitted.status).toBe(202);
    const ended = await eventually(async () => {
      const { status } = (await api('GET', `/api/jobs/${submitted.body.job_id}`, { token: tokens.member }))
        .body;
      return ['completed', 'error'].includes(status) ? status : undefined;
    }, 'the generation to end');
    expect(ended).toBe('completed');

    const stats = await api('GET', '/api/admin/stats?days=7', { token: tokens.admin });
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({
      total_users: 3,
      active_users_30d: 3,
      new_users_7d: 3,
      total_posts: 0,
    });
    for (const series of ['generations_per_day', 'upscales_per_day', 'signups_per_day']) {
      expect(stats.body[series]).toHaveLength(7);
      expect(stats.body[series].at(-1).day).toBe(today());
    }
    expect(stats.body.generations_per_day.at(-1).count).toBe(1);
    expect(stats.body.upscales_per_day.at(-1).count).toBe(0);
    expect(stats.body.signups_per_day.at(-1).count).toBe(3);
    const month = await api('GET', '/api/admin/stats', { token: tokens.admin });
    expect(month.body.generations_per_day).toHaveLength(30);
  });

  it('refuses the admin calls to users and guests, and bad spans', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/settings'],
      ['PUT', '/api/admin/settings'],
    ] as const) {
      const body = method === 'PUT' ? { maintenance_notice: 'hijacked' } : undefined;
      const member = await api(method, path, { token: tokens.member, body });
      expect(member).toEqual({
        status: 403,
        body: { error: 'forbidden', message: 'Administrator access required' },
      });
      const guest = await api(method, path, { body });
      expect(guest).toEqual({
        status: 401,
        body: { error: 'unauthenticated', message: 'Please login first' },
      });
    }
    // An admin's API key is for the API, not the admin console; a banned user's token no longer counts.
    const key = await api('POST', '/api/user/api-keys', { token: tokens.admin, body: { name: 'ci' } });
    expect((await api('GET', '/api/admin/stats', { token: key.body.key })).status).toBe(403);
    const banned = await register('banned_one');
    expect((await api('POST', '/api/admin/users/4/ban', { token: tokens.admin })).status).toBe(200);
    expect((await api('GET', '/api/admin/settings', { token: banned })).status).toBe(401);
    expect((await api('GET', '/api/admin/stats?days=400', { token: tokens.admin })).status).toBe(400);
    expect((await api('GET', '/api/settings/public')).body.maintenance_notice).toBe('');
  });

  it('applies a new guest generation limit at once and restores the configured one', async () => {
    const before = await api('GET', '/api/admin/settings', { token: tokens.admin });
    expect(before.body).toMatchObject({ anonymous_generate_per_minute: null, max_tags_per_post: 5 });
    const configured = before.body.anonymous_generate_per_minute_default as number;
    expect(configured).toBeGreaterThanOrEqual(3);

    const limited = await api('PUT', '/api/admin/settings', {
      token: tokens.admin,
      body: { anonymous_generate_per_minute: 1 },
    });
    expect(limited.status).toBe(200);
    expect(limited.body).toMatchObject({ anonymous_generate_per_minute: 1, max_tags_per_post: 5 });
    // One allowed a minute: of three calls in a row (at most two minute windows) one is refused.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await guestGenerate('198.51.100.10'));
    expect(statuses[0]).toBe(202);
    expect(statuses).toContain(429);
    const refused = await api('POST', '/api/generate', { body: { prompt: 'again' }, ip: '198.51.100.10' });
    expect(refused).toEqual({
      status: 429,
      body: { error: 'rate_limited', message: 'Too many requests, please try again later' },
    });
    // Signed-in users are not guests.
    const member = await api('POST', '/api/generate', {
      token: tokens.member,
      body: { prompt: 'members are not limited here' },
      ip: '198.51.100.10',
    });
    expect(member.status).toBe(202);

    const restored = await api('PUT', '/api/admin/settings', {
      token: tokens.admin,
      body: { anonymous_generate_per_minute: null },
    });
    expect(restored.body.anonymous_generate_per_minute).toBeNull();
    const again = [];
    for (let i = 0; i < 3; i++) again.push(await guestGenerate('198.51.100.11'));
    expect(again).toEqual([202, 202, 202]);
  });

  it('shows the maintenance notice to every visitor until it is cleared', async () => {
    const saved = await api('PUT', '/api/admin/settings', {
      token: tokens.admin,
      body: { maintenance_notice: '  Maintenance tonight at 22:00 UTC  ' },
    });
    expect(saved.body.maintenance_notice).toBe('Maintenance tonight at 22:00 UTC');
    expect((await api('GET', '/api/settings/public')).body).toEqual({
      maintenance_notice: 'Maintenance tonight at 22:00 UTC',
      max_tags_per_post: 5,
    });
    await api('PUT', '/api/admin/settings', { token: tokens.admin, body: { maintenance_notice: '' } });
    expect((await api('GET', '/api/settings/public')).body.maintenance_notice).toBe('');
  });

  it('validates settings in the service and keeps the stored ones on refusal', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ max_tags_per_post: 21 }, 'Tags per post must be between 1 and 20'],
      [{ max_tags_per_post: 0 }, 'Tags per post must be between 1 and 20'],
      [
        { anonymous_generate_per_minute: 1001 },
        'The anonymous generation limit must be between 0 and 1000 per minute',
      ],
      [{ maintenance_notice: 'x'.repeat(501) }, 'The maintenance notice is limited to 500 characters'],
      [{ default_model: 'no-such-model' }, 'Unknown model: no-such-model'],
    ];
    for (const [body, message] of cases) {
      const res = await api('PUT', '/api/admin/settings', { token: tokens.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const unknownField = await api('PUT', '/api/admin/settings', { token: tokens.admin, body: { theme: 1 } });
    expect(unknownField.status).toBe(400);

    const saved = await api('PUT', '/api/admin/settings', {
      token: tokens.admin,
      body: { max_tags_per_post: 8, default_model: 'pictura-abstract' },
    });
    expect(saved.body).toMatchObject({ max_tags_per_post: 8, default_model: 'pictura-abstract' });
    expect((await api('GET', '/api/admin/settings', { token: tokens.admin })).body).toMatchObject({
      anonymous_generate_per_minute: null,
      maintenance_notice: '',
      default_model: 'pictura-abstract',
      max_tags_per_post: 8,
    });
    const models = await api('GET', '/api/models');
    expect(models.body.models).toContainEqual(
      expect.objectContaining({ name: 'pictura-abstract', kind: 'generate', default: true }),
    );
  });

  it('searches and pages the user list', async () => {
    const found = await api('GET', '/api/admin/users?q=MEMBER', { token: tokens.admin });
    expect(found.body.items.map((u: { username: string }) => u.username)).toEqual([
      'member',
      'second_member',
    ]);
    const first = await api('GET', '/api/admin/users?q=member&limit=1', { token: tokens.admin });
    expect(first.body.items.map((u: { username: string }) => u.username)).toEqual(['member']);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await api(
      'GET',
      `/api/admin/users?q=member&limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`,
      { token: tokens.admin },
    );
    expect(second.body).toMatchObject({ items: [{ username: 'second_member' }], next_cursor: null });
    // Wildcards are matched literally.
    expect((await api('GET', '/api/admin/users?q=%25', { token: tokens.admin })).body.items).toEqual([]);
    const underscore = await api('GET', '/api/admin/users?q=_', { token: tokens.admin });
    expect(underscore.body.items.map((u: { username: string }) => u.username)).toEqual([
      'second_member',
      'banned_one',
    ]);
  });

  it('refuses a second admin demoting user 1 (409, like a ban) and making a banned account admin', async () => {
    expect((await api('POST', '/api/admin/users/2/admin', { token: tokens.admin })).status).toBe(200);
    // The gateway trusts auth's answer about a token for a few seconds: wait until the promotion reaches it.
    await expect
      .poll(async () => (await api('GET', '/api/admin/stats?days=7', { token: tokens.member })).status, {
        timeout: 15_000,
      })
      .toBe(200);
    const demote = await api('POST', '/api/admin/users/1/unadmin', { token: tokens.member });
    expect(demote).toEqual({
      status: 409,
      body: {
        error: 'cannot_demote',
        message: 'This account is always an administrator and cannot be demoted',
      },
    });
    const bannedAdmin = await api('POST', '/api/admin/users/4/admin', { token: tokens.member });
    expect(bannedAdmin).toEqual({
      status: 409,
      body: {
        error: 'user_banned',
        message: 'A banned account cannot be made an administrator; unban it first',
      },
    });
    const users = await api('GET', '/api/admin/users?q=banned_one', { token: tokens.admin });
    expect(users.body.items).toMatchObject([{ id: 4, is_admin: false }]);
    expect((await api('POST', '/api/admin/users/2/unadmin', { token: tokens.admin })).status).toBe(200);
  });

  it('lists support requests by status and lets an admin mark one answered', async () => {
    const sent = await api('POST', '/api/support/requests', {
      token: tokens.other,
      body: { kind: 'support', name: 'Second', email: 'second@example.com', message: 'My image is blurry' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'new', answered_at: null });
    const answered = await api('PUT', `/api/admin/support-requests/${sent.body.id}/status`, {
      token: tokens.admin,
      body: { status: 'answered' },
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      id: sent.body.id,
      status: 'answered',
      answered_at: expect.any(String),
    });
    const list = await api('GET', '/api/admin/support-requests?status=answered', { token: tokens.admin });
    expect(list.body.items.map((r: { id: number }) => r.id)).toEqual([sent.body.id]);
    const fresh = await api('GET', '/api/admin/support-requests?status=new', { token: tokens.admin });
    expect(fresh.body.items.map((r: { id: number }) => r.id)).not.toContain(sent.body.id);
    const member = await api('PUT', `/api/admin/support-requests/${sent.body.id}/status`, {
      token: tokens.member,
      body: { status: 'new' },
    });
    expect(member.status).toBe(403);
    const bad = await api('PUT', `/api/admin/support-requests/${sent.body.id}/status`, {
      token: tokens.admin,
      body: { status: 'closed' },
    });
    expect(bad.status).toBe(400);
  });

  it('merges every service’s audit entries by time, filtered and paged, for admins only', async () => {
    const all = await api('GET', '/api/admin/audit?limit=100', { token: tokens.admin });
    expect(all.status).toBe(200);
    const seen = all.body.items.map((e: { area: string; action: string }) => `${e.area}:${e.action}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'auth:user.ban',
        'auth:user.promote',
        'auth:user.demote',
        'jobs:settings.update',
        'billing:support_request.answer',
      ]),
    );
    const times = all.body.items.map((e: { created_at: string }) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const ban = all.body.items.find((e: { action: string }) => e.action === 'user.ban');
    expect(ban).toMatchObject({
      actor: { id: 1, name: 'root' },
      target_type: 'user',
      target_id: '4',
      before: { banned: false },
      after: { banned: true },
    });
    // Filters: area, action, actor, target and days.
    const jobsOnly = await api('GET', '/api/admin/audit?area=jobs', { token: tokens.admin });
    expect(new Set(jobsOnly.body.items.map((e: { area: string }) => e.area))).toEqual(new Set(['jobs']));
    const bans = await api('GET', '/api/admin/audit?action=user.ban&target=4&actor=1', {
      token: tokens.admin,
    });
    expect(bans.body.items).toHaveLength(1);
    const day = today();
    const todays = await api('GET', `/api/admin/audit?from=${day}&to=${day}`, { token: tokens.admin });
    expect(todays.body.items.length).toBe(Math.min(all.body.items.length, 50));
    const past = await api('GET', '/api/admin/audit?from=2001-01-01&to=2001-01-02', { token: tokens.admin });
    expect(past.body).toEqual({ items: [], next_cursor: null });
    // Paging across services: two at a time gives the same entries, in the same order, once each.
    const paged: string[] = [];
    let cursor = '';
    do {
      const page = await api(
        'GET',
        `/api/admin/audit?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        {
          token: tokens.admin,
        },
      );
      paged.push(...page.body.items.map((e: { id: string }) => e.id));
      cursor = page.body.next_cursor ?? '';
    } while (cursor);
    expect(paged).toEqual(all.body.items.map((e: { id: string }) => e.id));
    // Admins only; bad filters are a 400 in the spec's words, never a 5xx.
    expect((await api('GET', '/api/admin/audit', { token: tokens.other })).status).toBe(403);
    expect((await api('GET', '/api/admin/audit')).status).toBe(401);
    for (const query of [
      'from=2020-13-45',
      'to=2030-02-31',
      'from=yesterday',
      'action=%00',
      'cursor=junk',
      'area=history',
      'from=2030-01-02&to=2030-01-01',
    ]) {
      expect((await api('GET', `/api/admin/audit?${query}`, { token: tokens.admin })).status, query).toBe(
        400,
      );
    }
  });
});
