// Each service owns its data: its tables live in a PostgreSQL schema named after it, on a PostgreSQL
// server when DATABASE_URL is set, else in embedded PGlite under DATA_DIR/<service>/ (memory:// for tests).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

export type Database<TSchema extends Record<string, unknown>> = PgDatabase<PgQueryResultHKT, TSchema>;

export interface ServiceDatabase<TSchema extends Record<string, unknown>> {
  db: Database<TSchema>;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export interface DatabaseOptions<TSchema extends Record<string, unknown>> {
  /** Names the PGlite folder and the migration table; the tables sit in a schema of this name. */
  service: string;
  dataDir: string;
  /** postgres://… for a server; memory:// for an in-memory PGlite; unset for PGlite on disk. */
  databaseUrl?: string;
  schema: TSchema;
  migrationsFolder: string;
  poolSize?: number;
}

/** Opens the service's database and applies its migrations before anything else touches it. */
export async function openDatabase<TSchema extends Record<string, unknown>>(
  options: DatabaseOptions<TSchema>,
): Promise<ServiceDatabase<TSchema>> {
  const migrationConfig = {
    migrationsFolder: options.migrationsFolder,
    // Not the service's own schema: its first migration creates that schema.
    migrationsSchema: 'drizzle',
    migrationsTable: `${options.service}_migrations`,
  };
  const url = options.databaseUrl;
  if (url?.startsWith('postgres://') || url?.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      // While the server restarts, a request waits at most this long for a connection, then gets a 503.
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection broken by a server restart emits 'error' on the pool; unheard, that would end the
    // process. The pool drops the connection and opens a new one on the next query.
    pool.on('error', () => {});
    // One advisory lock for every service's migrations in a database: replicas of a service, and services
    // sharing a database, migrate one at a time (CREATE SCHEMA IF NOT EXISTS is not safe against a race).
    const client = await pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock(hashtext('pictura:migrations'))");
      await migratePg(drizzlePg(client), migrationConfig);
      await client.query("SELECT pg_advisory_unlock(hashtext('pictura:migrations'))");
    } finally {
      client.release();
    }
    const db = drizzlePg(pool, { schema: options.schema }) as unknown as Database<TSchema>;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let dir: string | undefined;
  if (url === undefined) {
    dir = join(options.dataDir, options.service, 'pgdata');
    mkdirSync(dir, { recursive: true });
  } else if (url !== 'memory://') {
    throw new Error(
      `DATABASE_URL must be postgres://…, postgresql://… or memory://, not ${new URL(url).protocol}`,
    );
  }
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema: options.schema });
  await migratePglite(db, migrationConfig);
  return { db: db as unknown as Database<TSchema>, kind: 'pglite', close: () => client.close() };
}
