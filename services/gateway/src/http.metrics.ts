import { registry } from '@pictura/common/metrics';
import type { FastifyInstance } from 'fastify';
import { Histogram } from 'prom-client';

const duration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by route, method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60],
  registers: [registry],
});

export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}
