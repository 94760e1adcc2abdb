// One Prometheus registry per process, served at /metrics.
import { createServer, type Server } from 'node:http';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const rpcDuration = new Histogram({
  name: 'grpc_server_handling_seconds',
  help: 'Time to handle a gRPC call, by method and status.',
  labelNames: ['method', 'code'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [registry],
});

const rpcHandled = new Counter({
  name: 'grpc_server_handled_total',
  help: 'gRPC calls completed, by method and status.',
  labelNames: ['method', 'code'] as const,
  registers: [registry],
});

export const rpcServerMetrics = {
  start(method: string): (code: string) => void {
    const end = process.hrtime.bigint();
    return (code) => {
      const seconds = Number(process.hrtime.bigint() - end) / 1e9;
      rpcDuration.observe({ method, code }, seconds);
      rpcHandled.inc({ method, code });
    };
  },
};

/** Further JSON endpoints on the metrics port, by path: each answers its value, or 503 when it throws. */
export type MetricsRoutes = Record<string, () => Promise<unknown>>;

/** Serves GET /metrics on its own port (services that have no HTTP server of their own). */
export function startMetricsServer(
  port: number,
  host = '127.0.0.1',
  routes: MetricsRoutes = {},
): Promise<Server> {
  const server = createServer(async (req, res) => {
    const route = Object.hasOwn(routes, req.url ?? '') ? routes[req.url!] : undefined;
    if (route) {
      // An autoscaler must see a failed read as an error, never as an empty queue.
      const body = await route().then(JSON.stringify, () => undefined);
      if (body === undefined) res.writeHead(503).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      return;
    }
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': registry.contentType });
    res.end(await registry.metrics());
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
