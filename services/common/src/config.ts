// The only module that reads process.env: each process parses it once into a frozen, typed config.
import { z } from 'zod';
import { listenPortOf, targetPorts } from './grpc-target.ts';

const port = z.coerce.number().int().min(0).max(65535);
/** host:port or a gRPC target naming every replica (dns:///name:port, ipv4:a:port,b:port): grpc-target.ts. */
const address = z.string().superRefine((value, context) => {
  try {
    targetPorts(value);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

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
  /** The port a gRPC service binds; unset: the port of its own address (e.g. AUTH_ADDR for auth). */
  GRPC_PORT: port.optional(),
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

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

/**
 * Where images are kept, for the processes that read or write them (gateway, worker, history, community):
 * DATA_DIR/objects by default, or an S3 bucket (AWS or any server that speaks its protocol).
 */
export const objectStoreConfigShape = {
  OBJECT_STORE: z.enum(['filesystem', 's3']).default('filesystem'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** A non-AWS server's URL (MinIO, Ceph, R2…); unset: AWS's endpoint for S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  /** The endpoint browsers reach for presigned URLs, when S3_ENDPOINT is an address only the cluster knows. */
  S3_PUBLIC_ENDPOINT: z.string().url().optional(),
  /** Bucket in the path rather than the host name: what most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: flag,
  /** Both or neither; neither: the AWS SDK's default chain (IRSA, instance roles, AWS_* variables). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Keys live under this prefix, so one bucket can serve several installations. */
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._/-]+$/, 'letters, digits and . _ - / only')
    .optional(),
  /** when_required: request checksums only where S3 demands them, for servers that reject the SDK's newer ones. */
  S3_CHECKSUMS: z.enum(['when_supported', 'when_required']).default('when_supported'),
  /** presigned: /files/ answers 302 to a short-lived URL of the bucket instead of streaming the bytes. */
  FILES_REDIRECT: z.enum(['stream', 'presigned']).default('stream'),
  FILES_PRESIGN_SECONDS: z.coerce.number().int().min(10).max(604_800).default(300),
};

/** Rules between the object store's variables, which one variable's schema cannot see. */
function checkObjectStoreConfig(config: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (config.OBJECT_STORE === 's3' && !config.S3_BUCKET) issue('S3_BUCKET', 'required when OBJECT_STORE=s3');
  if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY) {
    issue(
      config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      'set both S3 keys or neither',
    );
  }
  if (config.FILES_REDIRECT === 'presigned' && config.OBJECT_STORE !== 's3') {
    issue('FILES_REDIRECT', 'presigned needs OBJECT_STORE=s3');
  }
}

export class ConfigError extends Error {}

/** Parses `env` with the given shape; a bad value throws naming every offending variable. */
export function parseConfig<S extends z.ZodRawShape>(
  shape: S,
  env: Record<string, string | undefined>,
): Readonly<z.infer<z.ZodObject<S>>> {
  // Empty strings count as unset, as they do for most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const schema = z
    .object(shape)
    .superRefine((config, ctx) =>
      'OBJECT_STORE' in shape ? checkObjectStoreConfig(config, ctx) : undefined,
    );
  const result = schema.safeParse(cleaned);
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

/** The port a service binds for its own address (one port, even when the address lists several replicas). */
export function portOf(addr: string): number {
  return listenPortOf(addr);
}
