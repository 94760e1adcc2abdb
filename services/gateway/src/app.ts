// Builds the gateway without listening, so tests drive the real app with app.inject().
import { createServer } from 'node:http';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Logger } from '@pictura/common/logger';
import type { ObjectStore } from '@pictura/common/object-store';
import { nameHttpSpan, tracedRequestListener } from '@pictura/common/tracing';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { adminArea } from './areas/admin.plugin.ts';
import { authArea } from './areas/auth.plugin.ts';
import { communityArea } from './areas/community.plugin.ts';
import { generationArea } from './areas/generation.plugin.ts';
import { historyArea } from './areas/history.plugin.ts';
import { openAiArea } from './areas/openai.plugin.ts';
import { paymentsArea } from './areas/payments.plugin.ts';
import { upscaleArea } from './areas/upscale.plugin.ts';
import { createGatewayAuth, type GatewayAuthDeps } from './auth/gateway-auth.ts';
import type { BillingClient, JobsClient, ServiceClients } from './clients.ts';
import { registerCompression } from './compression.ts';
import type { GatewayConfig } from './config.ts';
import { createFileLinks } from './file-links.ts';
import { registerHttpMetrics } from './http.metrics.ts';
import { errorHandler } from './http-errors.ts';
import { createJobEventTokens } from './job-event-tokens.repository.ts';
import { openApiOptions } from './openapi.ts';
import { cachedPlanRate, registerRateLimits } from './rate-limits.ts';
import { registerRequestIdHeader, requestIdFor } from './request-id.ts';
import { requestLog } from './request-log.ts';
import { guestGenerateLimit } from './routes/admin.settings-cache.ts';
import { filesRoutes } from './routes/files.routes.ts';
import { ErrorBody, JobBody } from './routes/generate.schemas.ts';
import { type HealthClients, healthRoutes } from './routes/health.routes.ts';
import { withOpenAiErrors } from './routes/openai-errors.ts';
import { DEFAULT_OPENAI_MODEL_ALIASES } from './routes/openai-model-aliases.ts';
import { GUEST_SUPPORT_PER_MINUTE } from './routes/payments.routes.ts';
import { securityCheckRoutes } from './routes/security-check.routes.ts';
import { settingsRoutes } from './routes/settings.routes.ts';
import { webRoutes } from './routes/web.routes.ts';
import { webhooksRoutes } from './routes/webhooks.routes.ts';
import { createSecurityCheck } from './security-check.ts';
import {
  DOCS_CSP,
  type PresignedLinkConfig,
  pagePolicy,
  presignedImageOrigins,
  registerSecurityHeaders,
} from './security-headers.ts';
import { TEXT_FORMATS } from './text-schemas.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';
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
  > &
    Partial<
      Pick<
        GatewayConfig,
        'OPENAI_MODEL_ALIASES' | 'SECURITY_CHECK_SECRET' | 'FILES_SIGNING_SECRET' | 'ALLOWED_ORIGINS'
      >
    > &
    /** The object store's, for the bucket origin of presigned /files/ links in the pages' CSP. */
    PresignedLinkConfig;
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

/** Billing is the source of a plan's generation rate (spec: plans table); the gateway spends it. */
const planGenerationRate = (billing: BillingClient) => async (userId: number, requestId: string) =>
  (await billing.getEntitlements({ userId }, { requestId })).generationsPerMinute;

export async function buildApp(deps: GatewayDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: fastifyTrustProxy(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: requestIdFor,
    logController: requestLog(),
    // TEXT_FORMATS: the free-text rule (text-schemas.ts). strictNumbers off: with ajv's default (on), 1e400
    // coerces to Infinity and then skips minimum and maximum, which only check finite numbers; off, every
    // integer's maximum refuses it.
    ajv: {
      customOptions: {
        removeAdditional: false,
        allErrors: false,
        strictNumbers: false,
        formats: TEXT_FORMATS,
      },
    },
    // A badly encoded URL (%E0%A4%A) is refused before routing: the same error shapes as the rest.
    frameworkErrors: withOpenAiErrors(errorHandler),
    // A server span per request (continuing the browser's `traceparent`), active for all the request does.
    serverFactory: (handler) => createServer(tracedRequestListener(handler)),
  }) as unknown as FastifyInstance;

  registerRequestIdHeader(app);
  await registerSecurityHeaders(app, { publicUrl: deps.config.PUBLIC_URL });
  await registerCompression(app);
  app.addHook('onRequest', async (request) => nameHttpSpan(request.method, request.routeOptions.url));
  app.setErrorHandler(withOpenAiErrors(errorHandler));
  app.addSchema(ErrorBody);
  app.addSchema(JobBody);
  const gatewayAuth = deps.auth ? createGatewayAuth(deps.auth) : undefined;
  if (gatewayAuth) app.addHook('onClose', async () => gatewayAuth.close());
  registerViewer(app, gatewayAuth?.authenticate);
  const billing = deps.services?.billing;
  const fileLinks = createFileLinks({
    redis: deps.redis,
    queuePrefix: deps.config.QUEUE_PREFIX,
    secret: deps.config.FILES_SIGNING_SECRET,
    history: deps.services?.history,
  });
  const securityCheck = createSecurityCheck({
    redis: deps.redis,
    prefix: deps.config.QUEUE_PREFIX,
    secret: deps.config.SECURITY_CHECK_SECRET,
  });
  await registerRateLimits(app, {
    securityCheck,
    redis: deps.redis,
    prefix: deps.config.QUEUE_PREFIX,
    apiKeyPerMinute: deps.auth?.apiKeyPerMinute ?? 60,
    guestGeneratePerMinute: guestGenerateLimit(deps),
    guestUpscalePerMinute: deps.config.GUEST_UPSCALE_PER_MINUTE,
    guestSupportPerMinute: GUEST_SUPPORT_PER_MINUTE,
    ...(billing ? { planGenerationsPerMinute: cachedPlanRate(planGenerationRate(billing)) } : {}),
  });
  registerHttpMetrics(app);

  await app.register(fastifySwagger, openApiOptions(deps.config.PUBLIC_URL, '1.0.138'));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // The product areas, each given only what it uses; the order is the OpenAPI document's order of paths.
  const { jobs, store, services } = deps;
  const auth = deps.auth?.client;
  const publicUrl = deps.config.PUBLIC_URL;
  const allowLoopbackFetch = deps.config.ALLOW_LOOPBACK_FETCH;
  await app.register(healthRoutes, { services: deps.health });
  await app.register(securityCheckRoutes, { securityCheck });
  if (auth && gatewayAuth) {
    await app.register(authArea, {
      auth,
      authenticator: gatewayAuth,
      publicUrl,
      allowLoopbackFetch,
      securityCheck,
      ...(services ? { userData: { ...services, jobs } } : {}),
    });
  }
  // Job-scoped event stream tokens (EventSource cannot send headers), shared by every replica via Redis.
  const eventTokens = createJobEventTokens(deps.redis, deps.config.QUEUE_PREFIX);
  await app.register(generationArea, { jobs, eventTokens, fileLinks, allowLoopbackFetch });
  await app.register(upscaleArea, { jobs, eventTokens, fileLinks, store, publicUrl, allowLoopbackFetch });
  await app.register(openAiArea, {
    jobs,
    store,
    publicUrl,
    modelAliases: deps.config.OPENAI_MODEL_ALIASES ?? DEFAULT_OPENAI_MODEL_ALIASES,
    allowLoopbackFetch,
  });
  if (services) {
    const { billing, history, community } = services;
    await app.register(paymentsArea, { billing, config: deps.config });
    await app.register(historyArea, { history, fileLinks });
    await app.register(communityArea, { community, ...(auth ? { auth } : {}) });
    await app.register(adminArea, {
      jobs,
      billing,
      community,
      logger: deps.logger,
      config: deps.config,
      ...(auth ? { auth } : {}),
    });
  }
  await app.register(settingsRoutes, {
    jobs,
    logger: deps.logger,
    ...(services ? { community: services.community } : {}),
  });
  await app.register(webhooksRoutes, { jobs });
  await app.register(filesRoutes, { store, links: fileLinks });
  await app.register(webRoutes, {
    webRoot: deps.config.WEB_DIST_DIR,
    publicUrl: deps.config.PUBLIC_URL,
    pagePolicy: pagePolicy({ imageOrigins: presignedImageOrigins(deps.config) }),
    ...(services ? { community: services.community } : {}),
  });
  return app;
}
