// Who may delete an account, and the operator's password reset: the rules a user relies on so that someone
// holding their unlocked device for a moment cannot delete the account, and so that an operator can recover
// the administrator account.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../../../test/support/app-errors.ts';
import { ENGINES } from '../../../test/support/databases.ts';
import { type AuthFixture, openTestAuth } from '../test/auth.fixture.ts';
import { OWNER_SESSION_MAX_AGE_MS } from './accounts.service.ts';
import { sessions } from './db/schema.ts';
import { createUsersRepository } from './users.repository.ts';

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await rejection(promise);
  return `${error.code}/${error.reason}`;
}

describe.each(ENGINES)('account owner checks on %s', (engine) => {
  let database: AuthFixture['database'];
  let auth: AuthFixture['auth'];

  beforeAll(async () => {
    ({ database, auth } = await openTestAuth(engine, { accounts: { maxLoginFailures: 3 } }));
  });
  afterAll(() => database?.close());

  it('asks for the password again before deletion, and stops a guesser after a few tries', async () => {
    const { user, sessionId } = await auth.accounts.register({
      username: 'keeper',
      password: 'keeper secret',
    });
    const confirm = (password: string) =>
      auth.accounts.confirmAccountOwner(user.id, sessionId, { password, confirmation: 'keeper' });
    // Typing the username is not enough when the account has a password.
    expect(await reason(confirm(''))).toBe('permission_denied/wrong_password');
    expect(await reason(confirm('keeper guess'))).toBe('permission_denied/wrong_password');
    await expect(confirm('keeper secret')).resolves.toBeUndefined();
    for (let i = 0; i < 3; i++) await confirm(`guess ${i}`).catch(() => {});
    expect(await reason(confirm('keeper secret'))).toBe('resource_exhausted/too_many_attempts');
  });

  it('lets an account without a password (Google) confirm by typing its name, within 10 minutes of signing in', async () => {
    const users = createUsersRepository(database.db);
    const google = (await users.create({ name: 'Gina', email: 'gina@example.com', googleSubject: 'g-1' }))!;
    const { sessionId } = await auth.accounts.startSession(google);
    const confirm = (confirmation: string) =>
      auth.accounts.confirmAccountOwner(google.id, sessionId, { password: '', confirmation });
    expect(await reason(confirm('someone else'))).toBe('permission_denied/wrong_confirmation');
    await expect(confirm('gina@example.com')).resolves.toBeUndefined();

    await database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - OWNER_SESSION_MAX_AGE_MS - 60_000) })
      .where(eq(sessions.id, sessionId));
    expect(await reason(confirm('gina@example.com'))).toBe('permission_denied/recent_sign_in_required');
  });

  it('resets any password for an administrator only, the first account included, ending its sessions', async () => {
    const owner = await auth.accounts.register({ username: 'first-owner', password: 'owner password' });
    const other = await auth.accounts.register({ username: 'plain-user', password: 'plain password' });
    const ownerId = owner.user.id;
    // In this file's database the first account is 'keeper' (user 1): the operator acts as it.
    expect(await reason(auth.accounts.setUserPassword(other.user.id, ownerId, 'taken over'))).toBe(
      'permission_denied/forbidden',
    );
    expect(await reason(auth.accounts.setUserPassword(1, ownerId, 'short'))).toBe(
      'invalid_argument/weak_password',
    );
    await auth.accounts.setUserPassword(1, ownerId, 'a brand new password');
    expect((await auth.accounts.checkSession(owner.sessionId)).active).toBe(false);
    expect(
      await reason(
        auth.accounts.login({ username: 'first-owner', password: 'owner password', clientIp: '' }),
      ),
    ).toBe('unauthenticated/invalid_credentials');
    const back = await auth.accounts.login({
      username: 'first-owner',
      password: 'a brand new password',
      clientIp: '',
    });
    expect(back.user.id).toBe(ownerId);
    // User 1 resets its own password too: the operator's way back into the administrator account.
    await auth.accounts.setUserPassword(1, 1, 'keeper recovered');
    expect(
      (await auth.accounts.login({ username: 'keeper', password: 'keeper recovered', clientIp: '' })).user.id,
    ).toBe(1);
  });
});
