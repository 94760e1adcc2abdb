// Keyset paging on (created_at, id), newest first: the condition for "after this cursor".
import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Cursor } from './cursor.ts';

export function olderThan(createdAt: PgColumn, id: PgColumn, after: Cursor | undefined): SQL | undefined {
  if (!after) return undefined;
  const at = new Date(after.key);
  return or(lt(createdAt, at), and(eq(createdAt, at), lt(id, after.id)));
}
