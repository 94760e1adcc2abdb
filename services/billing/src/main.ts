// Composition root of the billing service.
import { baseConfigShape, configTypes, loadConfig } from '@pictura/common/config';
import { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import { startServiceHost } from '@pictura/common/service-host';
import { billingGrpc } from './billing.grpc.ts';
import { schema } from './db/schema.ts';
import { createSubscriptionsRepository } from './subscriptions.repository.ts';

const config = loadConfig({ ...baseConfigShape, METRICS_PORT: configTypes.port.default(9102) });
const host = await startServiceHost({
  service: 'billing',
  config,
  address: config.BILLING_ADDR,
  schema,
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
host.server.add(BillingService, billingGrpc(createSubscriptionsRepository(host.database.db)));
await host.listen();
