// Account recovery (OWASP forgot-password cheat sheet): a password change that needs the current password,
// a verified e-mail address, and reset links sent by mail. Links carry 32 random bytes; only their SHA-256
// is stored, each works once and expires, and a new reset request voids the older link.
import { randomBytes } from 'node:crypto';
import { AppError } from '@pictura/common/app-error';
import type { Logger } from '@pictura/common/logger';
import { isUniqueViolation } from '@pictura/common/pg-errors';
import { checkPassword } from './account-rules.ts';
import type { UserRow } from './db/schema.ts';
import type { Mailer } from './mailer.repository.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { recoveryMail } from './recovery-mail.ts';
import type { RecoveryTokensRepository } from './recovery-tokens.repository.ts';
import type { LoginThrottleRepository, SessionsRepository } from './sessions.repository.ts';
import type { UsersRepository } from './users.repository.ts';

export interface RecoverySettings {
  /** The address users open the product at; links in mails start with it. */
  publicUrl: string;
  resetTtlMs: number;
  verificationTtlMs: number;
  /** Reset requests one client address may make per window (each may send a mail). */
  maxResetRequestsPerIp: number;
  /** Reset mails one account may receive per window; more requests get the same answer and no mail. */
  maxResetMailsPerAccount: number;
  /** Verification mails one user may ask for per window. */
  maxVerificationMailsPerUser: number;
  /** Wrong current passwords allowed per account in a window when changing the password. */
  maxPasswordFailures: number;
  windowMs: number;
}

export const DEFAULT_RECOVERY_SETTINGS: RecoverySettings = {
  publicUrl: 'http://localhost:8080',
  resetTtlMs: 30 * 60_000,
  verificationTtlMs: 24 * 3600_000,
  maxResetRequestsPerIp: 10,
  maxResetMailsPerAccount: 3,
  maxVerificationMailsPerUser: 5,
  maxPasswordFailures: 10,
  windowMs: 3600_000,
};

export const EMAIL_MAX = 254;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const LOCALE = /^[a-z]{2}(-[A-Za-z]{2,4})?$/;

const LINK_EXPIRED = () =>
  new AppError('invalid_argument', 'This link is invalid or has expired', 'link_expired');
const MAIL_DISABLED = () =>
  new AppError(
    'failed_precondition',
    'E-mail is not set up on this server; ask the operator to reset your password',
    'mail_not_configured',
  );

/** A fresh one-time token: 32 random bytes, base64url (43 characters). */
const newToken = () => randomBytes(32).toString('base64url');

export function createRecoveryService(deps: {
  users: UsersRepository;
  sessions: SessionsRepository;
  throttle: LoginThrottleRepository;
  tokens: RecoveryTokensRepository;
  hasher: PasswordHasher;
  mailer: Mailer;
  logger: Logger;
  settings?: Partial<RecoverySettings>;
}) {
  const settings = { ...DEFAULT_RECOVERY_SETTINGS, ...deps.settings };
  const base = settings.publicUrl.replace(/\/+$/, '');
  const linkTo = (locale: string, page: string, token: string) =>
    `${base}/${LOCALE.test(locale) ? locale : 'en'}/${page}?token=${token}`;
  /** Mails sent after the answer went out; tests and shutdown wait for them. */
  const background = new Set<Promise<void>>();

  /** Counts one use of `key`; false when the window's allowance was already spent. */
  async function spend(key: string, max: number): Promise<boolean> {
    const since = new Date(Date.now() - settings.windowMs);
    if ((await deps.throttle.failures(key, since)) >= max) return false;
    await deps.throttle.recordFailure(key, since);
    return true;
  }

  async function requireUser(userId: number): Promise<UserRow> {
    const user = userId ? await deps.users.findById(userId) : undefined;
    if (!user) throw new AppError('not_found', 'User not found', 'user_not_found');
    return user;
  }

  async function security(user: UserRow) {
    const [hash, pending] = await Promise.all([
      deps.users.passwordHashOf(user.id),
      deps.tokens.pendingEmailOf(user.id),
    ]);
    return {
      hasPassword: hash !== undefined,
      email: user.email ?? '',
      pendingEmail: pending ?? '',
      mailEnabled: deps.mailer.enabled,
    };
  }

  async function sendResetMail(login: string, locale: string): Promise<void> {
    const user = login.includes('@')
      ? await deps.users.findByEmail(login)
      : await deps.users.findByUsername(login);
    // Only accounts that sign in with a password and have a verified address can be reset by mail.
    if (!user?.email || !user.username || user.bannedAt) return;
    if (!(await deps.users.passwordHashOf(user.id))) return;
    if (!(await spend(`reset:user:${user.id}`, settings.maxResetMailsPerAccount))) return;
    const token = newToken();
    await deps.tokens.savePasswordReset(user.id, token, new Date(Date.now() + settings.resetTtlMs));
    const link = linkTo(locale, 'reset-password', token);
    const name = user.name || user.username;
    await deps.mailer.send(recoveryMail({ kind: 'passwordReset', locale, to: user.email, name, link }));
    deps.logger.info({ userId: user.id }, 'password reset mail sent');
  }

  return {
    accountSecurity: async (callerId: number) => security(await requireUser(callerId)),

    options: () => ({ mailEnabled: deps.mailer.enabled }),

    async changePassword(input: {
      callerId: number;
      sessionId: string;
      currentPassword: string;
      newPassword: string;
    }): Promise<void> {
      const user = await requireUser(input.callerId);
      const stored = await deps.users.passwordHashOf(user.id);
      if (!stored) {
        throw new AppError(
          'failed_precondition',
          'This account signs in with Google and has no password',
          'no_password',
        );
      }
      const key = `password:user:${user.id}`;
      const since = new Date(Date.now() - settings.windowMs);
      if ((await deps.throttle.failures(key, since)) >= settings.maxPasswordFailures) {
        throw new AppError(
          'resource_exhausted',
          'Too many attempts, please try again later',
          'too_many_attempts',
        );
      }
      if (!(await deps.hasher.verify(stored, input.currentPassword.slice(0, 1024)))) {
        await deps.throttle.recordFailure(key, since);
        // Not 401: the session is fine, only the typed password is wrong.
        throw new AppError('invalid_argument', 'Current password is incorrect', 'wrong_password');
      }
      checkPassword(input.newPassword, user.username ?? '');
      await deps.users.setPasswordHash(user.id, await deps.hasher.hash(input.newPassword));
      await deps.throttle.clear(key);
      await deps.tokens.dropPasswordResetsOf(user.id);
      await deps.sessions.revokeAllOf(user.id, input.sessionId);
    },

    async requestEmailVerification(callerId: number, emailInput: string, locale: string) {
      const user = await requireUser(callerId);
      if (!deps.mailer.enabled) throw MAIL_DISABLED();
      const email = emailInput.trim();
      if (email.length > EMAIL_MAX || !EMAIL.test(email)) {
        throw new AppError('invalid_argument', 'Please enter a valid e-mail address', 'invalid_email');
      }
      if (user.email?.toLowerCase() === email.toLowerCase()) return security(user);
      if (!(await spend(`verify-mail:user:${user.id}`, settings.maxVerificationMailsPerUser))) {
        throw new AppError(
          'resource_exhausted',
          'Too many confirmation mails, please try again in an hour',
          'too_many_requests',
        );
      }
      const token = newToken();
      await deps.tokens.saveEmailVerification(
        user.id,
        email,
        token,
        new Date(Date.now() + settings.verificationTtlMs),
      );
      const link = linkTo(locale, 'verify-email', token);
      const name = user.name || user.username || '';
      try {
        await deps.mailer.send(recoveryMail({ kind: 'emailVerification', locale, to: email, name, link }));
      } catch (error) {
        deps.logger.warn({ userId: user.id, reason: (error as Error).message }, 'verification mail failed');
        throw new AppError(
          'unavailable',
          'The mail could not be sent, please try again later',
          'mail_failed',
        );
      }
      return security(user);
    },

    async verifyEmail(token: string): Promise<UserRow> {
      if (!TOKEN.test(token)) throw LINK_EXPIRED();
      const found = await deps.tokens.takeEmailVerification(token);
      if (!found) throw LINK_EXPIRED();
      const other = await deps.users.findByEmail(found.email);
      const taken = () =>
        new AppError('already_exists', 'This address belongs to another account', 'email_taken');
      if (other && other.id !== found.userId) throw taken();
      try {
        return (
          (await deps.users.update(found.userId, { email: found.email })) ?? (await requireUser(found.userId))
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    /**
     * The same answer, at the same speed, whether an account matches or not: after the per-address check
     * every lookup and the mail happen after the answer has gone.
     */
    async requestPasswordReset(input: { login: string; clientIp: string; locale: string }): Promise<void> {
      if (!deps.mailer.enabled) throw MAIL_DISABLED();
      const login = input.login.trim();
      if (!login || login.length > EMAIL_MAX) {
        throw new AppError(
          'invalid_argument',
          'Please enter your username or e-mail address',
          'login_required',
        );
      }
      if (input.clientIp && !(await spend(`reset:ip:${input.clientIp}`, settings.maxResetRequestsPerIp))) {
        throw new AppError(
          'resource_exhausted',
          'Too many reset requests from this address, please try again later',
          'too_many_requests',
        );
      }
      const work = sendResetMail(login, input.locale).catch((error: unknown) => {
        // Never the link or the token: only that it failed and why.
        deps.logger.warn({ reason: (error as Error).message }, 'password reset mail failed');
      });
      background.add(work);
      void work.finally(() => background.delete(work));
    },

    async resetPassword(token: string, newPassword: string): Promise<void> {
      if (!TOKEN.test(token)) throw LINK_EXPIRED();
      const userId = await deps.tokens.peekPasswordReset(token);
      const user = userId ? await deps.users.findById(userId) : undefined;
      if (!user) throw LINK_EXPIRED();
      // The rules first, so a refused password leaves the link usable.
      checkPassword(newPassword, user.username ?? '');
      if ((await deps.tokens.takePasswordReset(token)) !== user.id) throw LINK_EXPIRED();
      await deps.users.setPasswordHash(user.id, await deps.hasher.hash(newPassword));
      await deps.tokens.dropPasswordResetsOf(user.id);
      await deps.sessions.revokeAllOf(user.id);
      // The owner proved control of the mailbox: failed sign-ins by others no longer hold the account.
      if (user.username) await deps.throttle.clear(`user:${user.username.toLowerCase()}`);
      deps.logger.info({ userId: user.id }, 'password reset');
    },

    /** Resolves once the mails already accepted have been sent or have failed. */
    async settled(): Promise<void> {
      await Promise.all([...background]);
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
