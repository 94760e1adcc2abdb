import { baseConfigShape, configTypes, objectStoreConfigShape } from '@pictura/common/config';
import { z } from 'zod';
import { allowedOriginsSetting } from './return-origin.ts';
import { trustProxySetting } from './trust-proxy.ts';

export const gatewayConfigShape = {
  ...baseConfigShape,
  ...objectStoreConfigShape,
  PORT: configTypes.port.default(8080),
  /** "localhost" listens on both 127.0.0.1 and ::1; use 0.0.0.0 in a container. */
  HOST: z.string().min(1).default('localhost'),
  METRICS_PORT: configTypes.port.default(9100),
  /** The site's own origin: links to it are read from the object store, never fetched. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /**
   * Other origins users reach the site by, comma-separated (https://pictura.example,http://192.168.1.20:8080);
   * PUBLIC_URL's is always allowed. A checkout started on one of them returns there (return-origin.ts).
   */
  ALLOWED_ORIGINS: allowedOriginsSetting,
  /** The built web app; the gateway serves it with an index.html fallback for client routes. */
  WEB_DIST_DIR: z.string().default('web/dist'),
  /** Generation requests per minute per client address for guests; 0 turns the limit off. */
  GUEST_GENERATE_PER_MINUTE: z.coerce.number().int().nonnegative().default(30),
  /** Upscale requests per minute per client address for guests; 0 turns the limit off. */
  GUEST_UPSCALE_PER_MINUTE: z.coerce.number().int().nonnegative().default(20),
  /**
   * Lets upscale-by-link fetch loopback addresses. Only for tests whose image server listens on 127.0.0.1;
   * never set in production, where it would let users reach services on the gateway's own machine.
   */
  ALLOW_LOOPBACK_FETCH: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** How long the gateway reuses auth's answer about a session; a logout or ban bites within this (≤ 5 s). */
  SESSION_CHECK_CACHE_MS: z.coerce.number().int().min(0).max(5000).default(2000),
  /**
   * The HMAC key that signs security-check challenges (security-check.ts); every replica needs the same one.
   * Unset: a random key is made once per deployment and kept in Redis.
   */
  SECURITY_CHECK_SECRET: z.string().min(16).optional(),
  /**
   * The HMAC key of private generations' file links (file-links.ts); every replica needs the same one.
   * Unset: a random key is made once per deployment and kept in Redis.
   */
  FILES_SIGNING_SECRET: z.string().min(32).optional(),
  /** Requests a minute per API key; 0 turns the limit off. */
  API_KEY_PER_MINUTE: z.coerce.number().int().nonnegative().default(60),
  /**
   * OpenAI model names → ours, as JSON ({"dall-e-3": "", "gpt-image-1": "my-sdxl"}; "" is the default generate
   * model). Replaces the built-in map (every OpenAI image model → the default) when set.
   */
  OPENAI_MODEL_ALIASES: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return undefined;
      try {
        const value = JSON.parse(text) as unknown;
        const valid =
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.values(value).every((v) => typeof v === 'string');
        if (valid) return value as Record<string, string>;
      } catch {}
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON object of model name → model name ("" = default)',
      });
      return z.NEVER;
    }),
  /**
   * Who may tell the gateway the client's address in X-Forwarded-For: `false` (no proxy: the socket's
   * address), a hop count (`1`: the one proxy in front; the entry it appended is the client) or the proxies'
   * addresses (`10.0.0.0/8,192.168.1.5`). Never "every hop": the leftmost entry is written by the client, and
   * every per-address limit would be the client's to choose (trust-proxy.ts).
   */
  TRUST_PROXY: trustProxySetting,
};

export type GatewayConfig = Readonly<z.infer<z.ZodObject<typeof gatewayConfigShape>>>;
