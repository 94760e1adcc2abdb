import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.ts';
import type { SubscriptionRecord } from '../../api/subscriptions.ts';
import {
  avatarLinkError,
  confirmsDeletion,
  currentSubscription,
  deletionPhrase,
  errorKey,
  formatDate,
  formatMoney,
  hasApiAccess,
  profileChanges,
  profileNameError,
  upgradeTargets,
} from './settings-model.ts';

describe('profile', () => {
  it('needs a display name of 1 to 64 characters, spaces around it not counting', () => {
    expect(profileNameError('Ada')).toBeNull();
    expect(profileNameError('   ')).toBe('nameRequired');
    expect(profileNameError('')).toBe('nameRequired');
    expect(profileNameError(`  ${'a'.repeat(64)}  `)).toBeNull();
    expect(profileNameError('a'.repeat(65))).toBe('nameTooLong');
  });

  it('takes only https links as an avatar', () => {
    expect(avatarLinkError('https://example.com/me.png')).toBeNull();
    expect(avatarLinkError('http://example.com/me.png')).toBe('avatarNotHttps');
    expect(avatarLinkError('javascript:alert(1)')).toBe('avatarNotHttps');
    expect(avatarLinkError('me.png')).toBe('avatarNotHttps');
    expect(avatarLinkError(`https://example.com/${'a'.repeat(2048)}`)).toBe('avatarTooLong');
  });

  it('sends only what changed', () => {
    const saved = { name: 'Ada', avatar: '' };
    expect(profileChanges(saved, { name: ' Ada ', avatar: '' })).toBeNull();
    expect(profileChanges(saved, { name: 'Ada L.', avatar: '' })).toEqual({ name: 'Ada L.' });
    expect(profileChanges(saved, { name: 'Ada', avatar: '/files/abc.png' })).toEqual({
      avatar: '/files/abc.png',
    });
    expect(profileChanges({ name: 'Ada', avatar: '/files/abc.png' }, { name: 'Ada', avatar: '' })).toEqual({
      avatar: '',
    });
  });
});

describe('account deletion', () => {
  it('is confirmed by the username, or the e-mail of an account without one', () => {
    expect(deletionPhrase({ id: 3, username: 'ada', email: 'ada@example.com', name: 'Ada' })).toBe('ada');
    expect(deletionPhrase({ id: 3, username: '', email: 'ada@example.com', name: 'Ada' })).toBe(
      'ada@example.com',
    );
    expect(deletionPhrase({ id: 3, username: '', email: '', name: '' })).toBe('3');
  });

  it('accepts the phrase exactly, surrounding spaces aside', () => {
    expect(confirmsDeletion(' ada ', 'ada')).toBe(true);
    expect(confirmsDeletion('Ada', 'ada')).toBe(false);
    expect(confirmsDeletion('', 'ada')).toBe(false);
  });
});

const subscription = (over: Partial<SubscriptionRecord>): SubscriptionRecord => ({
  id: 1,
  plan_id: 'premium_monthly',
  plan_type: 'premium',
  billing_period: 'monthly',
  status: 'active',
  current_period_end: '2030-01-01T00:00:00.000Z',
  cancel_at_period_end: false,
  created_at: '2029-12-01T00:00:00.000Z',
  provider: 'test',
  ...over,
});

describe('plan and billing', () => {
  it('reads the plan from the newest active subscription', () => {
    expect(currentSubscription([])).toBeNull();
    expect(currentSubscription([subscription({ status: 'expired' })])).toBeNull();
    expect(
      currentSubscription([
        subscription({ id: 3, status: 'canceled' }),
        subscription({ id: 2, plan_id: 'ultimate_yearly' }),
        subscription({ id: 1 }),
      ])?.id,
    ).toBe(2);
  });

  it('offers only upgrades: premium to ultimate, monthly to yearly', () => {
    const ids = (planId: string) => upgradeTargets(planId).map((target) => target.planId);
    expect(ids('premium_monthly')).toEqual(['premium_yearly', 'ultimate_monthly', 'ultimate_yearly']);
    expect(ids('premium_yearly')).toEqual(['ultimate_yearly']);
    expect(ids('ultimate_monthly')).toEqual(['ultimate_yearly']);
    expect(ids('ultimate_yearly')).toEqual([]);
    expect(ids('enterprise_yearly')).toEqual([]);
    expect(ids('nonsense')).toEqual([]);
  });

  it('shows amounts in cents with two decimals and dates in the page language', () => {
    expect(formatMoney(1200, 'USD', 'en')).toBe('$12.00');
    expect(formatMoney(10000, 'USD', 'de')).toBe('100,00\u00a0$');
    expect(formatDate('2030-01-15T12:00:00.000Z', 'en')).toBe('Jan 15, 2030');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe('API keys', () => {
  it('are for administrators and the Enterprise plan', () => {
    expect(hasApiAccess(true, 'free')).toBe(true);
    expect(hasApiAccess(false, 'enterprise')).toBe(true);
    expect(hasApiAccess(false, 'ultimate')).toBe(false);
    expect(hasApiAccess(false, 'free')).toBe(false);
  });
});

describe('server refusals', () => {
  it('have texts of their own by code, else the fallback', () => {
    expect(errorKey(new ApiError(400, 'invalid_name', 'Name must be 1 to 64 characters'), 'x')).toBe(
      'errors.invalidName',
    );
    expect(errorKey(new ApiError(403, 'api_access_required', ''), 'x')).toBe('errors.apiAccessRequired');
    expect(errorKey(new ApiError(500, 'internal', ''), 'profile.saveFailed')).toBe('profile.saveFailed');
    expect(errorKey(new TypeError('Failed to fetch'), 'profile.saveFailed')).toBe('profile.saveFailed');
  });
});
