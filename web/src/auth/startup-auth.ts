// Spec 4's session check, apart from React so each rule can be tested: a stored token is checked against
// GET /api/auth/me within 5 s; signed in when the server says so; token and user cleared when it says no
// (or answers 401); on a time-out the state is kept; on a network error the cached user is used; and a
// check that left nothing decided is tried once more after 300 ms.
import { AUTH_CHECK_TIMEOUT_MS, type SessionUser } from '../api/auth.ts';
import type { AuthCheckResult } from './auth-check.ts';

export const AUTH_RETRY_MS = 300;

export type SessionOutcome =
  /** The server confirmed the user (fromCache: the server was unreachable and the cached user stands in). */
  | { kind: 'signedIn'; user: SessionUser; fromCache: boolean }
  /** The server said not authenticated, or answered 401: token and cached user are cleared. */
  | { kind: 'signedOut' }
  /** A time-out, or a network error with no cached user: the current state is kept. */
  | { kind: 'unchanged' };

export function outcomeOf(result: AuthCheckResult, cachedUser: SessionUser | null): SessionOutcome {
  switch (result.kind) {
    case 'authenticated':
      return { kind: 'signedIn', user: result.user, fromCache: false };
    case 'rejected':
      return { kind: 'signedOut' };
    case 'network':
      return cachedUser ? { kind: 'signedIn', user: cachedUser, fromCache: true } : { kind: 'unchanged' };
    case 'timeout':
      return { kind: 'unchanged' };
  }
}

export interface SessionCheckDeps {
  check: (token: string, timeoutMs: number) => Promise<AuthCheckResult>;
  readCachedUser: () => SessionUser | null;
  wait: (ms: number) => Promise<void>;
  /** True once the answer is no longer wanted (the provider unmounted): no retry is made. */
  cancelled?: () => boolean;
}

/** Checks the token, and when that left nothing decided, once more after 300 ms. */
export async function checkSession(token: string, deps: SessionCheckDeps): Promise<SessionOutcome> {
  const first = outcomeOf(await deps.check(token, AUTH_CHECK_TIMEOUT_MS), deps.readCachedUser());
  if (first.kind !== 'unchanged' || deps.cancelled?.()) return first;
  await deps.wait(AUTH_RETRY_MS);
  if (deps.cancelled?.()) return first;
  return outcomeOf(await deps.check(token, AUTH_CHECK_TIMEOUT_MS), deps.readCachedUser());
}

/** Pages where a 401 must not open the sign-in modal (spec 4): the payment and subscription success pages. */
const NO_LOGIN_PROMPT = /^\/[^/]+\/(payment|subscription)\/success\/?$/;

export function promptsSignInAfter401(pathname: string): boolean {
  return !NO_LOGIN_PROMPT.test(pathname);
}

/** Spec 4: any 401 ends the session here (when there is one) and asks to sign in, but not on the
 * payment and subscription success pages. */
export function unauthorizedResponse(
  pathname: string,
  hasSession: boolean,
): { signOut: boolean; openSignIn: boolean } {
  return { signOut: hasSession, openSignIn: promptsSignInAfter401(pathname) };
}
