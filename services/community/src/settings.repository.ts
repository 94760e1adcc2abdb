// The single row of community settings (id 1), written by admins and read whenever a post is published.
import type { AuditRecord } from '@pictura/common/audit-log';
import type { Database } from '@pictura/common/database';
import { eq } from 'drizzle-orm';
import { createCommunityAuditLog } from './audit-log.repository.ts';
import { type SettingsRow, type schema, settings } from './db/schema.ts';

export type SettingsValues = Pick<SettingsRow, 'maxTagsPerPost'>;

export interface SettingsRepository {
  /** Undefined until an admin first saves or the value is taken over from jobs. */
  find(): Promise<SettingsRow | undefined>;
  /** With `audit`, the admin's audit entry is written in the same transaction. */
  save(values: SettingsValues, updatedBy: number, audit?: AuditRecord): Promise<SettingsRow>;
  /** Writes the row only if there is none yet: an admin's save made meanwhile wins. */
  saveFirst(values: SettingsValues): Promise<void>;
}

const ROW_ID = 1;

export function createSettingsRepository(db: Database<typeof schema>): SettingsRepository {
  const auditLog = createCommunityAuditLog(db);
  return {
    async find() {
      const [row] = await db.select().from(settings).where(eq(settings.id, ROW_ID)).limit(1);
      return row;
    },
    save(values, updatedBy, audit) {
      return db.transaction(async (tx) => {
        const changes = { ...values, updatedBy, updatedAt: new Date() };
        const [row] = await tx
          .insert(settings)
          .values({ id: ROW_ID, ...changes })
          .onConflictDoUpdate({ target: settings.id, set: changes })
          .returning();
        if (audit) await auditLog.record(audit, tx);
        return row!;
      });
    },
    async saveFirst(values) {
      await db
        .insert(settings)
        .values({ id: ROW_ID, ...values, updatedBy: 0 })
        .onConflictDoNothing();
    },
  };
}
