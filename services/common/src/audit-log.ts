// The admin audit log: who did what to which thing, what it was before and after, and when. Each service
// keeps the entries of the actions on its own data in its own `audit_log` table (the shape below, one
// definition for all), append-only: the code has no update or delete path, and on the database a trigger
// refuses UPDATE and DELETE (see each service's audit-log migration). The gateway merges the services'
// pages by time; the order (created_at, id) newest first is the same everywhere, so one cursor serves all.
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgSchema } from 'drizzle-orm/pg-core';
import { index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AppError } from './app-error.ts';
import { type Cursor, decodeCursor, encodeCursor, pageLimit } from './cursor.ts';
import { afterTime } from './keyset.ts';

/** The services that keep an audit log: the `area` filter of the admin page. */
export const AUDIT_AREAS = ['auth', 'community', 'jobs', 'billing'] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

/** One action, as a service records it. `before`/`after` hold only the fields the action changed. */
export interface AuditRecord {
  actorId: number;
  /** `<thing>.<verb>`, e.g. `user.ban`, `post.hide`, `settings.update`. */
  action: string;
  targetType: string;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export interface AuditEntry extends Required<AuditRecord> {
  id: string;
  createdAt: Date;
}

export interface AuditFilter {
  actorId?: number;
  action?: string;
  targetId?: string;
  /** Inclusive. */
  since?: Date;
  /** Exclusive. */
  until?: Date;
}

/** The table, in the service's own PostgreSQL schema. No foreign keys: entries outlive what they name. */
export function auditLogTable(schema: PgSchema) {
  return schema.table(
    'audit_log',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      actorId: integer('actor_id').notNull(),
      action: text('action').notNull(),
      targetType: text('target_type').notNull(),
      targetId: text('target_id').notNull(),
      before: jsonb('before').$type<Record<string, unknown> | null>(),
      after: jsonb('after').$type<Record<string, unknown> | null>(),
      // Millisecond precision, so a cursor made from a JS Date matches the stored value exactly.
      createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    },
    (t) => [
      index('audit_log_created_idx').on(t.createdAt, t.id),
      index('audit_log_actor_idx').on(t.actorId, t.createdAt),
      index('audit_log_target_idx').on(t.targetId, t.createdAt),
    ],
  );
}

export type AuditLogTable = ReturnType<typeof auditLogTable>;
// biome-ignore lint/suspicious/noExplicitAny: any service's schema; only this table is touched.
type AnyDatabase = PgDatabase<PgQueryResultHKT, any>;
/** A database or an open transaction: an action's entry is written in the action's own transaction. */
export type AuditWriter = Pick<AnyDatabase, 'insert'>;

export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string;
}

export interface AuditLogRepository {
  /** Appends one entry; pass the action's transaction so both are kept or neither. */
  record(entry: AuditRecord, writer?: AuditWriter): Promise<void>;
  /** Newest first, after the cursor. */
  list(filter: AuditFilter, after: Cursor | undefined, limit: number): Promise<AuditPage>;
}

export function createAuditLogRepository(db: AnyDatabase, table: AuditLogTable): AuditLogRepository {
  return {
    async record(entry, writer = db) {
      await writer.insert(table).values({
        actorId: entry.actorId,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },
    async list(filter, after, limit) {
      const conditions: (SQL | undefined)[] = [
        filter.actorId ? eq(table.actorId, filter.actorId) : undefined,
        filter.action ? eq(table.action, filter.action) : undefined,
        filter.targetId ? eq(table.targetId, filter.targetId) : undefined,
        filter.since ? gte(table.createdAt, filter.since) : undefined,
        filter.until ? lt(table.createdAt, filter.until) : undefined,
        afterTime(table.createdAt, table.id, after),
      ];
      const rows = await db
        .select()
        .from(table)
        .where(and(...conditions))
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(limit + 1);
      const entries = rows.slice(0, limit) as AuditEntry[];
      const last = entries.at(-1);
      return {
        entries,
        nextCursor:
          rows.length > limit && last ? encodeCursor({ key: last.createdAt.toISOString(), id: last.id }) : '',
      };
    },
  };
}

/** The list request every service's ListAuditLog takes (proto audit.v1.ListAuditLogRequest). */
export interface AuditListRequest {
  callerId: number;
  actorId: number;
  action: string;
  targetId: string;
  since: string;
  until: string;
  cursor: string;
  limit: number;
}

function timeOf(value: string, field: string): Date | undefined {
  if (value === '') return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    throw new AppError('invalid_argument', `${field} must be a date and time`, 'invalid_option');
  }
  return new Date(time);
}

/** Checks the caller is an admin, then reads one page: the body of every service's ListAuditLog. */
export async function listAuditLog(
  deps: { admin: { requireAdmin(callerId: number): Promise<unknown> }; log: AuditLogRepository },
  request: AuditListRequest,
) {
  await deps.admin.requireAdmin(request.callerId);
  const filter: AuditFilter = {
    actorId: request.actorId > 0 ? request.actorId : undefined,
    action: request.action.trim().slice(0, 100) || undefined,
    targetId: request.targetId.trim().slice(0, 200) || undefined,
    since: timeOf(request.since, 'since'),
    until: timeOf(request.until, 'until'),
  };
  const page = await deps.log.list(filter, decodeCursor(request.cursor), pageLimit(request.limit, 100, 50));
  return { entries: page.entries.map(auditEntryMessage), nextCursor: page.nextCursor };
}

export type AuditLogLister = (request: AuditListRequest) => ReturnType<typeof listAuditLog>;

/** A service's ListAuditLog rpc body, over its admin check and its log. */
export const auditLogLister =
  (admin: { requireAdmin(callerId: number): Promise<unknown> }, log: AuditLogRepository): AuditLogLister =>
  (request) =>
    listAuditLog({ admin, log }, request);

/** An entry as the proto message audit.v1.AuditEntry carries it. */
export function auditEntryMessage(entry: AuditEntry) {
  return {
    id: entry.id,
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    beforeJson: entry.before ? JSON.stringify(entry.before) : '',
    afterJson: entry.after ? JSON.stringify(entry.after) : '',
    createdAt: entry.createdAt.toISOString(),
  };
}

/** The merge key shared by every service's order: newest first, ties by id (uuid order is text order). */
export function newerFirst(
  a: { createdAt: string; id: string },
  b: { createdAt: string; id: string },
): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export { encodeCursor as encodeAuditCursor };
