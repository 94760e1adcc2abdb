// Keyset paging, newest (or highest) first, ties broken by id: each page starts strictly after the last
// item of the previous one, so items arriving meanwhile shift nothing (no repeats, no skips).
import { and, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './app-error.ts';
import type { Cursor } from './cursor.ts';

/** On (created_at, id): the condition for "after this cursor". */
export function olderThan(createdAt: PgColumn, id: PgColumn, after: Cursor | undefined): SQL | undefined {
  if (!after) return undefined;
  const at = new Date(after.key);
  return or(lt(createdAt, at), and(eq(createdAt, at), lt(id, after.id)));
}

// The row-comparison forms below, unlike `a < x OR (a = x AND id < y)`, are an index bound: deep pages cost
// what the first one does. They take uuid ids and check the client-supplied cursor before it reaches SQL.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

const invalid = () => new AppError('invalid_argument', 'Invalid cursor', 'invalid_cursor');

/** A cursor's key is client-supplied text: check it parses before it reaches SQL. */
export function afterTime(key: PgColumn, id: PgColumn, after: Cursor | undefined): SQL | undefined {
  if (!after) return undefined;
  if (Number.isNaN(Date.parse(after.key)) || !isUuid(after.id)) throw invalid();
  return sql`(${key}, ${id}) < (${after.key}::timestamptz, ${after.id}::uuid)`;
}

export function afterScore(key: PgColumn, id: PgColumn, after: Cursor | undefined): SQL | undefined {
  if (!after) return undefined;
  const score = Number(after.key);
  if (after.key === '' || !Number.isFinite(score) || !isUuid(after.id)) throw invalid();
  return sql`(${key}, ${id}) < (${score}::double precision, ${after.id}::uuid)`;
}
