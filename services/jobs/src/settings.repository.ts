// The single row of system settings (id 1), written by admins and read on every generation request.
import type { AuditRecord } from '@pictura/common/audit-log';
import type { Database } from '@pictura/common/database';
import { eq } from 'drizzle-orm';
import { createJobsAuditLog } from './audit-log.repository.ts';
import { type SettingsRow, type schema, settings } from './db/schema.ts';

export type SettingsValues = Pick<
  SettingsRow,
  | 'anonymousGeneratePerMinute'
  | 'maintenanceNotice'
  | 'defaultModel'
  | 'defaultUpscaleModel'
  | 'defaultSafetyModel'
>;

export interface SettingsRepository {
  /** Undefined until an admin first saves the settings. */
  find(): Promise<SettingsRow | undefined>;
  /** With `audit`, the admin's audit entry is written in the same transaction. */
  save(values: SettingsValues, updatedBy: number, audit?: AuditRecord): Promise<SettingsRow>;
}

const ROW_ID = 1;

export function createSettingsRepository(db: Database<typeof schema>): SettingsRepository {
  const auditLog = createJobsAuditLog(db);
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
  };
}
