// A billing service over a fresh database of either engine, for this service's tests.
import type { AdminCheck } from '@pictura/common/admin-check';
import { AppError } from '@pictura/common/app-error';
import { createLogger } from '@pictura/common/logger';
import { type Engine, openTestDatabase } from '../../../test/support/databases.ts';
import { composeBilling } from '../src/billing.compose.ts';
import { schema } from '../src/db/schema.ts';
import type { StripePaymentProvider } from '../src/stripe-payment.provider.ts';

export const TEST_PUBLIC_URL = 'http://localhost:8080';

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2030-01-01T00:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

/** Refuses everyone: tests of admin-only calls pass the real auth check instead. */
const noAdmins: AdminCheck = {
  async requireAdmin() {
    throw new AppError('permission_denied', 'Administrator access required');
  },
};

export async function openTestBilling(
  engine: Engine,
  options: {
    testMode?: boolean;
    stripe?: StripePaymentProvider;
    clock?: () => Date;
    admins?: AdminCheck;
  } = {},
) {
  const database = await openTestDatabase(engine, {
    service: 'billing',
    schema,
    migrationsFolder: new URL('../migrations', import.meta.url).pathname,
  });
  const billing = composeBilling({
    db: database.db,
    logger: createLogger('billing', 'silent'),
    settings: {
      publicUrl: TEST_PUBLIC_URL,
      testMode: options.testMode ?? true,
      signingSecret: 's'.repeat(64),
    },
    admins: options.admins ?? noAdmins,
    stripe: options.stripe,
    clock: options.clock,
  });
  return { database, ...billing, ctx: { signal: new AbortController().signal, requestId: 'test' } };
}
