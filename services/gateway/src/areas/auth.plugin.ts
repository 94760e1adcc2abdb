// The account area: sign-in, Google sign-in, the user's own account and API keys, account
// recovery, and the admin's user list. Every route here is a call of the auth service.
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticate.ts';
import type { AuthClient } from '../clients.ts';
import { accountRecoveryRoutes } from '../routes/account-recovery.routes.ts';
import { adminUsersRoutes } from '../routes/admin-users.routes.ts';
import { apiKeysRoutes } from '../routes/api-keys.routes.ts';
import { UserBody } from '../routes/auth.schemas.ts';
import { authGoogleRoutes } from '../routes/auth-google.routes.ts';
import { authSignInRoutes } from '../routes/auth-sign-in.routes.ts';
import { userAccountRoutes } from '../routes/user-account.routes.ts';
import type { SecurityCheck } from '../security-check.ts';
import type { UserDataClients } from '../user-data.ts';

export interface AuthAreaDeps {
  auth: AuthClient;
  /** Forgets a session's cached check when it signs out or its account goes. */
  authenticator: Authenticator;
  publicUrl: string;
  /** Tests only: default webhook URLs of API keys on loopback (ALLOW_LOOPBACK_FETCH). */
  allowLoopbackFetch: boolean;
  securityCheck: SecurityCheck;
  /** The services holding user data; without them only the account itself is deleted, and a ban hides no posts. */
  userData?: UserDataClients;
}

export async function authArea(app: FastifyInstance, deps: AuthAreaDeps): Promise<void> {
  const { auth, authenticator, userData } = deps;
  // The user as every part below answers it (Type.Ref('User')).
  app.addSchema(UserBody);
  await app.register(authSignInRoutes, { auth, authenticator, securityCheck: deps.securityCheck });
  await app.register(authGoogleRoutes, { auth, publicUrl: deps.publicUrl });
  await app.register(userAccountRoutes, { auth, authenticator, ...(userData ? { services: userData } : {}) });
  await app.register(apiKeysRoutes, { auth, allowLoopbackFetch: deps.allowLoopbackFetch });
  await app.register(adminUsersRoutes, { auth, ...(userData ? { services: userData } : {}) });
  await app.register(accountRecoveryRoutes, { auth });
}
