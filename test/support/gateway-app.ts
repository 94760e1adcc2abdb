// The gateway's dependencies for tests that build the real app and call app.inject(): every caller is a
// guest with room to spare, the web page is absent, and the jobs service answers nothing (a request that
// reaches it fails fast with 503). A test overrides only what it is about.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobsService } from '@pictura/common/gen/jobs/v1/jobs_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { createLogger } from '@pictura/common/logger';
import { createFileObjectStore } from '@pictura/common/object-store';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type GatewayDeps } from '../../services/gateway/src/app.ts';
import { testRedis } from './redis.ts';

export type GatewayDepsOverrides = Partial<Omit<GatewayDeps, 'config'>> & {
  config?: Partial<GatewayDeps['config']>;
};

/** Dependencies for buildApp over this file's Redis and queue prefix, with `overrides` laid on top. */
export function gatewayTestDeps(
  env: Pick<ReturnType<typeof testRedis>, 'redis' | 'prefix'>,
  { config, ...deps }: GatewayDepsOverrides = {},
): GatewayDeps {
  return {
    config: {
      QUEUE_PREFIX: env.prefix,
      GUEST_GENERATE_PER_MINUTE: 1000,
      GUEST_UPSCALE_PER_MINUTE: 1000,
      WEB_DIST_DIR: '/nonexistent',
      TRUST_PROXY: false,
      PUBLIC_URL: 'http://localhost:8080',
      ALLOW_LOOPBACK_FETCH: false,
      ...config,
    },
    logger: deps.logger ?? createLogger('gateway', 'silent'),
    jobs: deps.jobs ?? createServiceClient(JobsService, '127.0.0.1:1', { deadlineMs: 300 }),
    store: deps.store ?? createFileObjectStore(mkdtempSync(join(tmpdir(), 'pictura-gw-'))),
    redis: env.redis,
    health: {},
    ...deps,
  };
}

/**
 * The real app for the enclosing describe over a Redis prefix of its own: built before its tests, closed after
 * them. `overrides` runs in that beforeAll, so it may make what it lays on top (a store, a stub).
 */
export function gatewayAppForSuite(overrides: () => GatewayDepsOverrides = () => ({})): {
  readonly app: FastifyInstance;
} {
  const env = testRedis();
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildApp(gatewayTestDeps(env, overrides()));
  });
  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });
  return {
    get app() {
      if (!app) throw new Error('the gateway app is built in beforeAll; use it inside a test');
      return app;
    },
  };
}
