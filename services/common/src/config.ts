// The only module that reads process.env: each process parses it once into a frozen, typed config.
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const address = z.string().regex(/^[^\s:]+:\d+$/, 'expected host:port');

/** Variables every process shares; services extend this with their own. */
export const baseConfigShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i)
    .default('pictura'),
  GRPC_HOST: z.string().min(1).default('127.0.0.1'),
  GRPC_DEADLINE_MS: z.coerce.number().int().positive().default(10_000),
  METRICS_PORT: port.optional(),
  /** OTLP/HTTP collector base URL (spans are POSTed to <url>/v1/traces as JSON); unset: traces are not exported. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  AUTH_ADDR: address.default('127.0.0.1:7101'),
  BILLING_ADDR: address.default('127.0.0.1:7102'),
  COMMUNITY_ADDR: address.default('127.0.0.1:7103'),
  HISTORY_ADDR: address.default('127.0.0.1:7104'),
  JOBS_ADDR: address.default('127.0.0.1:7105'),
};

export const configTypes = { port, address };

export class ConfigError extends Error {}

/** Parses `env` with the given shape; a bad value throws naming every offending variable. */
export function parseConfig<S extends z.ZodRawShape>(
  shape: S,
  env: Record<string, string | undefined>,
): Readonly<z.infer<z.ZodObject<S>>> {
  // Empty strings count as unset, as they do for most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = z.object(shape).safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data) as Readonly<z.infer<z.ZodObject<S>>>;
}

/** For main.ts: parse process.env or stop the process with a clear message. */
export function loadConfig<S extends z.ZodRawShape>(shape: S): Readonly<z.infer<z.ZodObject<S>>> {
  try {
    return parseConfig(shape, process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

export function portOf(addr: string): number {
  return Number(addr.slice(addr.lastIndexOf(':') + 1));
}
