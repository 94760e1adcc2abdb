import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_CHECK_TIMEOUT_MS, type SessionUser } from '../api/auth.ts';
import { checkAuth, isAdminUser, planFromSubscriptions } from './auth-check.ts';

const user = (over: Partial<SessionUser>): SessionUser => ({
  id: 7,
  name: 'Ada',
  username: 'ada',
  email: '',
  picture: '',
  role: 'user',
  is_admin: false,
  ...over,
});

describe('plan from subscriptions', () => {
  it('is free without an active subscription', () => {
    expect(planFromSubscriptions([])).toBe('free');
    expect(planFromSubscriptions([{ status: 'canceled', plan_id: 'premium_monthly' }])).toBe('free');
  });

  it('is the first part of the active plan id', () => {
    expect(
      planFromSubscriptions([
        { status: 'expired', plan_id: 'premium_monthly' },
        { status: 'active', plan_id: 'ultimate_yearly' },
      ]),
    ).toBe('ultimate');
  });

  it("names an old label's plan by today's name", () => {
    expect(planFromSubscriptions([{ status: 'active', plan_id: 'pro_monthly' }])).toBe('ultimate');
  });
});

describe('admin', () => {
  it('is user 1, role admin or the is_admin flag', () => {
    expect(isAdminUser(user({ id: 1 }))).toBe(true);
    expect(isAdminUser(user({ role: 'admin' }))).toBe(true);
    expect(isAdminUser(user({ is_admin: true }))).toBe(true);
    expect(isAdminUser(user({}))).toBe(false);
    expect(isAdminUser(null)).toBe(false);
  });
});

describe('GET /api/auth/me', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status }));

  it('sends the bearer token and reads an authenticated user', async () => {
    const fetchMock = answer(200, { authenticated: true, user: user({}) });
    vi.stubGlobal('fetch', fetchMock);
    expect(await checkAuth('tok', 5000)).toEqual({ kind: 'authenticated', user: user({}) });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/auth/me');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('is a refusal when the server says not authenticated or answers 401', async () => {
    vi.stubGlobal('fetch', answer(200, { authenticated: false, user: null }));
    expect(await checkAuth('tok', 5000)).toEqual({ kind: 'rejected' });
    vi.stubGlobal('fetch', answer(401, { error: 'unauthenticated', message: 'Please login first' }));
    expect(await checkAuth('tok', 5000)).toEqual({ kind: 'rejected' });
  });

  it('is a network failure when the request cannot be made or the server errs', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await checkAuth('tok', 5000)).toEqual({ kind: 'network' });
    vi.stubGlobal('fetch', answer(502, {}));
    expect(await checkAuth('tok', 5000)).toEqual({ kind: 'network' });
  });

  it('gives up after its time limit (5 s at startup) and says so', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_path: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = checkAuth('tok', AUTH_CHECK_TIMEOUT_MS);
    await vi.advanceTimersByTimeAsync(AUTH_CHECK_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ kind: 'timeout' });
    expect(AUTH_CHECK_TIMEOUT_MS).toBe(5000);
  });
});
