// Auth's admin audit log (bans, roles, password resets by an admin), in auth's own schema.
import { type AuditLogRepository, createAuditLogRepository } from '@pictura/common/audit-log';
import type { Database } from '@pictura/common/database';
import { auditLog, type schema } from './db/schema.ts';

export const createAuthAuditLog = (db: Database<typeof schema>): AuditLogRepository =>
  createAuditLogRepository(db, auditLog);
