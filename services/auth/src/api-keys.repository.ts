import type { Database } from '@pictura/common/database';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { type ApiKeyRow, apiKeys, type schema } from './db/schema.ts';

export interface ApiKeysRepository {
  create(key: {
    id: string;
    userId: number;
    name: string;
    prefix: string;
    keyHash: string;
    webhookUrl?: string;
  }): Promise<ApiKeyRow>;
  /** The owner's keys that are not revoked. */
  listOf(userId: number): Promise<ApiKeyRow[]>;
  /** Revokes one of the owner's keys; false when the owner has no such key. */
  revoke(userId: number, id: string): Promise<boolean>;
  /** Sets the default webhook URL of one of the owner's live keys; undefined when the owner has no such key. */
  setWebhookUrl(userId: number, id: string, webhookUrl: string): Promise<ApiKeyRow | undefined>;
  /** An unrevoked key by hash, marking it used. */
  use(keyHash: string): Promise<ApiKeyRow | undefined>;
}

export function createApiKeysRepository(db: Database<typeof schema>): ApiKeysRepository {
  return {
    async create(key) {
      const [row] = await db.insert(apiKeys).values(key).returning();
      return row!;
    },
    listOf(userId) {
      return db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(asc(apiKeys.createdAt));
    },
    async revoke(userId, id) {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },
    async setWebhookUrl(userId, id, webhookUrl) {
      const [row] = await db
        .update(apiKeys)
        .set({ webhookUrl })
        .where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning();
      return row;
    },
    async use(keyHash) {
      const [row] = await db
        .update(apiKeys)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
        .returning();
      return row;
    },
  };
}
