// Composition root of the billing service.
import { join } from 'node:path';
import { createAdminCheck } from '@pictura/common/admin-check';
import { loadConfig } from '@pictura/common/config';
import { AuthService } from '@pictura/common/gen/auth/v1/auth_pb';
import { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { startServiceHost } from '@pictura/common/service-host';
import { composeBilling } from './billing.compose.ts';
import { billingConfigShape, testModeOf } from './billing.config.ts';
import { schema } from './db/schema.ts';
import { loadOrCreateSecretFile } from './return-signature.ts';
import { createStripeClient, createStripePaymentProvider } from './stripe-payment.provider.ts';

const config = loadConfig(billingConfigShape);
const host = await startServiceHost({
  service: 'billing',
  config,
  address: config.BILLING_ADDR,
  schema,
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
// Auth owns roles: the admin-only support list asks it who is an admin.
const auth = createServiceClient(AuthService, config.AUTH_ADDR, host.clientSettings);
host.shutdown.add('auth client', async () => auth.close());
const stripe = config.STRIPE_SECRET_KEY
  ? createStripePaymentProvider({
      stripe: createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE }),
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    })
  : undefined;
const testMode = testModeOf(config);
const billing = composeBilling({
  db: host.database.db,
  logger: host.logger,
  settings: {
    publicUrl: config.PUBLIC_URL,
    testMode,
    signingSecret:
      config.BILLING_SIGNING_SECRET ??
      loadOrCreateSecretFile(join(config.DATA_DIR, 'billing', 'signing-secret')),
  },
  admins: createAdminCheck(auth),
  stripe,
});
host.server.add(BillingService, billing.grpc);
host.logger.info({ testMode, stripe: Boolean(stripe) }, 'payment providers ready');
await host.listen();
