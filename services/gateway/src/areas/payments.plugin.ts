// The payments area: plans, checkout and its return, subscriptions, payments, support requests, and
// the test checkout pages. Billing owns all of it.
import type { FastifyInstance } from 'fastify';
import type { BillingClient } from '../clients.ts';
import type { GatewayConfig } from '../config.ts';
import { paymentsRoutes } from '../routes/payments.routes.ts';

export interface PaymentsAreaDeps {
  billing: BillingClient;
  /** Where a checkout may return to: PUBLIC_URL's origin and the allowed ones. */
  config: Pick<GatewayConfig, 'PUBLIC_URL'> & Partial<Pick<GatewayConfig, 'ALLOWED_ORIGINS'>>;
}

export async function paymentsArea(app: FastifyInstance, deps: PaymentsAreaDeps): Promise<void> {
  await app.register(paymentsRoutes, deps);
}
