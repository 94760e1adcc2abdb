// Sign-in and registration throttles (issue 17): slow an attacker down without ever locking the owner out.
//
// Failed sign-ins are counted in a 15-minute window under three keys: the (account, address) pair, the address
// and the account. The rule, checked before the password is tried:
// - Delay: from the 3rd failure of a pair, its next attempt waits 1 s after the latest failure, then 2 s, 4 s …
//   up to 5 minutes; from the 20th failure of an address (any accounts), the same for the whole address.
//   Answered 429 `too_many_attempts` with Retry-After.
// - Security check (a proof of work the gateway verifies): asked when the pair has 3 failures, or the address
//   10, or the account 10 from any addresses and this address is one of them. Answered 403
//   `challenge_required` until the request carries a solved check.
// No rule reads the account's count alone, so failures from other addresses never stop the owner signing in
// from an address that has not failed. A success forgets the pair's failures.
//
// Registrations: an address may create 5 accounts an hour (then 429 with Retry-After until the hour is over);
// from the 3rd account in that hour it must pass the security check.
import { AppError } from '@pictura/common/app-error';
import { challengeRequired } from '@pictura/common/security-check';
import type { LoginThrottleRepository, ThrottleCount } from './sessions.repository.ts';

export interface SignInThrottleSettings {
  loginWindowMs: number;
  pairFailuresBeforeDelay: number;
  addressFailuresBeforeDelay: number;
  pairFailuresBeforeCheck: number;
  addressFailuresBeforeCheck: number;
  accountFailuresBeforeCheck: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Accounts one address may create per registration window. */
  maxRegistrationsPerIp: number;
  /** Accounts one address creates in the window before the next needs the security check. */
  registrationsBeforeCheck: number;
  registrationWindowMs: number;
}

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleSettings = {
  loginWindowMs: 15 * 60_000,
  pairFailuresBeforeDelay: 3,
  addressFailuresBeforeDelay: 20,
  pairFailuresBeforeCheck: 3,
  addressFailuresBeforeCheck: 10,
  accountFailuresBeforeCheck: 10,
  firstDelayMs: 1000,
  maxDelayMs: 5 * 60_000,
  maxRegistrationsPerIp: 5,
  registrationsBeforeCheck: 2,
  registrationWindowMs: 3600_000,
};

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const inSeconds = (s: number) => (s === 1 ? '1 second' : `${s} seconds`);

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(
    'resource_exhausted',
    `Too many attempts. Try again in ${inSeconds(retryAfterSeconds)}`,
    'too_many_attempts',
    retryAfterSeconds,
  );

/** 1 s at the threshold, doubling with each further failure, capped. */
export function delayAfter(failures: number, before: number, settings: SignInThrottleSettings): number {
  if (failures < before) return 0;
  return Math.min(settings.firstDelayMs * 2 ** Math.min(failures - before, 30), settings.maxDelayMs);
}

export function createSignInThrottle(deps: {
  throttle: LoginThrottleRepository;
  settings: SignInThrottleSettings;
}) {
  const { throttle, settings } = deps;
  const staleBefore = () =>
    new Date(Date.now() - Math.max(settings.loginWindowMs, settings.registrationWindowMs));
  // A call without an address (none today: the gateway always sends one) shares one "unknown" address.
  const keysOf = (username: string, clientIp: string) => {
    const [name, ip] = [username.toLowerCase(), clientIp || 'unknown'];
    return { account: `user:${name}`, address: `ip:${ip}`, pair: `pair:${ip}:${name}` };
  };

  return {
    /** Throws 429 (wait) or 403 challenge_required when this attempt may not try a password yet. */
    async beforeSignIn(input: { username: string; clientIp: string; securityCheckPassed: boolean }) {
      const keys = keysOf(input.username, input.clientIp);
      const since = new Date(Date.now() - settings.loginWindowMs);
      const counts = await throttle.read([keys.account, keys.address, keys.pair], since);
      const none: ThrottleCount = { failures: 0, windowStartedAt: since, lastFailedAt: since };
      const [account, address, pair] = [keys.account, keys.address, keys.pair].map(
        (k) => counts.get(k) ?? none,
      ) as [ThrottleCount, ThrottleCount, ThrottleCount];
      const waitAfter = (count: ThrottleCount, before: number) =>
        count.lastFailedAt.getTime() + delayAfter(count.failures, before, settings) - Date.now();
      const waitMs = Math.max(
        waitAfter(pair, settings.pairFailuresBeforeDelay),
        waitAfter(address, settings.addressFailuresBeforeDelay),
      );
      if (waitMs > 0) throw tooManyAttempts(seconds(waitMs));
      const checkNeeded =
        pair.failures >= settings.pairFailuresBeforeCheck ||
        address.failures >= settings.addressFailuresBeforeCheck ||
        (account.failures >= settings.accountFailuresBeforeCheck && pair.failures > 0);
      if (checkNeeded && !input.securityCheckPassed) throw challengeRequired();
    },

    async recordFailure(username: string, clientIp: string) {
      const since = new Date(Date.now() - settings.loginWindowMs);
      const stale = staleBefore();
      await Promise.all(
        Object.values(keysOf(username, clientIp)).map((key) => throttle.recordFailure(key, since, stale)),
      );
    },

    async recordSuccess(username: string, clientIp: string) {
      await throttle.clear(keysOf(username, clientIp).pair);
    },

    /**
     * Takes one of the address's registrations for this hour, or throws 429 with Retry-After past the hourly
     * limit, 403 challenge_required past the check's threshold. Taking is one statement, so registrations sent
     * at once cannot all pass a check that each read before any counted. Resolves the function that gives the
     * registration back: accounts created are counted, not attempts, so a typo in a password rule costs nothing.
     */
    async takeRegistration(input: {
      clientIp?: string;
      securityCheckPassed: boolean;
    }): Promise<() => Promise<void>> {
      if (!input.clientIp) return async () => undefined;
      const key = `register:ip:${input.clientIp}`;
      const since = new Date(Date.now() - settings.registrationWindowMs);
      const limit = input.securityCheckPassed
        ? settings.maxRegistrationsPerIp
        : Math.min(settings.registrationsBeforeCheck, settings.maxRegistrationsPerIp);
      if (await throttle.take(key, since, limit, staleBefore())) return () => throttle.giveBack(key);
      const created = (await throttle.read([key], since)).get(key);
      if (created && created.failures >= settings.maxRegistrationsPerIp) {
        const retryAfter = seconds(
          created.windowStartedAt.getTime() + settings.registrationWindowMs - Date.now(),
        );
        throw new AppError(
          'resource_exhausted',
          `Too many accounts created from this address. Try again in ${Math.ceil(retryAfter / 60)} minutes`,
          'too_many_registrations',
          retryAfter,
        );
      }
      throw challengeRequired();
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
