// The OpenAI-compatible API under /v1: images and models, and OpenAI's own answers for the rest of /v1, a 404
// for a path it does not have and a 405 for a known path with another method (never the web page).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OpenAiError } from './openai-errors.ts';
import { type OpenAiImagesDeps, openAiImagesRoutes } from './openai-images.routes.ts';
import { openAiModelsRoutes } from './openai-models.routes.ts';

const FALLBACK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
}

/** "/v1/models/:model" → a pattern matching its concrete paths. */
const patternOf = (url: string) =>
  new RegExp(`^${url.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}/?$`);

export async function openAiRoutes(app: FastifyInstance, deps: OpenAiImagesDeps): Promise<void> {
  // Collected as the routes below are added, so the 405 check never drifts from what is served.
  const known: KnownRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const entry = known.find((k) => k.pattern.source === patternOf(route.url).source);
    if (entry) for (const m of methods) entry.methods.add(m);
    else known.push({ pattern: patternOf(route.url), methods: new Set(methods) });
  });

  await app.register(openAiImagesRoutes, deps);
  await app.register(openAiModelsRoutes, { jobs: deps.jobs, modelAliases: deps.modelAliases });

  /** A known path with another method is a 405 (with Allow); anything else under /v1 a 404. */
  const refuse = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const route = known.find((k) => k.pattern.test(path));
    if (route && !route.methods.has(request.method)) {
      const allowed = [...route.methods].filter((m) => m !== 'HEAD').join(', ');
      reply.header('allow', allowed);
      throw new OpenAiError(
        405,
        `Invalid method for URL (${request.method} ${path}): use ${allowed}`,
        'method_not_allowed',
      );
    }
    throw new OpenAiError(404, `Invalid URL (${request.method} ${path})`, 'unknown_url');
  };
  for (const url of ['/v1', '/v1/*']) {
    app.route({ method: FALLBACK_METHODS, url, schema: { hide: true }, handler: refuse });
  }
}
