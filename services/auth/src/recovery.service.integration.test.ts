// Account recovery against real PostgreSQL and a real SMTP server on loopback: the links in the mails are
// the only way in, they work once, expire, are stored hashed, and the answer never tells who has an account.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../../../test/support/app-errors.ts';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../../test/support/smtp-server.ts';
import { type AuthFixture, composeTestAuth, openTestAuth } from '../test/auth.fixture.ts';
import { passwordResets, users } from './db/schema.ts';
import { createMailer, disabledMailer } from './mailer.repository.ts';

const PUBLIC_URL = 'http://pictura.test';

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('account recovery', () => {
  let database: AuthFixture['database'];
  let smtp: TestSmtpServer;
  let auth: AuthFixture['auth'];
  let ip = 0;
  /** A fresh client address per request, so the per-address limit only counts where a test means it to. */
  const nextIp = () => `10.20.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ({ database, auth } = await openTestAuth('postgres', {
      accounts: { maxRegistrationsPerIp: 1000 },
      mailer: createMailer({ smtpUrl: smtp.url, from: 'Pictura <no-reply@pictura.test>' }),
      recovery: { publicUrl: PUBLIC_URL },
    }));
  });
  afterAll(async () => {
    await auth?.recovery.settled();
    await smtp?.close();
    await database?.close();
  });

  /** A password account whose address is verified through the link of the confirmation mail. */
  async function userWithEmail(username: string, email: string, locale = 'en') {
    const signIn = await auth.accounts.register({ username, password: 'first password' });
    const pending = await auth.recovery.requestEmailVerification(signIn.user.id, email, locale);
    expect(pending).toMatchObject({ email: '', pendingEmail: email, hasPassword: true, mailEnabled: true });
    const mail = await smtp.nextMailTo(email);
    await auth.recovery.verifyEmail(tokenOf(linkIn(mail, `${PUBLIC_URL}/${locale}/verify-email?token=`)));
    return signIn;
  }

  async function resetLink(login: string, email: string, locale = 'en') {
    await auth.recovery.requestPasswordReset({ login, clientIp: nextIp(), locale });
    const mail = await smtp.nextMailTo(email);
    return linkIn(mail, `${PUBLIC_URL}/${locale}/reset-password?token=`);
  }

  it('counts an address as verified only once the link in its mail is opened, and the link works once', async () => {
    const signIn = await auth.accounts.register({ username: 'verifier', password: 'first password' });
    await auth.recovery.requestEmailVerification(signIn.user.id, 'verifier@example.com', 'en');
    expect(await auth.recovery.accountSecurity(signIn.user.id)).toMatchObject({
      email: '',
      pendingEmail: 'verifier@example.com',
    });
    const mail = await smtp.nextMailTo('verifier@example.com');
    expect(mail.subject).toBe('Confirm your e-mail address for Pictura');
    const token = tokenOf(linkIn(mail, `${PUBLIC_URL}/en/verify-email?token=`));
    expect((await auth.recovery.verifyEmail(token)).email).toBe('verifier@example.com');
    expect(await auth.recovery.accountSecurity(signIn.user.id)).toMatchObject({
      email: 'verifier@example.com',
      pendingEmail: '',
    });
    expect((await rejection(auth.recovery.verifyEmail(token))).reason).toBe('link_expired');
  });

  it('refuses to verify an address another account already holds', async () => {
    await userWithEmail('holder', 'shared@example.com');
    const other = await auth.accounts.register({ username: 'latecomer', password: 'first password' });
    await auth.recovery.requestEmailVerification(other.user.id, 'Shared@example.com', 'en');
    const mail = await smtp.nextMailTo('shared@example.com');
    const error = await rejection(auth.recovery.verifyEmail(tokenOf(linkIn(mail, PUBLIC_URL))));
    expect(error.reason).toBe('email_taken');
  });

  it('resets the password with the mailed link: once, stored hashed, every session ended', async () => {
    const signIn = await userWithEmail('forgetful', 'forgetful@example.com');
    const link = await resetLink('forgetful', 'forgetful@example.com');
    const token = tokenOf(link);
    const [row] = await database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, signIn.user.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    // A refused new password leaves the link usable.
    expect((await rejection(auth.recovery.resetPassword(token, '12345678901'))).reason).toBe('weak_password');
    await auth.recovery.resetPassword(token, 'second password');
    expect((await auth.accounts.checkSession(signIn.sessionId)).active).toBe(false);
    expect((await rejection(auth.recovery.resetPassword(token, 'third password'))).reason).toBe(
      'link_expired',
    );

    const login = (password: string) =>
      auth.accounts.login({ username: 'forgetful', password, clientIp: nextIp() });
    expect((await rejection(login('first password'))).reason).toBe('invalid_credentials');
    expect((await login('second password')).user.id).toBe(signIn.user.id);
  });

  it('finds the account by its verified address too, and mails in the language asked for', async () => {
    await userWithEmail('arabic', 'arabic@example.com', 'ar');
    await auth.recovery.requestPasswordReset({
      login: 'ARABIC@example.com',
      clientIp: nextIp(),
      locale: 'ar',
    });
    const mail = await smtp.nextMailTo('arabic@example.com');
    expect(mail.subject).toBe('إعادة تعيين كلمة مرور Pictura');
    expect(mail.html).toContain('dir="rtl"');
    expect(linkIn(mail, `${PUBLIC_URL}/ar/reset-password?token=`)).toMatch(/token=[\w-]{43}$/);
  });

  it('voids the older link when a new one is asked for, and refuses an expired link', async () => {
    const signIn = await userWithEmail('twice', 'twice@example.com');
    const first = tokenOf(await resetLink('twice', 'twice@example.com'));
    const second = tokenOf(await resetLink('twice', 'twice@example.com'));
    expect((await rejection(auth.recovery.resetPassword(first, 'new password 1'))).reason).toBe(
      'link_expired',
    );

    await database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, signIn.user.id));
    expect((await rejection(auth.recovery.resetPassword(second, 'new password 2'))).reason).toBe(
      'link_expired',
    );
  });

  it('answers the same for unknown accounts and accounts without an address, and mails nobody', async () => {
    await auth.accounts.register({ username: 'no-address', password: 'first password' });
    const before = smtp.messages.length;
    for (const login of ['nobody-at-all', 'nobody@example.com', 'no-address']) {
      await expect(
        auth.recovery.requestPasswordReset({ login, clientIp: nextIp(), locale: 'en' }),
      ).resolves.toBeUndefined();
    }
    await auth.recovery.settled();
    expect(smtp.messages.length).toBe(before);
  });

  it('limits reset mails per account and requests per client address', async () => {
    await userWithEmail('popular', 'popular@example.com');
    for (let i = 0; i < 3; i++) await resetLink('popular', 'popular@example.com');
    const before = smtp.messages.length;
    // A fourth request gets the same answer, and no mail.
    await auth.recovery.requestPasswordReset({ login: 'popular', clientIp: nextIp(), locale: 'en' });
    await auth.recovery.settled();
    expect(smtp.messages.length).toBe(before);

    const request = () =>
      auth.recovery.requestPasswordReset({ login: 'nobody-at-all', clientIp: '10.99.0.1', locale: 'en' });
    for (let i = 0; i < 10; i++) await request();
    expect((await rejection(request())).reason).toBe('too_many_requests');
  });

  it('changes the password with the current one and ends the other sessions only', async () => {
    const kept = await auth.accounts.register({ username: 'changer', password: 'first password' });
    const other = await auth.accounts.login({
      username: 'changer',
      password: 'first password',
      clientIp: nextIp(),
    });
    const change = (currentPassword: string, newPassword: string) =>
      auth.recovery.changePassword({
        callerId: kept.user.id,
        sessionId: kept.sessionId,
        currentPassword,
        newPassword,
      });
    expect((await rejection(change('wrong password', 'second password'))).reason).toBe('wrong_password');
    expect((await rejection(change('first password', 'changer'))).reason).toBe('weak_password');
    await change('first password', 'second password');
    expect((await auth.accounts.checkSession(kept.sessionId)).active).toBe(true);
    expect((await auth.accounts.checkSession(other.sessionId)).active).toBe(false);
    const login = (password: string) =>
      auth.accounts.login({ username: 'changer', password, clientIp: nextIp() });
    expect((await rejection(login('first password'))).reason).toBe('invalid_credentials');
    expect((await login('second password')).user.id).toBe(kept.user.id);
  });

  it('offers no password change to an account that signs in only with Google', async () => {
    const [google] = await database.db
      .insert(users)
      .values({ name: 'G', email: 'g@example.com', googleSubject: 'google-sub-1' })
      .returning();
    expect(await auth.recovery.accountSecurity(google!.id)).toMatchObject({
      hasPassword: false,
      email: 'g@example.com',
    });
    const error = await rejection(
      auth.recovery.changePassword({
        callerId: google!.id,
        sessionId: '',
        currentPassword: '',
        newPassword: 'x password',
      }),
    );
    expect(error.reason).toBe('no_password');
    // Nor a reset mail: it has no username to sign in with.
    const before = smtp.messages.length;
    await auth.recovery.requestPasswordReset({ login: 'g@example.com', clientIp: nextIp(), locale: 'en' });
    await auth.recovery.settled();
    expect(smtp.messages.length).toBe(before);
  });

  it('says mail is off when no SMTP server is configured', async () => {
    const { auth: offline } = await composeTestAuth(database.db, { mailer: disabledMailer });
    expect(offline.recovery.options()).toEqual({ mailEnabled: false });
    const error = await rejection(
      offline.recovery.requestPasswordReset({ login: 'popular', clientIp: nextIp(), locale: 'en' }),
    );
    expect(error.reason).toBe('mail_not_configured');
  });
});
