import { randomBytes, randomUUID } from 'node:crypto';
import type { ServiceDatabase } from '@pictura/common/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase } from '../../../test/support/databases.ts';
import { schema } from './db/schema.ts';
import { createWebhooksRepository, type WebhooksRepository } from './webhooks.repository.ts';

describe.each(ENGINES)('webhooks repository on %s', (engine) => {
  let database: ServiceDatabase<typeof schema>;
  let webhooks: WebhooksRepository;

  beforeAll(async () => {
    database = await openTestDatabase(engine, {
      service: 'jobs',
      schema,
      migrationsFolder: new URL('../migrations', import.meta.url).pathname,
    });
    webhooks = createWebhooksRepository(database.db);
  });
  afterAll(() => database.close());

  const delivery = (userId: number) =>
    webhooks.recordDelivery({
      id: `msg_${randomBytes(16).toString('hex')}`,
      userId,
      jobId: randomUUID(),
      eventType: 'job.completed',
      url: 'https://example.com/hook',
      payload: '{}',
    });

  it('deletes one user’s webhook secret and deliveries, and nobody else’s (account deletion)', async () => {
    const userId = 800_000 + Math.floor(Math.random() * 100_000);
    const other = userId + 1;
    await webhooks.createSecret(userId, 'whsec_mine');
    await webhooks.createSecret(other, 'whsec_theirs');
    const mine = [await delivery(userId), await delivery(userId)];
    const theirs = await delivery(other);

    expect(await webhooks.deleteUserData(userId)).toBe(2);
    expect(await webhooks.secretOf(userId)).toBeUndefined();
    expect(await webhooks.deliveriesOf(userId, undefined, 10)).toEqual([]);
    expect(await webhooks.findDelivery(mine[0]!.id)).toBeUndefined();
    // A retried deletion finds nothing left and still succeeds.
    expect(await webhooks.deleteUserData(userId)).toBe(0);
    expect((await webhooks.secretOf(other))?.secret).toBe('whsec_theirs');
    expect(await webhooks.findDelivery(theirs!.id)).toBeDefined();
  });
});
