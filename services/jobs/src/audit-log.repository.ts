// Jobs' admin audit log (system settings, model installs and defaults), in jobs' own schema.
import { type AuditLogRepository, createAuditLogRepository } from '@pictura/common/audit-log';
import type { Database } from '@pictura/common/database';
import { auditLog, type schema } from './db/schema.ts';

export const createJobsAuditLog = (db: Database<typeof schema>): AuditLogRepository =>
  createAuditLogRepository(db, auditLog);
