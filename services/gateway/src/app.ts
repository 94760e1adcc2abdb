// Builds the gateway without listening, so tests drive the real app with app.inject().
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Logger } from '@pictura/common/logger';
import type { ObjectStore } from '@pictura/common/object-store';
import { createRateLimiter } from '@pictura/common/rate-limiter';
import { nameHttpSpan, tracedRequestListener } from '@pictura/common/tracing';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { createGatewayAuth, type GatewayAuthDeps } from './auth/gateway-auth.ts';
import type { JobsClient, ServiceClients } from './clients.ts';
import type { GatewayConfig } from './config.ts';
import { registerHttpMetrics } from './http.metrics.ts';
import { errorHandler } from './http-errors.ts';
import { adminRoutes } from './routes/admin.routes.ts';
import { guestGenerateLimit } from './routes/admin.settings-cache.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { communityRoutes } from './routes/community.routes.ts';
import { communityAdminRoutes } from './routes/community-admin.routes.ts';
import { filesRoutes } from './routes/files.routes.ts';
import { generateRoutes } from './routes/generate.routes.ts';
import { ErrorBody, JobBody } from './routes/generate.schemas.ts';
import { type HealthClients, healthRoutes } from './routes/health.routes.ts';
import { historyRoutes } from './routes/history.routes.ts';
import { openAiImagesRoutes } from './routes/openai-images.routes.ts';
import { paymentsRoutes } from './routes/payments.routes.ts';
import { settingsRoutes } from './routes/settings.routes.ts';
import { uploadRoutes } from './routes/upload.routes.ts';
import { webRoutes } from './routes/web.routes.ts';
import { registerViewer } from './viewer.ts';

export interface GatewayDeps {
  config: Pick<
    GatewayConfig,
    | 'QUEUE_PREFIX'
    | 'GUEST_GENERATE_PER_MINUTE'
    | 'GUEST_UPSCALE_PER_MINUTE'
    | 'WEB_DIST_DIR'
    | 'TRUST_PROXY'
    | 'PUBLIC_URL'
    | 'ALLOW_LOOPBACK_FETCH'
  >;
  logger: Logger;
  jobs: JobsClient;
  store: ObjectStore;
  redis: Redis;
  /** Health clients of the services the gateway depends on, by name. */
  health: HealthClients;
  /** Sign-in and API keys; without it every caller is a guest (tests of other routes). */
  auth?: GatewayAuthDeps;
  /** History, community and billing; without them their routes are not served (tests of other routes). */
  services?: ServiceClients;
}

/** What a product-area route plugin receives: the gateway's dependencies and the service clients. */
export interface AreaRouteOptions {
  deps: GatewayDeps;
  services: ServiceClients;
}

export async function buildApp(deps: GatewayDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    ajv: { customOptions: { removeAdditional: false, allErrors: false } },
    // A server span per request (continuing the browser's `traceparent`), active for all the request does.
    serverFactory: (handler) => createServer(tracedRequestListener(handler)),
  }) as unknown as FastifyInstance;

  app.addHook('onRequest', async (request) => nameHttpSpan(request.method, request.routeOptions.url));
  app.setErrorHandler(errorHandler);
  app.addSchema(ErrorBody);
  app.addSchema(JobBody);
  const gatewayAuth = deps.auth
    ? createGatewayAuth(deps.auth, deps.redis, deps.config.QUEUE_PREFIX)
    : undefined;
  if (gatewayAuth) app.addHook('onClose', async () => gatewayAuth.close());
  registerViewer(app, gatewayAuth?.authenticate);
  registerHttpMetrics(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Pictura API',
        version: '1.0.138',
        description: 'Text-to-image generation, upscaling, history and community.',
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes, { services: deps.health });
  if (deps.auth && gatewayAuth) {
    await app.register(authRoutes, {
      auth: deps.auth.client,
      authenticator: gatewayAuth,
      publicUrl: deps.config.PUBLIC_URL,
      ...(deps.services ? { services: deps.services } : {}),
    });
  }
  await app.register(generateRoutes, {
    jobs: deps.jobs,
    guestLimiter: createRateLimiter(deps.redis, deps.config.QUEUE_PREFIX, guestGenerateLimit(deps)),
  });
  await app.register(uploadRoutes, {
    jobs: deps.jobs,
    store: deps.store,
    upscaleLimiter: createRateLimiter(
      deps.redis,
      deps.config.QUEUE_PREFIX,
      deps.config.GUEST_UPSCALE_PER_MINUTE,
    ),
    publicUrl: deps.config.PUBLIC_URL,
    allowLoopbackFetch: deps.config.ALLOW_LOOPBACK_FETCH,
  });
  await app.register(openAiImagesRoutes, {
    jobs: deps.jobs,
    store: deps.store,
    publicUrl: deps.config.PUBLIC_URL,
  });
  if (deps.services) {
    const area = { deps, services: deps.services };
    await app.register(paymentsRoutes, area);
    await app.register(historyRoutes, area);
    await app.register(communityRoutes, area);
    await app.register(communityAdminRoutes, area);
    await app.register(adminRoutes, area);
  }
  await app.register(settingsRoutes, { jobs: deps.jobs, logger: deps.logger });
  await app.register(filesRoutes, { store: deps.store });
  await app.register(webRoutes, { webRoot: deps.config.WEB_DIST_DIR, publicUrl: deps.config.PUBLIC_URL });
  return app;
}
