// An auth service over a fresh database of either engine, for this service's tests.
import { generateKeyPairSync } from 'node:crypto';
import type { ServiceDatabase } from '@pictura/common/database';
import { createLogger } from '@pictura/common/logger';
import { type Engine, openTestDatabase } from '../../../test/support/databases.ts';
import { composeAuth } from '../src/auth.compose.ts';
import { schema } from '../src/db/schema.ts';
import { createSigningKeys, type SigningKeys } from '../src/signing-keys.ts';

type AuthDeps = Parameters<typeof composeAuth>[0];
/** What a test may set; the rest (fresh signing key, silent logger, no Google) is the same everywhere. */
export type TestAuthOptions = Partial<Omit<AuthDeps, 'db'>>;

export interface AuthFixture {
  database: ServiceDatabase<typeof schema>;
  keys: SigningKeys;
  auth: ReturnType<typeof composeAuth>;
}

/** Composes auth over `db`; several may share one database, as replicas do. */
export async function composeTestAuth(db: AuthDeps['db'], options: TestAuthOptions = {}) {
  const keys = options.keys ?? (await createSigningKeys([generateKeyPairSync('ed25519').privateKey]));
  const auth = composeAuth({ logger: createLogger('auth', 'silent'), google: {}, ...options, db, keys });
  return { keys, auth };
}

/** Auth over a fresh, migrated database of `engine`; `database.close()` drops it. */
export async function openTestAuth(engine: Engine, options: TestAuthOptions = {}): Promise<AuthFixture> {
  const database = await openTestDatabase(engine, {
    service: 'auth',
    schema,
    migrationsFolder: new URL('../migrations', import.meta.url).pathname,
  });
  return { database, ...(await composeTestAuth(database.db, options)) };
}
