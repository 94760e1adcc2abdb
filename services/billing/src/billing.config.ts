// Billing's configuration: the shared variables plus payments. Parsed once, in main.ts.
import { baseConfigShape, configTypes } from '@pictura/common/config';
import { z } from 'zod';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const billingConfigShape = {
  ...baseConfigShape,
  METRICS_PORT: configTypes.port.default(9102),
  /** The site's own origin: checkout pages and success pages live on it. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Stripe's secret key (sk_live_… or sk_test_…); unset: only the built-in test provider exists. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret of the Stripe webhook endpoint (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API address (the tests' local stand-in); Stripe's own when unset. */
  STRIPE_API_BASE: z.string().url().optional(),
  /**
   * Test mode (test checkout page, reset-test-user). Default: on when Stripe is not configured, except with
   * NODE_ENV=production (the images and manifests), where a free "payment" page would hand out paid plans.
   */
  PAYMENTS_TEST_MODE: flag.optional(),
  /** HMAC key of the payment return parameters; generated under DATA_DIR/billing when unset. */
  BILLING_SIGNING_SECRET: z.string().min(32).optional(),
};

export type BillingConfig = Readonly<z.infer<z.ZodObject<typeof billingConfigShape>>>;

export const testModeOf = (
  config: Pick<BillingConfig, 'PAYMENTS_TEST_MODE' | 'STRIPE_SECRET_KEY' | 'NODE_ENV'>,
) => config.PAYMENTS_TEST_MODE ?? (!config.STRIPE_SECRET_KEY && config.NODE_ENV !== 'production');
