// The checkout routes on the real gateway app, in front of the real billing service (PGlite): a checkout
// returns to the allowed origin the user started from, and never to one that is not allowed.
import { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { createGrpcServer } from '@pictura/common/grpc-server';
import { createLogger } from '@pictura/common/logger';
import { TEST_CARD_DISPLAY } from '@pictura/common/test-card';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayTestDeps } from '../../../../test/support/gateway-app.ts';
import { testRedis } from '../../../../test/support/redis.ts';
import { openTestBilling } from '../../../billing/test/billing.fixture.ts';
import { buildApp } from '../app.ts';

const PUBLIC = 'https://pictura.example';
const LAN = 'http://192.168.1.20:8080';

describe('checkout return origin', () => {
  const env = testRedis();
  let billing: Awaited<ReturnType<typeof openTestBilling>>;
  let app: FastifyInstance;
  let server: ReturnType<typeof createGrpcServer>;
  let close = () => {};

  beforeAll(async () => {
    billing = await openTestBilling('pglite');
    const logger = createLogger('gateway', 'silent');
    server = createGrpcServer('billing', logger);
    server.add(BillingService, billing.grpc);
    const port = await server.listen('127.0.0.1', 0);
    const client = createServiceClient(BillingService, `127.0.0.1:${port}`, { deadlineMs: 5000 });
    close = client.close;
    const none = createServiceClient(BillingService, '127.0.0.1:1', { deadlineMs: 300 });
    app = await buildApp(
      gatewayTestDeps(env, {
        config: { PUBLIC_URL: `${PUBLIC}/`, ALLOWED_ORIGINS: [LAN] },
        logger,
        services: { billing: client, history: none as never, community: none as never },
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    close();
    await server?.shutdown();
    await billing?.database.close();
    await env.cleanup();
  });

  let request = 0;
  /** A guest's test checkout (test mode allows it without an account), then Pay on the test page. */
  async function checkout(headers: Record<string, string>) {
    const started = await app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout',
      headers,
      payload: {
        product_id: 'premium_yearly',
        success_url: '/de/payment/success',
        request_id: `origin-${++request}`,
        test_mode: true,
        no_auth: true,
      },
    });
    expect(started.statusCode).toBe(200);
    const checkoutUrl = new URL(started.json().checkout_url);
    const paid = await app.inject({
      method: 'POST',
      url: checkoutUrl.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card_number: TEST_CARD_DISPLAY, action: 'pay' }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const success = new URL(paid.headers.location as string);
    return { checkoutOrigin: checkoutUrl.origin, successOrigin: success.origin, path: success.pathname };
  }

  it('returns to the allowed origin the request came from', async () => {
    expect(await checkout({ origin: LAN })).toEqual({
      checkoutOrigin: LAN,
      successOrigin: LAN,
      path: '/de/payment/success',
    });
    expect(await checkout({ origin: PUBLIC })).toMatchObject({
      checkoutOrigin: PUBLIC,
      successOrigin: PUBLIC,
    });
    // Without an Origin header, the Referer's origin counts.
    expect(await checkout({ referer: `${LAN}/de/pricing` })).toMatchObject({ successOrigin: LAN });
  });

  it('sends any other origin back to PUBLIC_URL, never to the origin claimed', async () => {
    const others: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://192.168.1.20:8081' },
      { origin: 'null' },
      { referer: 'https://evil.example/de/pricing' },
      {},
    ];
    for (const headers of others) {
      expect(await checkout(headers)).toEqual({
        checkoutOrigin: PUBLIC,
        successOrigin: PUBLIC,
        path: '/de/payment/success',
      });
    }
    // An absolute success_url on another origin is still refused (no open redirect).
    const refused = await app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout',
      headers: { origin: LAN },
      payload: {
        product_id: 'premium_yearly',
        success_url: 'https://evil.example/de/payment/success',
        test_mode: true,
        no_auth: true,
      },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('sends Cancel to the cancel page on the origin the user started from', async () => {
    const started = await app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout',
      headers: { origin: LAN },
      payload: {
        product_id: 'premium',
        billing_period: 'monthly',
        success_url: '/ar/payment/success',
        test_mode: true,
        no_auth: true,
      },
    });
    const page = new URL(started.json().checkout_url);
    expect(page.origin).toBe(LAN);
    const canceled = await app.inject({
      method: 'POST',
      url: page.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: '192.168.1.20:8080' },
      payload: 'action=cancel',
    });
    expect(canceled.statusCode).toBe(303);
    expect(canceled.headers.location).toBe('/ar/payment/cancel');
  });
});
