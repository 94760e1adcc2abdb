import type { AuditListRequest } from '@pictura/common/audit-log';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../../../test/support/app-errors.ts';
import { ENGINES } from '../../../test/support/databases.ts';
import { type AuthFixture, openTestAuth } from '../test/auth.fixture.ts';
import { auditLog, loginFailures } from './db/schema.ts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './signing-keys.ts';

const auditQuery = (query: Partial<AuditListRequest> & { callerId: number }): AuditListRequest => ({
  actorId: 0,
  action: '',
  targetId: '',
  since: '',
  until: '',
  cursor: '',
  limit: 0,
  ...query,
});

describe.each(ENGINES)('accounts on %s', (engine) => {
  let database: AuthFixture['database'];
  let auth: AuthFixture['auth'];
  let keys: AuthFixture['keys'];

  beforeAll(async () => {
    ({ database, auth, keys } = await openTestAuth(engine, { accounts: { maxLoginFailures: 3 } }));
  });
  afterAll(() => database?.close());

  it('makes the first account the administrator and later ones plain users', async () => {
    const first = await auth.accounts.register({ username: 'Alice', password: 'correct horse' });
    const second = await auth.accounts.register({ username: 'bob', password: 'battery staple' });
    expect(first.user.id).toBe(1);
    expect((await auth.accounts.checkSession(first.sessionId)).isAdmin).toBe(true);
    expect(second.user.id).toBe(2);
    expect((await auth.accounts.checkSession(second.sessionId)).isAdmin).toBe(false);
  });

  it('gives a retried sign-in (same request id) the session its first attempt made, and a new request a new one', async () => {
    await auth.accounts.register({ username: 'retrier', password: 'retry password' });
    const login = (requestId: string) =>
      auth.accounts.login({
        username: 'retrier',
        password: 'retry password',
        clientIp: '10.9.0.1',
        requestId,
      });
    const first = await login('req-1');
    const retried = await login('req-1');
    expect(retried.sessionId).toBe(first.sessionId);
    expect((await auth.accounts.checkSession(retried.sessionId)).active).toBe(true);
    const other = await login('req-2');
    expect(other.sessionId).not.toBe(first.sessionId);
    // After a logout, a client reusing the request id gets a working session, not the ended one.
    await auth.accounts.logout(first.sessionId);
    const again = await login('req-1');
    expect(again.sessionId).not.toBe(first.sessionId);
    expect((await auth.accounts.checkSession(again.sessionId)).active).toBe(true);
  });

  it.each([
    ['ab', 'password1', 'Username must be 3 to 32 characters'],
    ['a'.repeat(33), 'password1', 'Username must be 3 to 32 characters'],
    ['bad name', 'password1', 'Username may contain only letters, digits, dots, underscores and hyphens'],
    ['emoji😀', 'password1', 'Username may contain only letters, digits, dots, underscores and hyphens'],
    ['carol', 'short', 'Password must be at least 8 characters'],
    ['carol', 'x'.repeat(129), 'Password must be at most 128 characters'],
    ['carol', '1234567890', 'Password must not be only digits'],
    ['carol12345', 'CAROL12345', 'Password must not be the same as the username'],
  ])('refuses username %j with password %j: %s', async (username, password, message) => {
    const error = await rejection(auth.accounts.register({ username, password }));
    expect(error.code).toBe('invalid_argument');
    expect(error.message).toBe(message);
  });

  it('treats usernames as unique ignoring case', async () => {
    const error = await rejection(auth.accounts.register({ username: 'ALICE', password: 'another one' }));
    expect(error).toMatchObject({ code: 'already_exists', message: 'Username is already taken' });
  });

  it('signs in with any case of the username and answers the same for unknown users and wrong passwords', async () => {
    const ok = await auth.accounts.login({
      username: 'alice',
      password: 'correct horse',
      clientIp: '10.0.0.1',
    });
    expect(ok.user.username).toBe('Alice');
    const wrong = await rejection(
      auth.accounts.login({ username: 'alice', password: 'wrong pass', clientIp: '10.0.0.1' }),
    );
    const unknown = await rejection(
      auth.accounts.login({ username: 'nobody', password: 'wrong pass', clientIp: '10.0.0.1' }),
    );
    expect(wrong).toMatchObject({ code: 'unauthenticated', message: 'Invalid username or password' });
    expect(unknown).toMatchObject({ code: 'unauthenticated', message: 'Invalid username or password' });
  });

  it('never locks the owner out: failures from other addresses leave a fresh address alone', async () => {
    await auth.accounts.register({ username: 'dave', password: 'dave password' });
    for (let i = 0; i < 11; i++) {
      await rejection(
        auth.accounts.login({ username: 'dave', password: 'nope nope', clientIp: `10.1.0.${i}` }),
      );
    }
    await expect(
      auth.accounts.login({ username: 'DAVE', password: 'dave password', clientIp: '10.2.0.1' }),
    ).resolves.toBeTruthy();
    // An address that failed on the account under attack is asked for the security check first.
    const asked = await rejection(
      auth.accounts.login({ username: 'dave', password: 'dave password', clientIp: '10.1.0.3' }),
    );
    expect(asked).toMatchObject({ code: 'permission_denied', reason: 'challenge_required' });
    await expect(
      auth.accounts.login({
        username: 'dave',
        password: 'dave password',
        clientIp: '10.1.0.3',
        securityCheckPassed: true,
      }),
    ).resolves.toBeTruthy();
  });

  it('issues asymmetric JWTs with kid and sid, and logout revokes the session', async () => {
    const signed = await auth.accounts.login({ username: 'bob', password: 'battery staple', clientIp: '' });
    const header = decodeProtectedHeader(signed.token);
    expect(header).toMatchObject({ alg: 'EdDSA', kid: keys.current.kid });
    const { payload } = await jwtVerify(signed.token, createLocalJWKSet(keys.jwks()), {
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    expect(payload).toMatchObject({ sub: '2', sid: signed.sessionId });
    expect(await auth.accounts.checkSession(signed.sessionId)).toMatchObject({ active: true, userId: 2 });
    await auth.accounts.logout(signed.sessionId);
    expect(await auth.accounts.checkSession(signed.sessionId)).toMatchObject({ active: false });
    expect((await auth.accounts.checkSession('not-a-uuid')).active).toBe(false);
  });

  it('lets only administrators ban and grant admin; a ban ends every session', async () => {
    const bob = await auth.accounts.login({ username: 'bob', password: 'battery staple', clientIp: '' });
    expect((await rejection(auth.accounts.setBanned(2, 1, true))).code).toBe('permission_denied');
    expect((await rejection(auth.accounts.listUsers(2, { afterId: 0, limit: 10 }))).code).toBe(
      'permission_denied',
    );
    expect((await rejection(auth.accounts.setBanned(1, 1, true))).code).toBe('failed_precondition');

    await auth.accounts.setBanned(1, 2, true);
    expect(await auth.accounts.checkSession(bob.sessionId)).toMatchObject({ active: false, banned: true });
    const refused = await rejection(
      auth.accounts.login({ username: 'bob', password: 'battery staple', clientIp: '' }),
    );
    expect(refused).toMatchObject({ code: 'permission_denied', message: 'This account has been suspended' });
    await auth.accounts.setBanned(1, 2, false);

    expect((await auth.accounts.setAdmin(1, 2, true)).isAdmin).toBe(true);
    const page = await auth.accounts.listUsers(2, { afterId: 0, limit: 2 });
    expect(page.users.map((u) => u.id)).toEqual([1, 2]);
    expect(page.nextAfterId).toBe(2);
    await auth.accounts.setAdmin(1, 2, false);
    expect((await rejection(auth.accounts.listUsers(2, { afterId: 0, limit: 10 }))).code).toBe(
      'permission_denied',
    );
  });

  it('refuses a second admin demoting user 1 and making a banned account admin; audits every change', async () => {
    const second = await auth.accounts.register({ username: 'second-admin', password: 'second password' });
    const banned = await auth.accounts.register({ username: 'to-be-banned', password: 'banned password' });
    await auth.accounts.setAdmin(1, second.user.id, true);

    const demote = await rejection(auth.accounts.setAdmin(second.user.id, 1, false));
    expect(demote).toMatchObject({
      code: 'failed_precondition',
      reason: 'cannot_demote',
      message: 'This account is always an administrator and cannot be demoted',
    });
    expect((await auth.accounts.getUser(1)).isAdmin).toBe(false); // the flag is untouched; id 1 is admin
    await auth.accounts.setBanned(second.user.id, banned.user.id, true);
    const promote = await rejection(auth.accounts.setAdmin(second.user.id, banned.user.id, true));
    expect(promote).toMatchObject({ code: 'failed_precondition', reason: 'user_banned' });
    expect((await auth.accounts.getUser(banned.user.id)).isAdmin).toBe(false);
    // A repeated ban (a retried call) changes and records nothing.
    await auth.accounts.setBanned(1, banned.user.id, true);
    await auth.accounts.setUserPassword(1, banned.user.id, 'a new password');

    const page = await auth.accounts.listAuditLog(
      auditQuery({ callerId: 1, targetId: String(banned.user.id) }),
    );
    expect(page.entries.map((e) => [e.actorId, e.action, e.beforeJson, e.afterJson])).toEqual([
      [1, 'user.password_reset', '', ''],
      [second.user.id, 'user.ban', '{"banned":false}', '{"banned":true}'],
    ]);
    const promoted = await auth.accounts.listAuditLog(
      auditQuery({ callerId: 1, action: 'user.promote', targetId: String(second.user.id) }),
    );
    expect(promoted.entries).toMatchObject([
      { actorId: 1, targetType: 'user', targetId: String(second.user.id), afterJson: '{"is_admin":true}' },
    ]);
    // Only admins read it, and it pages newest first with a cursor.
    const plain = await auth.accounts.register({ username: 'plain-reader', password: 'plain password' });
    expect((await rejection(auth.accounts.listAuditLog(auditQuery({ callerId: plain.user.id })))).code).toBe(
      'permission_denied',
    );
    const first = await auth.accounts.listAuditLog(auditQuery({ callerId: 1, limit: 1 }));
    const next = await auth.accounts.listAuditLog(
      auditQuery({ callerId: 1, limit: 1, cursor: first.nextCursor }),
    );
    expect(next.entries[0]!.createdAt <= first.entries[0]!.createdAt).toBe(true);
    expect(next.entries[0]!.id).not.toBe(first.entries[0]!.id);
  });

  it('keeps the audit log append-only in the database itself', async () => {
    // Drizzle wraps the database's error; its cause is the trigger's refusal.
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (error: { cause?: { message?: string } }) => error.cause?.message ?? String(error),
      );
    expect(await refusal(database.db.update(auditLog).set({ action: 'forged' }))).toMatch(/append-only/);
    expect(await refusal(database.db.delete(auditLog))).toMatch(/append-only/);
    expect((await auth.accounts.listAuditLog(auditQuery({ callerId: 1 }))).entries.length).toBeGreaterThan(0);
  });

  it('edits the profile name and avatar with checks', async () => {
    const user = await auth.accounts.updateProfile(2, {
      name: '  Bob B.  ',
      avatar: 'https://example.com/a.png',
    });
    expect(user).toMatchObject({ name: 'Bob B.', picture: 'https://example.com/a.png' });
    expect((await rejection(auth.accounts.updateProfile(2, { avatar: 'javascript:alert(1)' }))).code).toBe(
      'invalid_argument',
    );
    expect((await rejection(auth.accounts.updateProfile(2, { name: ' ' }))).code).toBe('invalid_argument');
  });

  it('gives administrators API keys that are shown once, stored hashed, and stop working when revoked', async () => {
    expect((await rejection(auth.apiKeys.create(2, 'script'))).code).toBe('permission_denied');
    const { key, row } = await auth.apiKeys.create(1, 'my script');
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(row.keyHash).not.toContain(key.slice(3));
    expect((await auth.apiKeys.list(1)).map((k) => k.prefix)).toEqual([key.slice(0, 10)]);
    expect(await auth.apiKeys.verify(key)).toMatchObject({ userId: 1, isAdmin: true, keyId: row.id });
    expect((await rejection(auth.apiKeys.revoke(2, row.id))).code).toBe('not_found');
    await auth.apiKeys.revoke(1, row.id);
    expect((await rejection(auth.apiKeys.verify(key))).code).toBe('unauthenticated');
    expect((await rejection(auth.apiKeys.verify(`${key}x`))).code).toBe('unauthenticated');
  });

  it('deletes an account with its sessions', async () => {
    const eve = await auth.accounts.register({ username: 'eve', password: 'eve password' });
    await auth.accounts.deleteAccount(eve.user.id);
    expect((await auth.accounts.checkSession(eve.sessionId)).active).toBe(false);
    expect((await rejection(auth.accounts.getUser(eve.user.id))).code).toBe('not_found');
    // The name is free again.
    await expect(auth.accounts.register({ username: 'eve', password: 'eve password' })).resolves.toBeTruthy();
  });

  it('lets one address create five accounts an hour (the 3rd on needs the security check), then answers 429', async () => {
    const clientIp = '10.7.7.7';
    for (let i = 0; i < 5; i++) {
      const input = { username: `batch${i}`, password: 'batch password', clientIp };
      if (i >= 2) {
        expect(await rejection(auth.accounts.register(input))).toMatchObject({
          reason: 'challenge_required',
        });
      }
      await auth.accounts.register({ ...input, securityCheckPassed: true });
    }
    const error = await rejection(
      auth.accounts.register({
        username: 'batch5',
        password: 'batch password',
        clientIp,
        securityCheckPassed: true,
      }),
    );
    expect(error.code).toBe('resource_exhausted');
    expect(error.message).toMatch(/too many accounts created from this address/i);
    // Retry-After: when the hour that counted them is over.
    expect(error.retryAfterSeconds).toBeGreaterThan(3500);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(3600);
    // Another address is not affected, and a refused attempt does not create the account.
    await expect(
      auth.accounts.register({ username: 'batch5', password: 'batch password', clientIp: '10.7.7.8' }),
    ).resolves.toBeTruthy();
  });

  it('lets registrations sent at once from one address create no more than its five accounts', async () => {
    const clientIp = '10.7.7.10';
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        auth.accounts.register({
          username: `rush${i}`,
          password: 'rush password',
          clientIp,
          securityCheckPassed: true,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const refused of results.filter((r) => r.status === 'rejected'))
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ reason: 'too_many_registrations' });
    // Without the check, the third concurrent one on is asked for it, as when they come one by one.
    const unchecked = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        auth.accounts.register({ username: `hurry${i}`, password: 'hurry password', clientIp: '10.7.7.11' }),
      ),
    );
    expect(unchecked.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const refused of unchecked.filter((r) => r.status === 'rejected'))
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ reason: 'challenge_required' });
  });

  it('counts created accounts, not rejected attempts', async () => {
    const clientIp = '10.7.7.9';
    for (let i = 0; i < 6; i++) {
      await rejection(auth.accounts.register({ username: `typo${i}`, password: '123', clientIp }));
    }
    await expect(
      auth.accounts.register({ username: 'typo-fixed', password: 'typo password', clientIp }),
    ).resolves.toBeTruthy();
    // A name already taken gives its registration back too.
    await rejection(auth.accounts.register({ username: 'typo-fixed', password: 'typo password', clientIp }));
    await expect(
      auth.accounts.register({ username: 'typo-again', password: 'typo password', clientIp }),
    ).resolves.toBeTruthy();
  });

  it('removes throttle rows older than every window when a new failure is recorded', async () => {
    const old = new Date(Date.now() - 2 * 3600_000);
    await database.db.insert(loginFailures).values([
      { key: 'ip:10.1.1.1', failures: 3, windowStartedAt: old },
      { key: 'register:ip:10.1.1.2', failures: 5, windowStartedAt: old },
    ]);
    await rejection(
      auth.accounts.login({ username: 'nobody', password: 'wrong pass', clientIp: '10.1.1.3' }),
    );
    const rows = await database.db.select().from(loginFailures);
    expect(rows.map((row) => row.key)).not.toContain('ip:10.1.1.1');
    expect(rows.map((row) => row.key)).not.toContain('register:ip:10.1.1.2');
    expect(
      await database.db.select().from(loginFailures).where(eq(loginFailures.key, 'ip:10.1.1.3')),
    ).toHaveLength(1);
  });
});
