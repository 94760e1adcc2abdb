import { create } from '@bufbuild/protobuf';
import type { ServiceDatabase } from '@pictura/common/database';
import {
  DeleteUserDataRequestSchema,
  GetEntitlementsRequestSchema,
} from '@pictura/common/gen/billing/v1/billing_pb';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/support/databases.ts';
import { openTestBilling } from '../test/billing.fixture.ts';
import { type schema, subscriptions, supportRequests } from './db/schema.ts';

describe.each(ENGINES)('billing account deletion on %s', (engine) => {
  let database: ServiceDatabase<typeof schema>;
  let billing: Awaited<ReturnType<typeof openTestBilling>>['grpc'];
  const ctx = { signal: new AbortController().signal, requestId: 'test' };

  beforeAll(async () => {
    const opened = await openTestBilling(engine);
    database = opened.database;
    billing = opened.grpc;
  });
  afterAll(() => database.close());

  const remove = (userId: number) =>
    billing.deleteUserData(create(DeleteUserDataRequestSchema, { userId }), ctx) as Promise<{
      markedSubscriptions: number;
    }>;
  const plan = async (userId: number) =>
    (
      (await billing.getEntitlements(create(GetEntitlementsRequestSchema, { userId }), ctx)) as {
        plan: string;
      }
    ).plan;

  it('keeps the subscription records, marks them and ends the plan, idempotently', async () => {
    await database.db.insert(subscriptions).values([
      { userId: 70, planId: 'premium_monthly', status: 'active' },
      { userId: 70, planId: 'premium_monthly', status: 'expired' },
      { userId: 71, planId: 'premium_monthly', status: 'active' },
    ]);
    expect(await plan(70)).toBe('premium');
    expect(await remove(70)).toEqual({ markedSubscriptions: 2 });
    const kept = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, 70));
    expect(kept).toHaveLength(2);
    expect(kept.every((row) => row.accountDeletedAt instanceof Date)).toBe(true);
    expect(kept.map((row) => row.status).sort()).toEqual(['canceled', 'expired']);
    expect(await plan(70)).toBe('free');
    expect(await plan(71)).toBe('premium');
    expect(await remove(70)).toEqual({ markedSubscriptions: 0 });
    await expect(remove(0)).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('deletes the support requests the user sent (name, address, message), and nobody else’s', async () => {
    const request = (userId: number, message: string) => ({
      kind: 'support',
      userId,
      name: 'Leaving User',
      email: 'leaving@example.com',
      message,
      plan: 'free',
      planRank: 0,
    });
    await database.db
      .insert(supportRequests)
      .values([request(80, 'my private words'), request(81, 'someone else’s words')]);
    await remove(80);
    const left = await database.db.select().from(supportRequests);
    expect(left.map((row) => row.message)).not.toContain('my private words');
    expect(left.map((row) => row.message)).toContain('someone else’s words');
  });
});
