// Webhook secrets and deliveries in the jobs database. Every read of user data takes the owner.

import { AppError } from '@pictura/common/app-error';
import type { Cursor } from '@pictura/common/cursor';
import type { Database } from '@pictura/common/database';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  type schema,
  type WebhookDeliveryRow,
  type WebhookSecretRow,
  webhookDeliveries,
  webhookSecrets,
} from './db/schema.ts';

export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;

export type AttemptRecord = Pick<
  WebhookDeliveryRow,
  'status' | 'attempts' | 'lastStatus' | 'lastError' | 'nextAttemptAt' | 'deliveredAt'
>;

export interface WebhooksRepository {
  secretOf(userId: number): Promise<WebhookSecretRow | undefined>;
  /** Stores the user's first secret; a concurrent first call's secret wins and is returned. */
  createSecret(userId: number, secret: string): Promise<WebhookSecretRow>;
  /** Replaces the secret; the one it replaces keeps signing until `previousUntil`. */
  rotateSecret(userId: number, secret: string, previousUntil: Date): Promise<WebhookSecretRow>;
  /** Records a message; undefined when this job's event was already recorded (another replica did). */
  recordDelivery(delivery: NewWebhookDelivery): Promise<WebhookDeliveryRow | undefined>;
  findDelivery(id: string): Promise<WebhookDeliveryRow | undefined>;
  recordAttempt(id: string, attempt: AttemptRecord): Promise<void>;
  /** The owner's deliveries, newest first, after the cursor. */
  deliveriesOf(userId: number, after: Cursor | undefined, limit: number): Promise<WebhookDeliveryRow[]>;
  /** Account deletion: the user's secret and deliveries; resolves how many deliveries there were. */
  deleteUserData(userId: number): Promise<number>;
}

const MESSAGE_ID = /^msg_[0-9a-f]{32}$/;

/** On (created_at, id), newest first: the cursor's key and id are client text, so both are checked first. */
function olderThan(after: Cursor | undefined): SQL | undefined {
  if (!after) return undefined;
  if (Number.isNaN(Date.parse(after.key)) || !MESSAGE_ID.test(after.id)) {
    throw new AppError('invalid_argument', 'Invalid cursor', 'invalid_cursor');
  }
  return sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${after.key}::timestamptz, ${after.id})`;
}

export function createWebhooksRepository(db: Database<typeof schema>): WebhooksRepository {
  const secretOf = async (userId: number) => {
    const [row] = await db.select().from(webhookSecrets).where(eq(webhookSecrets.userId, userId)).limit(1);
    return row;
  };
  return {
    secretOf,
    async createSecret(userId, secret) {
      await db.insert(webhookSecrets).values({ userId, secret }).onConflictDoNothing();
      return (await secretOf(userId))!;
    },
    async rotateSecret(userId, secret, previousUntil) {
      const [row] = await db
        .insert(webhookSecrets)
        .values({ userId, secret })
        .onConflictDoUpdate({
          target: webhookSecrets.userId,
          set: {
            previousSecret: sql`${webhookSecrets.secret}`,
            previousUntil,
            secret,
            createdAt: new Date(),
          },
        })
        .returning();
      return row!;
    },
    async recordDelivery(delivery) {
      const [row] = await db.insert(webhookDeliveries).values(delivery).onConflictDoNothing().returning();
      return row;
    },
    async findDelivery(id) {
      const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
      return row;
    },
    async recordAttempt(id, attempt) {
      await db
        .update(webhookDeliveries)
        .set({ ...attempt, updatedAt: new Date() })
        .where(eq(webhookDeliveries.id, id));
    },
    deliveriesOf(userId, after, limit) {
      return db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.userId, userId), olderThan(after)))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
    },
    async deleteUserData(userId) {
      await db.delete(webhookSecrets).where(eq(webhookSecrets.userId, userId));
      const deleted = await db
        .delete(webhookDeliveries)
        .where(eq(webhookDeliveries.userId, userId))
        .returning({ id: webhookDeliveries.id });
      return deleted.length;
    },
  };
}
