// What every gRPC service process does the same way: config, logger, tracing, database, server, metrics,
// shutdown.
// Each main.ts stays the composition root; this only removes the boilerplate around it.
import type { z } from 'zod';
import { type baseConfigShape, portOf } from './config.ts';
import { openDatabase, type ServiceDatabase } from './database.ts';
import { createGrpcServer, type GrpcServer } from './grpc-server.ts';
import { createLogger, type Logger } from './logger.ts';
import { type MetricsRoutes, startMetricsServer } from './metrics.ts';
import { gracefulShutdown } from './shutdown.ts';
import { startTracing } from './tracing.ts';

export type BaseConfig = Readonly<z.infer<z.ZodObject<typeof baseConfigShape>>>;

export interface ServiceHost<TSchema extends Record<string, unknown>> {
  logger: Logger;
  shutdown: ReturnType<typeof gracefulShutdown>;
  database: ServiceDatabase<TSchema>;
  server: GrpcServer;
  clientSettings: { deadlineMs: number };
  /** Starts serving gRPC and metrics once every service is added; routes are extra JSON endpoints on the metrics port. */
  listen(options?: { metricsRoutes?: MetricsRoutes }): Promise<void>;
}

export async function startServiceHost<TSchema extends Record<string, unknown>>(options: {
  service: string;
  config: BaseConfig;
  /** The address this service is reached at (its port is the one it binds). */
  address: string;
  schema: TSchema;
  migrationsFolder: string;
}): Promise<ServiceHost<TSchema>> {
  const { config } = options;
  const logger = createLogger(options.service, config.LOG_LEVEL);
  const shutdown = gracefulShutdown(logger);
  // Registered first, so it runs last: spans of the final calls are still flushed.
  const tracing = await startTracing(options.service, config);
  shutdown.add('tracing', () => tracing.shutdown());
  const database = await openDatabase({
    service: options.service,
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    schema: options.schema,
    migrationsFolder: options.migrationsFolder,
  });
  shutdown.add('database', () => database.close());
  const server = createGrpcServer(options.service, logger);
  return {
    logger,
    shutdown,
    database,
    server,
    clientSettings: { deadlineMs: config.GRPC_DEADLINE_MS },
    async listen(listenOptions = {}) {
      await server.listen(config.GRPC_HOST, config.GRPC_PORT ?? portOf(options.address));
      shutdown.add('grpc', () => server.shutdown());
      if (config.METRICS_PORT !== undefined) {
        const metrics = await startMetricsServer(
          config.METRICS_PORT,
          config.GRPC_HOST,
          listenOptions.metricsRoutes,
        );
        shutdown.add('metrics', () => metrics.close());
      }
      logger.info({ database: database.kind }, `${options.service} service ready`);
    },
  };
}
