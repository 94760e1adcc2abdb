// Request budgets, counted in Redis by @fastify/rate-limit so every gateway replica spends the same budget.
// A route names the budget it spends in `config.rateLimitPolicy`; a call with an API key also spends the
// key's own budget, on every route. Each limited answer carries x-ratelimit-limit/-remaining/-reset
// (seconds until the window resets) for the tightest budget, and a refusal is a 429 with Retry-After in the
// route's own error shape (AppError 'rate_limited', so /v1 answers in OpenAI's shape).
import fastifyRateLimit from '@fastify/rate-limit';
import { AppError } from '@pictura/common/app-error';
import { cachedByKey } from '@pictura/common/per-key-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { guestGenerationCheck, type SecurityCheck } from './security-check.ts';

/** The budgets a route can spend; each is counted per caller (see POLICIES). */
export type RateLimitPolicyName = 'generation' | 'guestUpscale' | 'guestSupport' | 'securityCheck';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The budget this route spends (rate-limits.ts). */
    rateLimitPolicy?: RateLimitPolicyName;
  }
}

export interface RateLimitDeps {
  redis: Redis;
  /** Keys live under `<prefix>:ratelimit:`. */
  prefix: string;
  /** Per API key, on every route; 0 turns it off. */
  apiKeyPerMinute: number;
  /** Guests' generations per address: the admin's live setting, read from a cache on every call. */
  guestGeneratePerMinute: () => Promise<number>;
  guestUpscalePerMinute: number;
  guestSupportPerMinute: number;
  /** A signed-in user's generations a minute by plan (0: unlimited); without it they are not limited. */
  planGenerationsPerMinute?: (userId: number, requestId: string) => Promise<number>;
  /** Asks a guest generating in a burst for the security check (security-check.ts); without it, never. */
  securityCheck?: SecurityCheck;
}

/** Security-check challenges a minute per address: a person needs one or two. */
export const SECURITY_CHECK_CHALLENGES_PER_MINUTE = 30;

const WINDOW_MS = 60_000;
export const RATE_LIMITED_MESSAGE = 'Too many requests, please try again later';
export const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

interface Policy {
  /** Requests a minute for this caller; 0: not limited. */
  max(request: FastifyRequest): Promise<number> | number;
  key(request: FastifyRequest): string;
}

type Check = ReturnType<FastifyInstance['createRateLimit']>;

function policies(deps: RateLimitDeps): Record<RateLimitPolicyName | 'apiKey', Policy> {
  const guestOnly = (perMinute: number) => (request: FastifyRequest) =>
    request.viewer.userId === 0 ? perMinute : 0;
  return {
    // Guests per address (the admin's setting); signed-in users per account, by plan, on /api and /v1 alike.
    generation: {
      max: (request) =>
        request.viewer.userId === 0
          ? deps.guestGeneratePerMinute()
          : (deps.planGenerationsPerMinute?.(request.viewer.userId, request.id) ?? 0),
      key: (request) =>
        request.viewer.userId === 0 ? `generate:ip:${request.ip}` : `generate:user:${request.viewer.userId}`,
    },
    guestUpscale: { max: guestOnly(deps.guestUpscalePerMinute), key: (r) => `upscale:ip:${r.ip}` },
    guestSupport: { max: guestOnly(deps.guestSupportPerMinute), key: (r) => `support:ip:${r.ip}` },
    securityCheck: {
      max: () => SECURITY_CHECK_CHALLENGES_PER_MINUTE,
      key: (r) => `security-check:ip:${r.ip}`,
    },
    apiKey: {
      max: (request) => (request.viewer.apiKeyId ? deps.apiKeyPerMinute : 0),
      key: (request) => `apikey:${request.viewer.apiKeyId}`,
    },
  };
}

/** The caller's max, read once per request and policy (the admin's setting and the plan are async). */
const maxOf = new WeakMap<FastifyRequest, Map<Policy, Promise<number>>>();
function callerMax(policy: Policy, request: FastifyRequest): Promise<number> {
  const byPolicy = maxOf.get(request) ?? new Map<Policy, Promise<number>>();
  maxOf.set(request, byPolicy);
  const max = byPolicy.get(policy) ?? Promise.resolve(policy.max(request));
  byPolicy.set(policy, max);
  return max;
}

function checkFor(app: FastifyInstance, policy: Policy): Check {
  return app.createRateLimit({
    timeWindow: WINDOW_MS,
    keyGenerator: policy.key,
    allowList: async (request) => (await callerMax(policy, request)) === 0,
    max: (request) => callerMax(policy, request),
  });
}

/** Headers of the budget with the fewest requests left win, so a client backs off for the tightest one. */
const shownRemaining = new WeakMap<FastifyRequest, number>();

async function spend(
  check: Check,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ used: number; max: number } | undefined> {
  const result = await check(request);
  if (result.isAllowed) return undefined;
  const shown = shownRemaining.get(request);
  if (shown === undefined || result.remaining <= shown) {
    shownRemaining.set(request, result.remaining);
    reply.header('x-ratelimit-limit', result.max);
    reply.header('x-ratelimit-remaining', result.remaining);
    reply.header('x-ratelimit-reset', result.ttlInSeconds);
  }
  if (result.isExceeded) {
    reply.header('retry-after', Math.max(1, result.ttlInSeconds));
    throw new AppError('resource_exhausted', RATE_LIMITED_MESSAGE, 'rate_limited');
  }
  return { used: result.max - result.remaining, max: result.max };
}

/**
 * Registers the counters, the API-key budget (call after the viewer hook, which it reads) and the hook that
 * gives each route the budget it names. Call before the routes are registered.
 */
export async function registerRateLimits(app: FastifyInstance, deps: RateLimitDeps): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    redis: deps.redis,
    nameSpace: `${deps.prefix}:ratelimit:`,
  });
  const all = policies(deps);
  const apiKeyCheck = checkFor(app, all.apiKey);
  app.addHook('onRequest', async (request, reply) => {
    await spend(apiKeyCheck, request, reply);
  });

  const checks = new Map<RateLimitPolicyName, Check>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const name = route.config?.rateLimitPolicy;
    if (!name) return;
    const limit = checks.get(name) ?? checkFor(app, all[name]);
    checks.set(name, limit);
    // preHandler: a request the schema refuses spends nothing, as before.
    const hook = async (request: FastifyRequest, reply: FastifyReply) => {
      const budget = await spend(limit, request, reply);
      if (name === 'generation' && budget && deps.securityCheck && request.viewer.userId === 0)
        await guestGenerationCheck(deps.securityCheck, request, budget);
    };
    route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), hook];
  });
}

/** A user's plan rate, asked of billing at most every few seconds per user (billing is the source). */
export const cachedPlanRate = (ask: (userId: number, requestId: string) => Promise<number>, ttlMs = 5000) =>
  cachedByKey(ask, ttlMs);
