import { parseConfig } from '@pictura/common/config';
import { describe, expect, it } from 'vitest';
import { billingConfigShape, testModeOf } from './billing.config.ts';

const testMode = (env: Record<string, string>) => testModeOf(parseConfig(billingConfigShape, env));

describe('payments test mode', () => {
  it('is on for a local run without Stripe, so a fresh clone can buy a plan with the test card', () => {
    expect(testMode({})).toBe(true);
  });

  it('is off with Stripe, and off in production unless an operator turns it on explicitly', () => {
    expect(testMode({ STRIPE_SECRET_KEY: 'sk_test_x' })).toBe(false);
    expect(testMode({ NODE_ENV: 'production' })).toBe(false);
    expect(testMode({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' })).toBe(true);
  });
});
