// Accounts, passwords, sessions and roles. Every permission is checked here against the caller's id.
import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '@pictura/common/app-error';
import { type AuditListRequest, type AuditLogRepository, listAuditLog } from '@pictura/common/audit-log';
import { checkAvatar, checkPassword, checkProfileName, checkUsername } from './account-rules.ts';
import type { UserRow } from './db/schema.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { LoginThrottleRepository, SessionsRepository } from './sessions.repository.ts';
import {
  createSignInThrottle,
  DEFAULT_SIGN_IN_THROTTLE,
  type SignInThrottleSettings,
} from './sign-in-throttle.ts';
import type { SigningKeys } from './signing-keys.ts';
import { seenRecently, type UserStatsRepository } from './user-stats.repository.ts';
import type { UsersRepository } from './users.repository.ts';

/** Spec section 6: admin when the id is 1, the role is admin, or is_admin is set. */
export function isAdmin(user: Pick<UserRow, 'id' | 'role' | 'isAdmin'>): boolean {
  return user.id === 1 || user.role === 'admin' || user.isAdmin;
}

/** Sign-in and registration throttles: sign-in-throttle.ts. */
export interface AccountsSettings extends SignInThrottleSettings {
  sessionTtlMs: number;
  /** Wrong passwords allowed per account in one window when confirming the owner (account deletion). */
  maxLoginFailures: number;
}

export const DEFAULT_ACCOUNTS_SETTINGS: AccountsSettings = {
  ...DEFAULT_SIGN_IN_THROTTLE,
  sessionTtlMs: 30 * 24 * 3600_000,
  maxLoginFailures: 10,
};

export interface SignInResult {
  token: string;
  sessionId: string;
  user: UserRow;
}

export interface SessionStatus {
  active: boolean;
  userId: number;
  isAdmin: boolean;
  banned: boolean;
}

const DAY_MS = 86_400_000;
/** How recent a sign-in must be for an account without a password to be deleted (see confirmAccountOwner). */
export const OWNER_SESSION_MAX_AGE_MS = 10 * 60_000;

const INVALID_CREDENTIALS = () =>
  new AppError('unauthenticated', 'Invalid username or password', 'invalid_credentials');
const TOO_MANY_ATTEMPTS = () =>
  new AppError('resource_exhausted', 'Too many login attempts, please try again later', 'too_many_attempts');
const BANNED = () => new AppError('permission_denied', 'This account has been suspended', 'account_banned');
const USER_NOT_FOUND = () => new AppError('not_found', 'User not found', 'user_not_found');

export function createAccountsService(deps: {
  users: UsersRepository;
  sessions: SessionsRepository;
  throttle: LoginThrottleRepository;
  hasher: PasswordHasher;
  keys: SigningKeys;
  userStats: UserStatsRepository;
  auditLog: AuditLogRepository;
  settings?: Partial<AccountsSettings>;
}) {
  const settings = { ...DEFAULT_ACCOUNTS_SETTINGS, ...deps.settings };
  const throttle = createSignInThrottle({ throttle: deps.throttle, settings });
  // Unknown usernames are checked against this, so they take as long as a wrong password.
  const dummyHash = deps.hasher.hash(randomUUID());

  /**
   * A new session; with the caller's request id, a repeat of the same request (a gRPC retry on another replica
   * after the first one died mid-call) gets the session the first attempt made instead of a second one.
   */
  async function startSession(user: UserRow, requestId?: string): Promise<SignInResult> {
    let sessionId = requestId ? sessionIdForRequest(requestId, user.id) : randomUUID();
    let expiresAt = new Date(Date.now() + settings.sessionTtlMs);
    if (!(await deps.sessions.createOnce({ id: sessionId, userId: user.id, expiresAt }))) {
      const first = await deps.sessions.find(sessionId);
      if (first && first.userId === user.id && first.revokedAt === null && first.expiresAt > new Date()) {
        expiresAt = first.expiresAt;
      } else {
        // The id was used before and ended (a client reusing its request id after a logout): a fresh one.
        sessionId = randomUUID();
        await deps.sessions.createOnce({ id: sessionId, userId: user.id, expiresAt });
      }
    }
    await deps.userStats.markSeen(user.id);
    const token = await deps.keys.sign({ userId: user.id, sessionId, expiresAt });
    return { token, sessionId, user };
  }

  /** Throttle rows older than the longest window count for nothing any more. */
  const staleBefore = () =>
    new Date(Date.now() - Math.max(settings.loginWindowMs, settings.registrationWindowMs));

  async function requireAdmin(callerId: number): Promise<UserRow> {
    const caller = callerId ? await deps.users.findById(callerId) : undefined;
    if (!caller || caller.bannedAt)
      throw new AppError('unauthenticated', 'Please login first', 'unauthenticated');
    if (!isAdmin(caller))
      throw new AppError('permission_denied', 'Administrator access required', 'forbidden');
    return caller;
  }

  async function requireUser(userId: number): Promise<UserRow> {
    const user = userId ? await deps.users.findById(userId) : undefined;
    if (!user) throw USER_NOT_FOUND();
    return user;
  }

  return {
    startSession,

    async register(input: {
      username: string;
      password: string;
      clientIp?: string;
      securityCheckPassed?: boolean;
    }): Promise<SignInResult> {
      const username = input.username.trim();
      const giveBack = await throttle.takeRegistration({
        clientIp: input.clientIp,
        securityCheckPassed: input.securityCheckPassed === true,
      });
      let user: UserRow | undefined;
      try {
        checkUsername(username);
        checkPassword(input.password, username);
        const passwordHash = await deps.hasher.hash(input.password);
        user = await deps.users.create({ username, name: username }, passwordHash);
        if (!user) throw new AppError('already_exists', 'Username is already taken', 'username_taken');
      } catch (error) {
        await giveBack();
        throw error;
      }
      return startSession(user);
    },

    async login(input: {
      username: string;
      password: string;
      clientIp: string;
      requestId?: string;
      securityCheckPassed?: boolean;
    }): Promise<SignInResult> {
      const username = input.username.trim().slice(0, 256);
      await throttle.beforeSignIn({
        username,
        clientIp: input.clientIp,
        securityCheckPassed: input.securityCheckPassed === true,
      });

      const user = username && username.length <= 128 ? await deps.users.findByUsername(username) : undefined;
      const stored = user ? await deps.users.passwordHashOf(user.id) : undefined;
      const password = input.password.slice(0, 1024);
      const ok = await deps.hasher.verify(stored ?? (await dummyHash), password);
      if (!user || !stored || !ok) {
        await throttle.recordFailure(username, input.clientIp);
        throw INVALID_CREDENTIALS();
      }
      if (user.bannedAt) throw BANNED();
      await throttle.recordSuccess(username, input.clientIp);
      return startSession(user, input.requestId);
    },

    async logout(sessionId: string): Promise<void> {
      if (isUuid(sessionId)) await deps.sessions.revoke(sessionId);
    },

    async checkSession(sessionId: string): Promise<SessionStatus> {
      const inactive = { active: false, userId: 0, isAdmin: false, banned: false };
      if (!isUuid(sessionId)) return inactive;
      const session = await deps.sessions.find(sessionId);
      if (!session) return inactive;
      const user = await deps.users.findById(session.userId);
      if (!user) return inactive;
      const banned = user.bannedAt !== null;
      const active = !banned && session.revokedAt === null && session.expiresAt > new Date();
      if (active && !seenRecently(user)) await deps.userStats.markSeen(user.id);
      return { active, userId: user.id, isAdmin: isAdmin(user), banned };
    },

    getUser: requireUser,

    async updateProfile(callerId: number, changes: { name?: string; avatar?: string }): Promise<UserRow> {
      await requireUser(callerId);
      const update: { name?: string; picture?: string } = {};
      if (changes.name !== undefined) update.name = checkProfileName(changes.name);
      if (changes.avatar !== undefined) update.picture = checkAvatar(changes.avatar);
      if (Object.keys(update).length === 0) return requireUser(callerId);
      return (await deps.users.update(callerId, update)) ?? requireUser(callerId);
    },

    async deleteAccount(callerId: number): Promise<void> {
      await requireUser(callerId);
      // Sessions, credentials and API keys go with the user (ON DELETE CASCADE).
      await deps.users.delete(callerId);
    },

    async listUsers(callerId: number, page: { afterId: number; limit: number; query?: string }) {
      await requireAdmin(callerId);
      const limit = Math.min(Math.max(page.limit || 20, 1), 100);
      const rows = await deps.users.list(page.afterId, limit + 1, page.query);
      return {
        users: rows.slice(0, limit),
        nextAfterId: rows.length > limit ? rows[limit - 1]!.id : undefined,
      };
    },

    /** Admins only: dashboard numbers; `days` (1..365, 0 for 30) of sign-ups per day. */
    async userStats(callerId: number, days: number) {
      await requireAdmin(callerId);
      const span = days === 0 ? 30 : days;
      if (!Number.isInteger(span) || span < 1 || span > 365) {
        throw new AppError('invalid_argument', 'Days must be between 1 and 365', 'invalid_days');
      }
      const now = Date.now();
      const [counts, signupsPerDay] = await Promise.all([
        deps.userStats.counts(new Date(now - 30 * DAY_MS), new Date(now - 7 * DAY_MS)),
        deps.userStats.signupsPerDay(span),
      ]);
      return {
        totalUsers: counts.total,
        active30d: counts.activeSince,
        new7d: counts.newSince,
        signupsPerDay,
      };
    },

    async setAdmin(callerId: number, userId: number, admin: boolean): Promise<UserRow> {
      const caller = await requireAdmin(callerId);
      const target = await requireUser(userId);
      if (!admin && userId === caller.id) {
        throw new AppError(
          'failed_precondition',
          'You cannot remove your own administrator role',
          'cannot_demote_self',
        );
      }
      // User 1 is an administrator whatever the flag says (spec section 6): "demoting" it would answer
      // success and change nothing, so it is refused, as banning it is.
      if (!admin && target.id === 1) {
        throw new AppError(
          'failed_precondition',
          'This account is always an administrator and cannot be demoted',
          'cannot_demote',
        );
      }
      if (admin && target.bannedAt) {
        throw new AppError(
          'failed_precondition',
          'A banned account cannot be made an administrator; unban it first',
          'user_banned',
        );
      }
      const before = isAdmin(target);
      if (target.isAdmin === admin) return target;
      const after = isAdmin({ ...target, isAdmin: admin });
      return (await deps.users.update(
        userId,
        { isAdmin: admin },
        {
          actorId: caller.id,
          action: admin ? 'user.promote' : 'user.demote',
          targetType: 'user',
          targetId: String(userId),
          before: { is_admin: before },
          after: { is_admin: after },
        },
      ))!;
    },

    async setBanned(callerId: number, userId: number, banned: boolean): Promise<UserRow> {
      const caller = await requireAdmin(callerId);
      const target = await requireUser(userId);
      if (banned && (target.id === caller.id || target.id === 1)) {
        throw new AppError('failed_precondition', 'This account cannot be banned', 'cannot_ban');
      }
      const wasBanned = target.bannedAt !== null;
      // A repeat (a retried call) changes nothing and records nothing; the ban keeps its first time.
      const user =
        wasBanned === banned
          ? target
          : (await deps.users.update(
              userId,
              { bannedAt: banned ? new Date() : null },
              {
                actorId: caller.id,
                action: banned ? 'user.ban' : 'user.unban',
                targetType: 'user',
                targetId: String(userId),
                before: { banned: wasBanned },
                after: { banned },
              },
            ))!;
      if (banned) await deps.sessions.revokeAllOf(userId);
      return user;
    },

    /**
     * The operator's reset-password (user 1 included, so the admin account can be recovered): a new password,
     * every session of the user ended, and the account's failed sign-ins forgotten.
     */
    async setUserPassword(callerId: number, userId: number, password: string): Promise<UserRow> {
      const caller = await requireAdmin(callerId);
      const user = await requireUser(userId);
      checkPassword(password, user.username ?? '');
      // No before or after: the entry says that the password was set, never anything about it.
      await deps.users.setPasswordHash(userId, await deps.hasher.hash(password), {
        actorId: caller.id,
        action: 'user.password_reset',
        targetType: 'user',
        targetId: String(userId),
      });
      await deps.sessions.revokeAllOf(userId);
      if (user.username) await deps.throttle.clear(`user:${user.username.toLowerCase()}`);
      return user;
    },

    /** Admins only: the audit log of actions on accounts. */
    listAuditLog: (request: AuditListRequest) =>
      listAuditLog({ admin: { requireAdmin }, log: deps.auditLog }, request),

    /**
     * Before an account is deleted: its password again. An account without one (Google sign-in) types its
     * name and must have signed in within OWNER_SESSION_MAX_AGE_MS: the name is no secret, a fresh
     * sign-in at Google is the proof, and ten minutes is enough to reach the settings page after it.
     * Wrong passwords are counted like failed sign-ins, so a stolen session cannot guess on and on.
     */
    async confirmAccountOwner(
      callerId: number,
      sessionId: string,
      proof: { password: string; confirmation: string },
    ): Promise<void> {
      const user = await requireUser(callerId);
      const stored = await deps.users.passwordHashOf(user.id);
      if (stored) {
        const key = `confirm:user:${user.id}`;
        const since = new Date(Date.now() - settings.loginWindowMs);
        if ((await deps.throttle.failures(key, since)) >= settings.maxLoginFailures)
          throw TOO_MANY_ATTEMPTS();
        if (!(await deps.hasher.verify(stored, proof.password.slice(0, 1024)))) {
          await deps.throttle.recordFailure(key, since, staleBefore());
          throw new AppError('permission_denied', 'The password is not correct', 'wrong_password');
        }
        await deps.throttle.clear(key);
        return;
      }
      // What the web's dialog asks to type (web/src/pages/settings/settings-model.ts, deletionPhrase).
      const phrase = user.username || user.email || user.name || String(user.id);
      if (proof.confirmation.trim().toLowerCase() !== phrase.toLowerCase()) {
        throw new AppError('permission_denied', `Type ${phrase} to confirm`, 'wrong_confirmation');
      }
      const session = isUuid(sessionId) ? await deps.sessions.find(sessionId) : undefined;
      const fresh =
        session?.userId === user.id && Date.now() - session.createdAt.getTime() < OWNER_SESSION_MAX_AGE_MS;
      if (!fresh) {
        throw new AppError(
          'permission_denied',
          'Please sign in again, then delete the account within 10 minutes',
          'recent_sign_in_required',
        );
      }
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** The session a sign-in request makes, the same for every attempt of that request (a UUID, version 8). */
export function sessionIdForRequest(requestId: string, userId: number): string {
  const hex = createHash('sha256').update(`session:${userId}:${requestId}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
