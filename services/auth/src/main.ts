// Composition root of the auth service.
import { join } from 'node:path';
import { baseConfigShape, configTypes, loadConfig } from '@pictura/common/config';
import { AuthService } from '@pictura/common/gen/auth/v1/auth_pb';
import { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { startServiceHost } from '@pictura/common/service-host';
import { z } from 'zod';
import { composeAuth } from './auth.compose.ts';
import { schema } from './db/schema.ts';
import { createPlanApiAccess, PLAN_ACCESS_CACHE_MAX_MS } from './plan-access.repository.ts';
import { createSigningKeys, loadOrCreateKeyFile, parseSigningKeys } from './signing-keys.ts';

const config = loadConfig({
  ...baseConfigShape,
  METRICS_PORT: configTypes.port.default(9101),
  /** JSON list of private keys (PKCS#8 PEM or JWK, Ed25519 or P-256); the first signs, all verify. */
  AUTH_SIGNING_KEYS: z
    .string()
    .optional()
    .refine((value) => {
      if (value === undefined) return true;
      try {
        return parseSigningKeys(value).length > 0;
      } catch {
        return false;
      }
    }, 'expected a PEM private key or a JSON list of PEM private keys or private JWKs (Ed25519 or P-256)'),
  AUTH_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
});

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
const auth = composeAuth({
  db: host.database.db,
  keys,
  logger: host.logger,
  accounts: { sessionTtlMs: config.AUTH_SESSION_DAYS * 24 * 3600_000 },
  planApiAccess: createPlanApiAccess(billing, PLAN_ACCESS_CACHE_MAX_MS),
  google: {
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
  },
});
host.server.add(AuthService, auth.grpc);
host.logger.info({ kid: keys.current.kid, keys: privateKeys.length }, 'token signing keys loaded');
await host.listen();
