import { describe, expect, it } from 'vitest';
import { entitlementsFor, PLAN_ENTITLEMENTS, planOf } from './plans.ts';

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
