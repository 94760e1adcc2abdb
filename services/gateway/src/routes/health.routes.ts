// Readiness: the gateway is ready when the services it calls answer their gRPC health checks.

import { type Health, HealthCheckResponse_ServingStatus } from '@pictura/common/gen/grpc/health/v1/health_pb';
import type { ServiceClient } from '@pictura/common/grpc-types';
import type { FastifyInstance } from 'fastify';

export type HealthClients = Record<string, ServiceClient<typeof Health>>;

export async function healthRoutes(app: FastifyInstance, deps: { services: HealthClients }): Promise<void> {
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    const entries = await Promise.all(
      Object.entries(deps.services).map(async ([name, client]) => {
        const status = await client
          .check({ service: '' }, { deadlineMs: 1000 })
          .then((r) => r.status === HealthCheckResponse_ServingStatus.SERVING)
          .catch(() => false);
        return [name, status ? 'serving' : 'unavailable'] as const;
      }),
    );
    const services = Object.fromEntries(entries);
    const ok = entries.every(([, status]) => status === 'serving');
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', services });
  });
}
