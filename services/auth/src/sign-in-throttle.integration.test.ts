// The sign-in throttle's rule (sign-in-throttle.ts) through the accounts service, on real databases; the clock is
// moved by hand, so the delays are asserted without waiting for them.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rejection } from '../../../test/support/app-errors.ts';
import { ENGINES } from '../../../test/support/databases.ts';
import { type AuthFixture, openTestAuth } from '../test/auth.fixture.ts';
import { DEFAULT_SIGN_IN_THROTTLE, delayAfter } from './sign-in-throttle.ts';

describe.each(ENGINES)('sign-in throttle on %s', (engine) => {
  let database: AuthFixture['database'];
  let auth: AuthFixture['auth'];
  let now = Date.parse('2026-03-01T10:00:00Z');
  const tick = (ms: number) => {
    now += ms;
    vi.setSystemTime(now);
  };

  beforeAll(async () => {
    ({ database, auth } = await openTestAuth(engine));
    await auth.accounts.register({ username: 'owner', password: 'owner password' });
    await auth.accounts.register({ username: 'other', password: 'other password' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => database?.close());

  const login = (clientIp: string, password: string, securityCheckPassed = false) =>
    auth.accounts.login({ username: 'owner', password, clientIp, securityCheckPassed });

  it('slows one (account, address) pair with growing delays, each answered 429 with Retry-After', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    tick(0);
    const ip = '10.3.0.1';
    for (let i = 0; i < 3; i++)
      expect((await rejection(login(ip, 'wrong password'))).code).toBe('unauthenticated');
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const refused = await rejection(login(ip, 'owner password', true));
      expect(refused).toMatchObject({ code: 'resource_exhausted', reason: 'too_many_attempts' });
      expect(refused.message).toBe(
        `Too many attempts. Try again in ${refused.retryAfterSeconds === 1 ? '1 second' : `${refused.retryAfterSeconds} seconds`}`,
      );
      waits.push(refused.retryAfterSeconds!);
      tick(refused.retryAfterSeconds! * 1000);
      // The wait is over: the password is tried again (after the security check this pair now needs).
      expect((await rejection(login(ip, 'owner password'))).reason).toBe('challenge_required');
      expect((await rejection(login(ip, 'wrong password', true))).code).toBe('unauthenticated');
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The same account from another address is neither slowed nor asked.
    await expect(login('10.3.0.2', 'owner password')).resolves.toBeTruthy();
    // Once the wait is over, the right password (with the check) signs in and the pair starts afresh.
    tick(16_000);
    await expect(login(ip, 'owner password', true)).resolves.toBeTruthy();
    await expect(login(ip, 'owner password')).resolves.toBeTruthy();
  });

  it('doubles the delay from the threshold and caps it at five minutes', () => {
    const delays = [2, 3, 4, 5, 11, 12, 40].map((n) => delayAfter(n, 3, DEFAULT_SIGN_IN_THROTTLE));
    expect(delays).toEqual([0, 1000, 2000, 4000, 256_000, 300_000, 300_000]);
  });

  it('asks an address that failed on many accounts for the check, and leaves other addresses alone', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 10; i++) {
      await rejection(auth.accounts.login({ username: `guess${i}`, password: 'nope nope', clientIp: ip }));
    }
    const asked = await rejection(
      auth.accounts.login({ username: 'other', password: 'other password', clientIp: ip }),
    );
    expect(asked).toMatchObject({ code: 'permission_denied', reason: 'challenge_required' });
    expect(asked.message).toBe('Please complete the security check');
    await expect(
      auth.accounts.login({
        username: 'other',
        password: 'other password',
        clientIp: ip,
        securityCheckPassed: true,
      }),
    ).resolves.toBeTruthy();
    await expect(
      auth.accounts.login({ username: 'other', password: 'other password', clientIp: '10.4.0.2' }),
    ).resolves.toBeTruthy();
  });
});
