// The single row of system settings (id 1), written by admins and read on every generation request.
import type { Database } from '@pictura/common/database';
import { eq } from 'drizzle-orm';
import { type SettingsRow, type schema, settings } from './db/schema.ts';

export type SettingsValues = Pick<
  SettingsRow,
  | 'anonymousGeneratePerMinute'
  | 'maintenanceNotice'
  | 'defaultModel'
  | 'maxTagsPerPost'
  | 'defaultUpscaleModel'
  | 'defaultSafetyModel'
>;

export interface SettingsRepository {
  /** Undefined until an admin first saves the settings. */
  find(): Promise<SettingsRow | undefined>;
  save(values: SettingsValues, updatedBy: number): Promise<SettingsRow>;
}

const ROW_ID = 1;

export function createSettingsRepository(db: Database<typeof schema>): SettingsRepository {
  return {
    async find() {
      const [row] = await db.select().from(settings).where(eq(settings.id, ROW_ID)).limit(1);
      return row;
    },
    async save(values, updatedBy) {
      const changes = { ...values, updatedBy, updatedAt: new Date() };
      const [row] = await db
        .insert(settings)
        .values({ id: ROW_ID, ...changes })
        .onConflictDoUpdate({ target: settings.id, set: changes })
        .returning();
      return row!;
    },
  };
}
