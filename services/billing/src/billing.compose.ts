// Wires the billing service's parts over one database; main.ts and the tests share it.
import type { AdminCheck } from '@pictura/common/admin-check';
import { auditLogLister } from '@pictura/common/audit-log';
import type { Database } from '@pictura/common/database';
import type { Logger } from '@pictura/common/logger';
import { billingGrpc } from './billing.grpc.ts';
import { createCheckoutService } from './checkout.service.ts';
import type { schema } from './db/schema.ts';
import { createLedger } from './ledger.repository.ts';
import { createPlanGrantsService } from './plan-grants.service.ts';
import { createProviderEventsService } from './provider-events.service.ts';
import { createReturnSigner } from './return-signature.ts';
import type { StripePaymentProvider } from './stripe-payment.provider.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';
import { createSupportRequestsRepository } from './support-requests.repository.ts';
import { createSupportRequestsService } from './support-requests.service.ts';
import { createTestPaymentProvider } from './test-payment.provider.ts';

export interface BillingSettings {
  publicUrl: string;
  testMode: boolean;
  signingSecret: string;
}

export function composeBilling(deps: {
  db: Database<typeof schema>;
  logger: Logger;
  settings: BillingSettings;
  admins: AdminCheck;
  stripe?: StripePaymentProvider;
  /** The time; tests move it forward to see periods end. */
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  const ledger = createLedger(deps.db);
  const events = createProviderEventsService({ ledger, logger: deps.logger });
  const test = createTestPaymentProvider({ publicUrl: deps.settings.publicUrl, clock });
  const providers = { test, ...(deps.stripe ? { stripe: deps.stripe } : {}) };
  const checkout = createCheckoutService({
    ledger,
    events,
    signer: createReturnSigner(deps.settings.signingSecret),
    providers,
    settings: deps.settings,
    logger: deps.logger,
  });
  const subscriptions = createSubscriptionsService({
    ledger,
    providers,
    testMode: deps.settings.testMode,
    clock,
  });
  const support = createSupportRequestsService({
    requests: createSupportRequestsRepository(deps.db),
    entitlements: (userId) => subscriptions.entitlements(userId),
    admins: deps.admins,
    clock,
  });
  const grants = createPlanGrantsService({ ledger, admins: deps.admins, clock });
  const grpc = billingGrpc({
    checkout,
    subscriptions,
    support,
    grants,
    events,
    stripe: deps.stripe,
    testMode: deps.settings.testMode,
    auditLog: auditLogLister(deps.admins, ledger.audit),
  });
  return { ledger, events, checkout, subscriptions, support, grants, grpc };
}
