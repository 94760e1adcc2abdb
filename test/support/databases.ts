// A fresh database per test file, on both engines the product supports: PostgreSQL and PGlite.
import { randomBytes } from 'node:crypto';
import { openDatabase, type ServiceDatabase } from '@pictura/common/database';
import pg from 'pg';
import { inject } from 'vitest';

export type Engine = 'postgres' | 'pglite';
export const ENGINES: Engine[] = ['postgres', 'pglite'];

/** Creates an empty PostgreSQL database and returns its URL and a function that drops it. */
export async function createScratchDatabase(
  adminUrl: string = inject('postgresUrl'),
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pictura_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // A pool reports itself closed once each connection has been asked to end, before the server has
        // let it go. Wait for those to leave, so FORCE cuts nobody off: a client cut off while ending
        // raises an error that no one listens to any more.
        for (let attempt = 0; attempt < 100; attempt++) {
          const { rows } = await client.query<{ open: number }>(
            'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0]?.open === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Opens a service's schema on a fresh database of the given engine, migrated; close() also drops it. */
export async function openTestDatabase<TSchema extends Record<string, unknown>>(
  engine: Engine,
  options: { service: string; schema: TSchema; migrationsFolder: string },
): Promise<ServiceDatabase<TSchema>> {
  if (engine === 'pglite') {
    return openDatabase({ ...options, dataDir: '', databaseUrl: 'memory://' });
  }
  const scratch = await createScratchDatabase();
  const database = await openDatabase({ ...options, dataDir: '', databaseUrl: scratch.url, poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
