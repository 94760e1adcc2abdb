// Billing's admin audit log (plan grants, support request status), in billing's own schema.
import { type AuditLogRepository, createAuditLogRepository } from '@pictura/common/audit-log';
import type { Database } from '@pictura/common/database';
import { auditLog, type schema } from './db/schema.ts';

export const createBillingAuditLog = (db: Database<typeof schema>): AuditLogRepository =>
  createAuditLogRepository(db, auditLog);
