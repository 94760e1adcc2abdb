// Community's admin audit log (report decisions, hidden, restored and deleted posts), in community's own schema.
import { type AuditLogRepository, createAuditLogRepository } from '@pictura/common/audit-log';
import type { Database } from '@pictura/common/database';
import { auditLog, type schema } from './db/schema.ts';

export const createCommunityAuditLog = (db: Database<typeof schema>): AuditLogRepository =>
  createAuditLogRepository(db, auditLog);
