// API keys come with API access: administrators, and users whose plan includes it as billing answers
// (Enterprise). The real billing service code answers here, over its own database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/support/databases.ts';
import { subscriptions } from '../../billing/src/db/schema.ts';
import { openTestBilling } from '../../billing/test/billing.fixture.ts';
import { type AuthFixture, openTestAuth } from '../test/auth.fixture.ts';

describe.each(ENGINES)('API access from the plan on %s', (engine) => {
  let database: AuthFixture['database'];
  let billing: Awaited<ReturnType<typeof openTestBilling>>;
  let auth: AuthFixture['auth'];

  beforeAll(async () => {
    billing = await openTestBilling(engine);
    ({ database, auth } = await openTestAuth(engine, {
      planApiAccess: async (userId) => (await billing.subscriptions.entitlements(userId)).apiAccess,
    }));
  });
  afterAll(async () => {
    await database?.close();
    await billing?.database.close();
  });

  it('gives keys to admins and Enterprise users, and refuses free and Premium users', async () => {
    const admin = await auth.accounts.register({ username: 'root', password: 'root password' });
    const premium = await auth.accounts.register({ username: 'premium', password: 'premium password' });
    const enterprise = await auth.accounts.register({
      username: 'enterprise',
      password: 'enterprise password',
    });
    await billing.database.db.insert(subscriptions).values([
      { userId: premium.user.id, planId: 'premium_monthly', status: 'active' },
      { userId: enterprise.user.id, planId: 'enterprise_yearly', status: 'active' },
    ]);
    await expect(auth.apiKeys.create(admin.user.id, 'admin key')).resolves.toMatchObject({
      key: expect.stringMatching(/^sk_/),
    });
    await expect(auth.apiKeys.create(premium.user.id, 'no')).rejects.toMatchObject({
      reason: 'api_access_required',
    });
    const { key } = await auth.apiKeys.create(enterprise.user.id, 'integration');
    expect(await auth.apiKeys.verify(key)).toMatchObject({ userId: enterprise.user.id, isAdmin: false });
    // When the plan ends, the key stops working.
    await billing.subscriptions.markAccountDeleted(enterprise.user.id);
    await expect(auth.apiKeys.verify(key)).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
