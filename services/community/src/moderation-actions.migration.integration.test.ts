// Migration 0004 drops moderation_actions, the moderators' record before audit_log: its rows from before
// audit_log are copied over first, and the rows audit_log already has a twin of are not copied twice.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase } from '../../../test/support/databases.ts';
import { schema } from './db/schema.ts';

const migrations = new URL('../migrations', import.meta.url).pathname;
const BEFORE_DROP = 4; // 0000…0003: the schema as it stood with moderation_actions

/** The migrations folder cut before the drop, so a test can write rows the old code wrote. */
function migrationsBeforeDrop(): string {
  const dir = mkdtempSync(join(tmpdir(), 'community-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  journal.entries = journal.entries.slice(0, BEFORE_DROP);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe.each(ENGINES)('dropping moderation_actions on %s', (engine) => {
  const folders: string[] = [];
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('copies the rows audit_log lacks, each once, then drops the table', async () => {
    const folder = migrationsBeforeDrop();
    folders.push(folder);
    const database = await openTestDatabase(engine, {
      service: 'community',
      schema,
      migrationsFolder: folder,
    });
    try {
      const { db } = database;
      const post = '11111111-1111-4111-8111-111111111111';
      const report = '22222222-2222-4222-8222-222222222222';
      const old = '2024-01-02T03:04:05.678Z';
      const recent = '2025-06-01T00:00:00.000Z';
      await db.execute(sql`
        INSERT INTO community.moderation_actions (admin_id, action, post_id, report_id, created_at) VALUES
          (1, 'approve_report', ${post}, ${report}, ${old}),
          (1, 'hide_post', ${post}, NULL, ${old}),
          (1, 'delete_post', ${post}, NULL, ${recent})`);
      // The recent action was written with its audit entry, in one transaction (same now()).
      await db.execute(sql`
        INSERT INTO community.audit_log (actor_id, action, target_type, target_id, before, after, created_at)
        VALUES (1, 'post.delete', 'post', ${post}, '{"title":"t","author_id":2,"hidden":true}', NULL, ${recent})`);

      const config = {
        migrationsFolder: migrations,
        migrationsSchema: 'drizzle',
        migrationsTable: 'community_migrations',
      };
      if (database.kind === 'pglite') await migratePglite(db as unknown as PgliteDatabase, config);
      else await migratePg(db as unknown as NodePgDatabase, config);

      const rows = await db
        .select()
        .from(schema.auditLog)
        .orderBy(schema.auditLog.createdAt, schema.auditLog.action);
      expect(rows.map((r) => [r.actorId, r.action, r.targetType, r.targetId, r.before, r.after])).toEqual([
        [1, 'post.hide', 'post', post, null, { hidden: true }],
        [
          1,
          'report.approve',
          'report',
          report,
          { status: 'open', post_id: post },
          { status: 'actioned', post_id: post, post_hidden: true },
        ],
        [1, 'post.delete', 'post', post, { title: 't', author_id: 2, hidden: true }, null],
      ]);
      expect(rows[0]!.createdAt.toISOString()).toBe(old);
      const left = (await db.execute(
        sql`SELECT to_regclass('community.moderation_actions')::text AS name`,
      )) as unknown as { rows: { name: string | null }[] };
      expect(left.rows[0]!.name).toBeNull();
    } finally {
      await database.close();
    }
  });
});
