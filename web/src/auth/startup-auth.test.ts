import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../api/auth.ts';
import type { AuthCheckResult } from './auth-check.ts';
import { AUTH_RETRY_MS, checkSession, outcomeOf, promptsSignInAfter401 } from './startup-auth.ts';

const ada: SessionUser = {
  id: 7,
  name: 'Ada',
  username: 'ada',
  email: '',
  picture: '',
  role: 'user',
  is_admin: false,
};

/** A check that answers each call in turn, and records the time limit it was given. */
function scripted(...answers: AuthCheckResult[]) {
  const check = vi.fn(async (_token: string, _timeoutMs: number) => answers.shift()!);
  const wait = vi.fn(async (_ms: number) => {});
  return { check, wait };
}

describe('one session check', () => {
  it('signs in when the server says authenticated', () => {
    expect(outcomeOf({ kind: 'authenticated', user: ada }, null)).toEqual({
      kind: 'signedIn',
      user: ada,
      fromCache: false,
    });
  });

  it('signs out when the server says not authenticated or answers 401', () => {
    expect(outcomeOf({ kind: 'rejected' }, ada)).toEqual({ kind: 'signedOut' });
  });

  it('keeps the state on a time-out, even with a cached user', () => {
    expect(outcomeOf({ kind: 'timeout' }, ada)).toEqual({ kind: 'unchanged' });
  });

  it('falls back to the cached user on a network error, and keeps the state without one', () => {
    expect(outcomeOf({ kind: 'network' }, ada)).toEqual({ kind: 'signedIn', user: ada, fromCache: true });
    expect(outcomeOf({ kind: 'network' }, null)).toEqual({ kind: 'unchanged' });
  });
});

describe('the startup check', () => {
  it('asks the server with a 5 s time limit and stops at a clear answer', async () => {
    const { check, wait } = scripted({ kind: 'authenticated', user: ada });
    const outcome = await checkSession('tok', { check, wait, readCachedUser: () => null });
    expect(outcome).toMatchObject({ kind: 'signedIn', user: ada });
    expect(check).toHaveBeenCalledExactlyOnceWith('tok', 5000);
    expect(wait).not.toHaveBeenCalled();
  });

  it('does not retry a refusal: the token is cleared', async () => {
    const { check, wait } = scripted({ kind: 'rejected' }, { kind: 'authenticated', user: ada });
    expect(await checkSession('tok', { check, wait, readCachedUser: () => ada })).toEqual({
      kind: 'signedOut',
    });
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('retries once after 300 ms when a time-out left it undecided', async () => {
    const { check, wait } = scripted({ kind: 'timeout' }, { kind: 'authenticated', user: ada });
    const outcome = await checkSession('tok', { check, wait, readCachedUser: () => null });
    expect(outcome).toMatchObject({ kind: 'signedIn', user: ada, fromCache: false });
    expect(wait).toHaveBeenCalledExactlyOnceWith(AUTH_RETRY_MS);
    expect(AUTH_RETRY_MS).toBe(300);
    expect(check).toHaveBeenCalledTimes(2);
    expect(check).toHaveBeenLastCalledWith('tok', 5000);
  });

  it('retries only once: a second time-out keeps the state', async () => {
    const { check, wait } = scripted({ kind: 'timeout' }, { kind: 'timeout' }, { kind: 'rejected' });
    expect(await checkSession('tok', { check, wait, readCachedUser: () => ada })).toEqual({
      kind: 'unchanged',
    });
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('uses the cached user when the server cannot be reached, without a retry', async () => {
    const { check, wait } = scripted({ kind: 'network' });
    expect(await checkSession('tok', { check, wait, readCachedUser: () => ada })).toEqual({
      kind: 'signedIn',
      user: ada,
      fromCache: true,
    });
    expect(wait).not.toHaveBeenCalled();
  });

  it('retries an unreachable server when nothing is cached, and then signs out on a refusal', async () => {
    const { check, wait } = scripted({ kind: 'network' }, { kind: 'rejected' });
    expect(await checkSession('tok', { check, wait, readCachedUser: () => null })).toEqual({
      kind: 'signedOut',
    });
    expect(wait).toHaveBeenCalledOnce();
  });

  it('makes no retry once the answer is no longer wanted', async () => {
    const { check, wait } = scripted({ kind: 'timeout' }, { kind: 'authenticated', user: ada });
    await checkSession('tok', { check, wait, readCachedUser: () => null, cancelled: () => true });
    expect(check).toHaveBeenCalledTimes(1);
  });
});

describe('a 401 on any call', () => {
  it('opens the sign-in modal everywhere but the payment and subscription success pages', () => {
    expect(promptsSignInAfter401('/en/settings')).toBe(true);
    expect(promptsSignInAfter401('/ar/history')).toBe(true);
    expect(promptsSignInAfter401('/en/payment/cancel')).toBe(true);
    expect(promptsSignInAfter401('/en/payment/success')).toBe(false);
    expect(promptsSignInAfter401('/zh-TW/subscription/success')).toBe(false);
    expect(promptsSignInAfter401('/en/subscription/success/')).toBe(false);
  });
});
