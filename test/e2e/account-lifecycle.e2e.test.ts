// Account recovery and deletion on the running product (issue 17): the operator recovers the administrator
// account and changes roles from `npm run admin` against the real services; a user deletes their account
// only with their password, and afterwards nothing they wrote (prompts, support messages) is left in any
// service's database nor on the queue.
import { createRedis } from '@pictura/common/redis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from '../support/admin-cli.ts';
import { eventually } from '../support/eventually.ts';
import { type Stack, startStack } from '../support/stack.ts';

type Body = Record<string, unknown>;

describe('account recovery and deletion on the running product', () => {
  let stack: Stack;
  let database: pg.Client;
  const OWNER_PASSWORD = 'the owner password';

  beforeAll(async () => {
    // No worker: the job waits on the queue, its prompt in the jobs database and in the queue's payload.
    stack = await startStack({
      processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway'],
      // Every request asks auth about its session, so an ended session is refused at once.
      env: { SESSION_CHECK_CACHE_MS: '0' },
    });
    database = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await database.connect();
  }, 240_000);
  afterAll(async () => {
    await database?.end();
    await stack?.stop();
  });

  const api = (method: string, path: string, token?: string, body?: unknown) =>
    stack.api<Body>(method, path, token, body);
  const register = async (username: string, password: string) => {
    const res = await api('POST', '/api/auth/register', undefined, { username, password });
    expect(res.status).toBe(201);
    return { token: res.body.token as string, id: (res.body.user as { id: number }).id };
  };
  const login = (username: string, password: string) =>
    api('POST', '/api/auth/login', undefined, { username, password });
  const me = async (token: string) => (await api('GET', '/api/auth/me', token)).body;

  it('recovers the administrator account: new password printed once, old password and sessions refused', async () => {
    const owner = await register('owner', OWNER_PASSWORD);
    expect(owner.id).toBe(1);

    const reset = await adminCli(stack, ['reset-password', 'owner']);
    expect(reset.stderr).toContain('every session of theirs has ended');
    expect(reset.code).toBe(0);
    const generated = reset.stdout.trim();
    expect(generated).toMatch(/^[A-Za-z0-9_-]{24}$/);

    expect((await login('owner', OWNER_PASSWORD)).status).toBe(401);
    expect((await api('GET', '/api/auth/me', owner.token)).status).toBe(401);
    const signedIn = await login('owner', generated);
    expect(signedIn.status).toBe(200);
    expect(await me(signedIn.body.token as string)).toMatchObject({ user: { id: 1, is_admin: true } });

    // A password the operator chooses comes on stdin, never on the command line.
    const chosen = await adminCli(stack, ['reset-password', 'owner', '--stdin'], `${OWNER_PASSWORD}\n`);
    expect(chosen.code).toBe(0);
    expect(chosen.stdout).not.toContain(OWNER_PASSWORD);
    expect((await login('owner', generated)).status).toBe(401);
    expect((await login('owner', OWNER_PASSWORD)).status).toBe(200);
    const weak = await adminCli(stack, ['reset-password', 'owner', '--stdin'], 'short\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('at least 8 characters');
  });

  it('promotes and demotes a user, never the first account, and names an unknown one', async () => {
    const member = await register('member', 'member password');
    expect(await me(member.token)).toMatchObject({ user: { is_admin: false } });

    const promoted = await adminCli(stack, ['promote', 'member']);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain('@member (user 2) is now an administrator');
    expect(await me(member.token)).toMatchObject({ user: { is_admin: true } });
    expect((await api('GET', '/api/admin/users', member.token)).status).toBe(200);

    const demoted = await adminCli(stack, ['demote', 'member']);
    expect(demoted.code).toBe(0);
    expect(await me(member.token)).toMatchObject({ user: { is_admin: false } });
    expect((await api('GET', '/api/admin/users', member.token)).status).toBe(403);

    const owner = await adminCli(stack, ['demote', 'owner']);
    expect(owner.code).toBe(1);
    expect(owner.stderr).toContain('always an administrator');
    const unknown = await adminCli(stack, ['promote', 'nobody-here']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown user');
  });

  /** Every row of every service's tables that contains the text, as "schema.table". */
  async function tablesHolding(text: string): Promise<string[]> {
    const tables = await database.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const holding: string[] = [];
    for (const { schema, name } of tables.rows) {
      const found = await database.query(
        `SELECT 1 FROM "${schema}"."${name}" t WHERE t::text LIKE $1 LIMIT 1`,
        [`%${text}%`],
      );
      if (found.rowCount) holding.push(`${schema}.${name}`);
    }
    return holding;
  }

  /** The stack's queue keys whose value contains the text. */
  async function queueKeysHolding(text: string): Promise<string[]> {
    const redis = createRedis(stack.env.REDIS_URL!);
    try {
      const holding: string[] = [];
      for (const key of await redis.keys(`${stack.env.QUEUE_PREFIX}:*`)) {
        const type = await redis.type(key);
        const value =
          type === 'string'
            ? await redis.get(key)
            : type === 'hash'
              ? await redis.hgetall(key)
              : type === 'list'
                ? await redis.lrange(key, 0, -1)
                : type === 'zset'
                  ? await redis.zrange(key, '0', '-1')
                  : type === 'stream'
                    ? await redis.xrange(key, '-', '+')
                    : '';
        if (JSON.stringify(value).includes(text)) holding.push(key);
      }
      return holding;
    } finally {
      await redis.quit();
    }
  }

  it('deletes an account only with its password, then leaves no job, prompt or message anywhere', async () => {
    const leaver = await register('leaver', 'leaver password');
    const prompt = `a secret prompt ${Date.now()}`;
    const message = `a private support message ${Date.now()}`;
    expect((await api('POST', '/api/generate', leaver.token, { prompt })).status).toBe(202);
    expect(
      (
        await api('POST', '/api/support/requests', leaver.token, {
          kind: 'support',
          name: 'Leaver',
          email: 'leaver@example.com',
          message,
        })
      ).status,
    ).toBe(201);
    expect((await api('GET', '/api/user/webhooks', leaver.token)).status).toBe(200);
    expect(await tablesHolding(prompt)).toEqual(['jobs.jobs']);
    expect(await queueKeysHolding(prompt)).not.toEqual([]);
    expect(await tablesHolding(message)).toEqual(['billing.support_requests']);

    // Without the password, or with a wrong one, nothing is deleted.
    const missing = await api('DELETE', '/api/user/account', leaver.token, {});
    expect(missing.status).toBe(403);
    expect(missing.body.error).toBe('wrong_password');
    const wrong = await api('DELETE', '/api/user/account', leaver.token, { password: 'not my password' });
    expect(wrong).toMatchObject({
      status: 403,
      body: { error: 'wrong_password', message: 'The password is not correct' },
    });
    expect(await tablesHolding(prompt)).toEqual(['jobs.jobs']);
    expect((await me(leaver.token)).authenticated).toBe(true);

    const deleted = await api('DELETE', '/api/user/account', leaver.token, { password: 'leaver password' });
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect(await tablesHolding(prompt)).toEqual([]);
    expect(await tablesHolding(message)).toEqual([]);
    const rows = await database.query(
      `SELECT (SELECT count(*) FROM jobs.jobs WHERE user_id = $1)::int AS jobs,
              (SELECT count(*) FROM jobs.webhook_secrets WHERE user_id = $1)::int AS secrets,
              (SELECT count(*) FROM auth.users WHERE id = $1)::int AS users,
              (SELECT count(*) FROM auth.sessions WHERE user_id = $1)::int AS sessions`,
      [leaver.id],
    );
    expect(rows.rows[0]).toEqual({ jobs: 0, secrets: 0, users: 0, sessions: 0 });
    // Nor on the queue: the waiting job and its payload are gone.
    expect(await queueKeysHolding(prompt)).toEqual([]);
    expect((await api('GET', '/api/auth/me', leaver.token)).status).toBe(401);
    expect((await login('leaver', 'leaver password')).status).toBe(401);
  });

  it('keeps the account, whole, when a service is down, and finishes the deletion once it is back', async () => {
    const stayer = await register('stayer', 'stayer password');
    const prompt = `a prompt kept while jobs is down ${Date.now()}`;
    expect((await api('POST', '/api/generate', stayer.token, { prompt })).status).toBe(202);
    await stack.kill('jobs');
    try {
      const refused = await api('DELETE', '/api/user/account', stayer.token, { password: 'stayer password' });
      expect(refused).toMatchObject({ status: 503, body: { error: 'deletion_incomplete' } });
      expect(refused.body.message).toContain('your account is kept');
      expect((await me(stayer.token)).authenticated).toBe(true);
    } finally {
      await stack.start('jobs');
    }
    // The owner tries again (each service's part is idempotent) until the gateway reaches jobs anew.
    const deleted = await eventually(async () => {
      const res = await api('DELETE', '/api/user/account', stayer.token, { password: 'stayer password' });
      return res.status === 503 ? undefined : res;
    }, 'the deletion to go through once jobs is back');
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect(await tablesHolding(prompt)).toEqual([]);
    expect(await queueKeysHolding(prompt)).toEqual([]);
  });
});
