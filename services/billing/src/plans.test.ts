import {
  PLAN_ENTITLEMENTS,
  PRICES_CENTS,
  YEARLY_SAVING_PERCENT,
  yearlySavingPercentOf,
} from '@pictura/common/plan-catalog';
import { describe, expect, it } from 'vitest';
import { entitlementsFor, planOf } from './plans.ts';

describe('plans and entitlements', () => {
  it('reads the plan type from a plan_id', () => {
    expect(planOf('premium_monthly')).toBe('premium');
    expect(planOf('ultimate_yearly')).toBe('ultimate');
    expect(planOf('mystery_monthly')).toBe('free');
  });

  it('gives free with no active subscription, and the best plan among several', () => {
    expect(entitlementsFor([]).plan).toBe('free');
    expect(entitlementsFor(['premium_monthly', 'ultimate_yearly']).plan).toBe('ultimate');
  });

  it('queues paid plans sooner, and watermarks and shows ads only on free', () => {
    const { free, premium, ultimate } = PLAN_ENTITLEMENTS;
    expect(ultimate.queuePriority).toBeLessThan(premium.queuePriority);
    expect(premium.queuePriority).toBeLessThan(free.queuePriority);
    expect([free.watermark, premium.watermark, ultimate.watermark]).toEqual([true, false, false]);
    expect([free.showAds, premium.showAds]).toEqual([true, false]);
    expect(ultimate.privateGeneration && !premium.privateGeneration).toBe(true);
  });
});

describe('plan labels and limits', () => {
  it('maps the old labels starter, pro and business to premium, ultimate and enterprise', () => {
    expect(planOf('starter_monthly')).toBe('premium');
    expect(planOf('pro_yearly')).toBe('ultimate');
    expect(planOf('business_monthly')).toBe('enterprise');
    expect(planOf('constructor_monthly')).toBe('free');
  });

  it('raises rate limits and support priority with the plan, and gives API access to enterprise only', () => {
    const { free, premium, ultimate, enterprise } = PLAN_ENTITLEMENTS;
    const rates = [free, premium, ultimate, enterprise].map((e) => e.generationsPerMinute);
    expect([...rates].sort((a, b) => a - b)).toEqual(rates);
    const waiting = [free, premium, ultimate, enterprise].map((e) => e.maxWaitingJobs);
    expect(waiting.slice(0, 2)).toEqual([4, 16]);
    expect([...waiting].sort((a, b) => a - b)).toEqual(waiting);
    expect([free, premium, ultimate, enterprise].map((e) => e.supportPriority)).toEqual([
      'standard',
      'priority',
      'premium',
      'dedicated',
    ]);
    expect([free, premium, ultimate, enterprise].map((e) => e.apiAccess)).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });
});

describe('the yearly saving', () => {
  it('is computed from the prices, rounded down, the least any plan gives', () => {
    expect(yearlySavingPercentOf({ monthly: 1200, yearly: 10000 })).toBe(30); // $44 of $144: 30.6 %
    expect(yearlySavingPercentOf({ monthly: 1000, yearly: 9600 })).toBe(20);
    expect(yearlySavingPercentOf({ monthly: 1000, yearly: 12000 })).toBe(0);
    expect(YEARLY_SAVING_PERCENT).toBe(
      Math.min(yearlySavingPercentOf(PRICES_CENTS.premium), yearlySavingPercentOf(PRICES_CENTS.ultimate)),
    );
    expect(YEARLY_SAVING_PERCENT).toBe(30);
  });
});
