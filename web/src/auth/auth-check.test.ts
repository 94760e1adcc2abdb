import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../api/auth.ts';
import { isAdminUser, planFromSubscriptions } from './auth-check.ts';

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
