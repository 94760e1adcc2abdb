// The real auth service (its gRPC server over a fresh database) in the test process, for gateway tests.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { ServiceDatabase } from '@pictura/common/database';
import { AuthService } from '@pictura/common/gen/auth/v1/auth_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { createGrpcServer } from '@pictura/common/grpc-server';
import { createLogger } from '@pictura/common/logger';
import type { AccountsSettings } from '../../services/auth/src/accounts.service.ts';
import { composeAuth } from '../../services/auth/src/auth.compose.ts';
import { schema } from '../../services/auth/src/db/schema.ts';
import type { GoogleSignInSettings } from '../../services/auth/src/google-sign-in.service.ts';
import { createSigningKeys, type SigningKeys } from '../../services/auth/src/signing-keys.ts';
import { type Engine, openTestDatabase } from './databases.ts';

export interface TestAuthService {
  client: ReturnType<typeof createServiceClient<typeof AuthService>>;
  keys: SigningKeys;
  signingKey: KeyObject;
  close(): Promise<void>;
}

export async function startAuthService(
  engine: Engine,
  options: { google?: Partial<GoogleSignInSettings>; accounts?: Partial<AccountsSettings> } = {},
): Promise<TestAuthService> {
  const database = await openTestDatabase(engine, {
    service: 'auth',
    schema,
    migrationsFolder: new URL('../../services/auth/migrations', import.meta.url).pathname,
  });
  const signingKey = generateKeyPairSync('ed25519').privateKey;
  const keys = await createSigningKeys([signingKey]);
  const served = await serveAuth(database.db, keys, options);
  return {
    client: served.client,
    keys,
    signingKey,
    async close() {
      await served.stop();
      await database.close();
    },
  };
}

/**
 * An auth gRPC server over `db`, signing with `keys`, and a client of it. Several may share one database, as
 * replicas do (the key-rotation tests restart auth with other keys over the same accounts).
 */
export async function serveAuth(
  db: ServiceDatabase<typeof schema>['db'],
  keys: SigningKeys,
  options: { google?: Partial<GoogleSignInSettings>; accounts?: Partial<AccountsSettings> } = {},
) {
  const logger = createLogger('auth', 'silent');
  // Gateway tests register many users from one address; the registration throttle has its own tests.
  const accounts = { maxRegistrationsPerIp: 1000, registrationsBeforeCheck: 1000, ...options.accounts };
  const auth = composeAuth({ db, keys, logger, google: options.google ?? {}, accounts });
  const server = createGrpcServer('auth', logger);
  server.add(AuthService, auth.grpc);
  const port = await server.listen('127.0.0.1', 0);
  const client = createServiceClient(AuthService, `127.0.0.1:${port}`, { deadlineMs: 5000 });
  return {
    client,
    async stop() {
      client.close();
      await server.shutdown();
    },
  };
}

/** Registers an administrator (the first account) and a member; their user ids. */
export async function registerAdminAndMember(
  auth: TestAuthService,
): Promise<{ admin: number; member: number }> {
  const ids = { admin: 0, member: 0 };
  for (const name of ['admin', 'member'] as const) {
    const signIn = await auth.client.register({
      username: name,
      password: 'a long enough password',
      clientIp: '127.0.0.1',
    });
    ids[name] = signIn.user!.id;
  }
  return ids;
}
