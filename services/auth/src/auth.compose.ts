// Wires the auth service's parts over one database; main.ts and the tests share it.
import type { Database } from '@pictura/common/database';
import type { Logger } from '@pictura/common/logger';
import { type AccountsSettings, createAccountsService } from './accounts.service.ts';
import { createApiKeysRepository } from './api-keys.repository.ts';
import { createApiKeysService } from './api-keys.service.ts';
import { createAuthAuditLog } from './audit-log.repository.ts';
import { authGrpc } from './auth.grpc.ts';
import type { schema } from './db/schema.ts';
import { createGoogleSignIn, type GoogleSignInSettings } from './google-sign-in.service.ts';
import { disabledMailer, type Mailer } from './mailer.repository.ts';
import { createArgon2Hasher, type PasswordHasher } from './password-hasher.ts';
import type { PlanApiAccess } from './plan-access.repository.ts';
import { createRecoveryService, type RecoverySettings } from './recovery.service.ts';
import { createRecoveryTokensRepository } from './recovery-tokens.repository.ts';
import {
  createLoginThrottleRepository,
  createOAuthRepository,
  createSessionsRepository,
} from './sessions.repository.ts';
import type { SigningKeys } from './signing-keys.ts';
import { createUserStatsRepository } from './user-stats.repository.ts';
import { createUsersRepository } from './users.repository.ts';

export function composeAuth(deps: {
  db: Database<typeof schema>;
  keys: SigningKeys;
  logger: Logger;
  google: Partial<GoogleSignInSettings>;
  accounts?: Partial<AccountsSettings>;
  hasher?: PasswordHasher;
  /** Whether a user's plan includes API access (billing); without it only admins have API keys. */
  planApiAccess?: PlanApiAccess;
  /** Account-recovery mail; without a mailer, reset and verification by e-mail are off. */
  mailer?: Mailer;
  recovery?: Partial<RecoverySettings>;
}) {
  const users = createUsersRepository(deps.db);
  const userStats = createUserStatsRepository(deps.db);
  const accounts = createAccountsService({
    users,
    sessions: createSessionsRepository(deps.db),
    throttle: createLoginThrottleRepository(deps.db),
    hasher: deps.hasher ?? createArgon2Hasher(),
    keys: deps.keys,
    userStats,
    auditLog: createAuthAuditLog(deps.db),
    settings: deps.accounts,
  });
  const google = createGoogleSignIn({
    settings: {
      issuer: 'https://accounts.google.com',
      stateTtlMs: 10 * 60_000,
      handoffTtlMs: 2 * 60_000,
      ...deps.google,
    },
    oauth: createOAuthRepository(deps.db),
    users,
    accounts,
    logger: deps.logger,
  });
  const apiKeys = createApiKeysService({
    keys: createApiKeysRepository(deps.db),
    users,
    userStats,
    planApiAccess: deps.planApiAccess,
  });
  const recovery = createRecoveryService({
    users,
    sessions: createSessionsRepository(deps.db),
    throttle: createLoginThrottleRepository(deps.db),
    tokens: createRecoveryTokensRepository(deps.db),
    hasher: deps.hasher ?? createArgon2Hasher(),
    mailer: deps.mailer ?? disabledMailer,
    logger: deps.logger,
    settings: deps.recovery,
  });
  return {
    accounts,
    google,
    apiKeys,
    recovery,
    grpc: authGrpc({ accounts, google, apiKeys, recovery, keys: deps.keys }),
  };
}
