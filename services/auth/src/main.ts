// Composition root of the auth service.
import { join } from 'node:path';
import { AuthService } from '@pictura/common/gen/auth/v1/auth_pb';
import { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { startServiceHost } from '@pictura/common/service-host';
import { composeAuth } from './auth.compose.ts';
import { loadAuthConfig } from './config.ts';
import { schema } from './db/schema.ts';
import { createMailer, defaultSender } from './mailer.repository.ts';
import { createPlanApiAccess, PLAN_ACCESS_CACHE_MAX_MS } from './plan-access.repository.ts';
import { createSigningKeys, loadOrCreateKeyFile, parseSigningKeys } from './signing-keys.ts';

const config = loadAuthConfig();

const host = await startServiceHost({
  service: 'auth',
  config,
  address: config.AUTH_ADDR,
  schema,
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
const privateKeys = config.AUTH_SIGNING_KEYS
  ? parseSigningKeys(config.AUTH_SIGNING_KEYS)
  : [loadOrCreateKeyFile(join(config.DATA_DIR, 'auth', 'signing-key.pem'))];
const keys = await createSigningKeys(privateKeys);
if (!config.AUTH_SIGNING_KEYS && config.NODE_ENV === 'production') {
  // Each replica would make its own key, and the gateway would refuse tokens of every replica but one.
  host.logger.warn(
    'AUTH_SIGNING_KEYS is not set: this replica signs with a key of its own (DATA_DIR), so sign-ins fail ' +
      'across replicas. Give every replica the same value: npm run -s admin -- signing-keys new',
  );
}
// Billing decides whose plan includes API access (Enterprise).
const billing = createServiceClient(BillingService, config.BILLING_ADDR, host.clientSettings);
host.shutdown.add('billing client', async () => billing.close());
// Account-recovery mail (reset links, address confirmation); without SMTP_URL both are off.
const mailer = createMailer({
  smtpUrl: config.SMTP_URL,
  from: config.MAIL_FROM ?? defaultSender(config.PUBLIC_URL),
});
if (!mailer.enabled) host.logger.info('SMTP_URL is not set: password reset by e-mail is off');
const auth = composeAuth({
  db: host.database.db,
  keys,
  logger: host.logger,
  accounts: {
    sessionTtlMs: config.AUTH_SESSION_DAYS * 24 * 3600_000,
    pairFailuresBeforeCheck: config.AUTH_SIGN_IN_FAILURES_BEFORE_CHECK,
    registrationsBeforeCheck: config.AUTH_REGISTRATIONS_BEFORE_CHECK,
  },
  planApiAccess: createPlanApiAccess(billing, PLAN_ACCESS_CACHE_MAX_MS),
  mailer,
  recovery: { publicUrl: config.PUBLIC_URL },
  google: {
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
  },
});
host.server.add(AuthService, auth.grpc);
host.shutdown.add('recovery mail', async () => {
  await auth.recovery.settled();
  mailer.close();
});
host.logger.info({ kid: keys.current.kid, keys: privateKeys.length }, 'token signing keys loaded');
await host.listen();
