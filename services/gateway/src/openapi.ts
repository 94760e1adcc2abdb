// The OpenAPI document (GET /api/openapi.json), written by @fastify/swagger from the route schemas and finished
// here, so generators get what they need without every route repeating it: security per operation derived
// from the route's guard, the site as server, named components instead of def-N, and the rate-limit headers
// on the routes that spend a budget (rate-limits.ts). OpenAPI 3.1, so a nullable field is a plain JSON
// Schema union a generator types as `T | null`.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { requireAdmin, requireSession, requireSignIn } from './route-guards.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request body as the document shows it, for bodies the handler parses itself (multipart uploads):
     * fastify does not validate it.
     */
    documentedBody?: { consumes: string[]; schema: unknown };
  }
}

type Security = Record<string, string[]>[];
const SESSION: Security = [{ sessionToken: [] }];
const SESSION_OR_KEY: Security = [{ sessionToken: [] }, { apiKey: [] }];
/** Works for guests; a session or key, when sent, says who is calling. */
const OPTIONAL: Security = [{}, ...SESSION_OR_KEY];
const KEY_ONLY: Security = [{ apiKey: [] }];

const SECURITY_SCHEMES = {
  sessionToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token POST /api/auth/login answers: a signed-in person (the web app).',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_…',
    description: 'An API key (`sk_…`) from Settings → API keys, for plans with API access.',
  },
};

/** The guards of route-guards.ts, strictest first, and the credentials each lets through. */
const GUARD_SECURITY: [unknown, Security][] = [
  [requireAdmin, SESSION],
  [requireSession, SESSION],
  [requireSignIn, SESSION_OR_KEY],
];

/** Who may call a route, read from its guard: the document and the code cannot disagree. */
export function securityOf(route: Pick<RouteOptions, 'preHandler' | 'onRequest' | 'url'>): Security {
  // OpenAI's surface takes only keys (its clients send nothing else).
  if (/^\/v1\/(images|models)(\/|$)/.test(route.url)) return KEY_ONLY;
  const hooks = [route.onRequest, route.preHandler].flat().filter(Boolean);
  for (const [guard, security] of GUARD_SECURITY) if (hooks.includes(guard as never)) return security;
  return OPTIONAL;
}

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed in the current one-minute window (the tightest budget this call spends).',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
};

type Json = Record<string, unknown>;
type Operation = { operationId?: string; responses?: Record<string, Json>; security?: Security };

function operationsOf(document: Json): Operation[] {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  return Object.values(paths).flatMap((item) => Object.values(item));
}

/** Adds the limit headers to every answer of a limited operation, and its 429 with Retry-After. */
function documentRateLimits(document: Json, limited: Set<string>): void {
  const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
  const limitHeaders = {
    'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'),
    'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining'),
    'X-RateLimit-Reset': headerRef('X-RateLimit-Reset'),
  };
  for (const operation of operationsOf(document)) {
    if (!operation.operationId || !limited.has(operation.operationId) || !operation.responses) continue;
    const responses = operation.responses;
    const errors = responses['4XX'] ?? responses['400'];
    responses['429'] = {
      description: 'Too many requests: wait Retry-After seconds.',
      ...(errors?.content ? { content: errors.content } : {}),
      headers: { ...limitHeaders, 'Retry-After': headerRef('Retry-After') },
    };
    for (const [status, response] of Object.entries(responses)) {
      if (status !== '429') response.headers = { ...(response.headers as Json), ...limitHeaders };
    }
  }
  const components = document.components as Json;
  components.headers = { ...(components.headers as Json), ...RATE_LIMIT_HEADERS };
}

/**
 * Moves every inline schema with a `title` into components.schemas under that name (so a generator names
 * its type, e.g. Model or OpenAiError); a second, different schema of the same title gets a numbered name.
 */
function nameComponents(document: Json): void {
  const schemas = (document.components as Json).schemas as Record<string, unknown>;
  const nameFor = (schema: Json): string => {
    const title = String(schema.title).replace(/[^A-Za-z0-9_.-]/g, '');
    const same = JSON.stringify(schema);
    for (let n = 1; ; n++) {
      const name = n === 1 ? title : `${title}${n}`;
      if (!(name in schemas)) {
        schemas[name] = schema;
        return name;
      }
      if (JSON.stringify(schemas[name]) === same) return name;
    }
  };
  const visit = (node: unknown, inSchema: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, inSchema));
    if (!node || typeof node !== 'object') return node;
    const object = node as Json;
    for (const [key, value] of Object.entries(object)) {
      // `properties` maps names to schemas; its keys are never schema keywords.
      object[key] = visit(value, key === 'schema' || key === 'properties' || inSchema);
    }
    if (inSchema && typeof object.title === 'string' && !('$ref' in object) && object.type !== undefined) {
      return { $ref: `#/components/schemas/${nameFor(object)}` };
    }
    return object;
  };
  document.paths = visit(document.paths, false);
}

export function openApiOptions(publicUrl: string, version: string): FastifyDynamicSwaggerOptions {
  /** Operations that spend a rate-limit budget, by operationId (collected while the document is written). */
  const limited = new Set<string>();
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pictura API',
        version,
        description:
          'Text-to-image generation, upscaling, history and community, and an OpenAI-compatible Images API ' +
          'under /v1. Every answer carries `x-request-id`; rate-limited operations send ' +
          '`X-RateLimit-Limit/Remaining/Reset` and answer 429 with `Retry-After`.',
      },
      servers: [{ url: publicUrl, description: 'This Pictura site' }],
      components: { securitySchemes: SECURITY_SCHEMES as never },
    },
    refResolver: {
      // Shared schemas keep the name they were added under (ErrorBody, Job, User…), not def-N.
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `Schema${i}`,
    },
    transform: ({ schema, url, route }) => {
      if (!schema || schema.hide) return { schema, url };
      if (route.config?.rateLimitPolicy && schema.operationId) limited.add(schema.operationId);
      const body = route.config?.documentedBody;
      return {
        url,
        schema: {
          ...schema,
          security: schema.security ?? securityOf(route),
          ...(body && !schema.body ? { body: body.schema, consumes: body.consumes } : {}),
        },
      };
    },
    transformObject: (documentObject) => {
      const document = ('openapiObject' in documentObject ? documentObject.openapiObject : {}) as Json;
      documentRateLimits(document, limited);
      nameComponents(document);
      return document as never;
    },
  };
}
