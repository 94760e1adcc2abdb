// Production's shape on one machine: PostgreSQL and Redis of our own (so they can be restarted), an
// S3-protocol server, 2 gateways behind a round-robin proxy, 2 replicas of every gRPC service, 3 workers,
// all running the compiled JavaScript the images run. Replicas share nothing but the datastores: each has a
// data folder of its own, images live in S3, and callers reach a service's replicas through one gRPC target
// listing them all (as a headless Service's DNS name lists the pods).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureServicesBuild } from '../../scripts/build-services.mjs';
import {
  type RestartableServer,
  startPrivatePostgres,
  startPrivateRedis,
} from '../../scripts/lib/local-services.mjs';
import { spawnProcess } from '../../scripts/lib/processes.mjs';
import { startS3Server } from '../support/s3-server.ts';
import { answers, freeBlock, waitUntilReady } from '../support/stack.ts';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.ts';

export const SERVICES = ['auth', 'billing', 'community', 'history', 'jobs'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface Replica {
  /** e.g. "auth-2", "worker-3". */
  id: string;
  process: 'gateway' | 'worker' | ServiceName;
  env: Record<string, string>;
  /** Where it serves Prometheus metrics (and jobs its /queue-depth). */
  metricsPort: number;
  /** gRPC address for services, HTTP base URL for gateways, metrics URL for workers. */
  address: string;
  child?: ChildProcess;
  lines: string[];
}

export interface Topology {
  /** The round-robin proxy in front of the gateways: what users reach. */
  url: string;
  proxy: RoundRobinProxy;
  /** Each gateway's own URL: gateway A and B. */
  gateways: string[];
  replicas: Map<string, Replica>;
  /** The environment every process shares. */
  env: Record<string, string>;
  postgres: RestartableServer;
  redis: RestartableServer;
  start(id: string, extraEnv?: Record<string, string>): Promise<void>;
  kill(id: string, signal?: NodeJS.Signals): Promise<void>;
  logs(id: string): string[];
  stop(): Promise<void>;
}

export interface TopologyOptions {
  /** Private keys, as AUTH_SIGNING_KEYS takes them (a JSON array). */
  signingKeys: string;
  /** Replicas per gRPC service (2) and workers (3). */
  serviceReplicas?: number;
  workers?: number;
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const log = options.log ?? (() => {});
  const serviceReplicas = options.serviceReplicas ?? 2;
  const workers = options.workers ?? 3;
  await ensureServicesBuild({ log });
  const root = mkdtempSync(join(tmpdir(), 'pictura-rehearsal-'));
  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    rmSync(root, { recursive: true, force: true });
  };
  try {
    // Durable datastores: the rehearsal restarts them and checks that nothing acknowledged is lost.
    const postgres = await startPrivatePostgres({ durable: true });
    cleanups.push(() => postgres.stop());
    const redis = await startPrivateRedis({ dataDir: join(root, 'redis'), persistent: true });
    cleanups.push(() => redis.stop());
    const s3 = await startS3Server();
    cleanups.push(() => s3.stop());
    log(`datastores: postgres ${postgres.url}, redis ${redis.url}, s3 ${s3.endpoint}`);

    // Below the end-to-end stacks' blocks (21000+), so a rehearsal and test files never pick the same ports.
    const firstPort = await freeBlock(50, { first: 11_000, blocks: 180 });
    let nextPort = firstPort;
    const freePort = () => {
      if (nextPort >= firstPort + 50) throw new Error('port block exhausted');
      return nextPort++;
    };
    const replicas = new Map<string, Replica>();
    const addresses: Record<string, string> = {};
    for (const service of SERVICES) {
      const ports = Array.from({ length: serviceReplicas }, () => freePort());
      addresses[`${service.toUpperCase()}_ADDR`] =
        `ipv4:${ports.map((port) => `127.0.0.1:${port}`).join(',')}`;
      ports.forEach((port, i) => {
        const id = `${service}-${i + 1}`;
        replicas.set(id, {
          id,
          process: service,
          address: `127.0.0.1:${port}`,
          metricsPort: freePort(),
          env: { GRPC_PORT: String(port) },
          lines: [],
        });
      });
    }
    for (let i = 1; i <= workers; i++) {
      const metrics = freePort();
      replicas.set(`worker-${i}`, {
        id: `worker-${i}`,
        process: 'worker',
        address: `http://127.0.0.1:${metrics}/metrics`,
        metricsPort: metrics,
        env: { WORKER_ID: `worker-${i}` },
        lines: [],
      });
    }
    const gateways: string[] = [];
    for (let i = 1; i <= 2; i++) {
      const port = freePort();
      const url = `http://127.0.0.1:${port}`;
      gateways.push(url);
      replicas.set(`gateway-${i}`, {
        id: `gateway-${i}`,
        process: 'gateway',
        address: url,
        metricsPort: freePort(),
        env: { PORT: String(port) },
        lines: [],
      });
    }
    const proxy = await startRoundRobinProxy(gateways);
    cleanups.push(() => proxy.close());

    const modelsDir = join(root, 'models');
    mkdirSync(modelsDir, { recursive: true });
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `rehearsal-${randomBytes(3).toString('hex')}`,
      HOST: '127.0.0.1',
      GRPC_HOST: '127.0.0.1',
      PUBLIC_URL: proxy.url,
      // One proxy in front (round-robin-proxy.ts appends the address it saw): that entry is the client.
      TRUST_PROXY: '1',
      // Its checks put many jobs per user on the queue at once: the fair queue's caps are not what they test.
      PLAN_MAX_WAITING_JOBS: 'free=1000',
      AUTH_SIGNING_KEYS: options.signingKeys,
      MODELS_DIR: modelsDir,
      PAYMENTS_TEST_MODE: 'true',
      BILLING_SIGNING_SECRET: randomBytes(32).toString('hex'),
      ...s3.env,
      ...addresses,
      ...options.env,
    };

    const topology: Topology = {
      url: proxy.url,
      proxy,
      gateways,
      replicas,
      env,
      postgres,
      redis,
      logs: (id) => replicas.get(id)?.lines ?? [],
      async start(id, extraEnv = {}) {
        const replica = replicas.get(id);
        if (!replica) throw new Error(`no replica ${id}`);
        const dataDir = join(root, 'data', id);
        mkdirSync(dataDir, { recursive: true });
        const child = spawnProcess(
          replica.process,
          {
            ...env,
            METRICS_PORT: String(replica.metricsPort),
            ...replica.env,
            DATA_DIR: dataDir,
            ...extraEnv,
          },
          { compiled: true },
        );
        replica.child = child;
        for (const stream of [child.stdout!, child.stderr!]) {
          createInterface({ input: stream }).on('line', (line) => {
            replica.lines.push(line);
            if (replica.lines.length > 2000) replica.lines.splice(0, 1000);
          });
        }
        await waitUntilReady(id, child, replica.lines, () => answers(replica.process, replica.address));
      },
      async kill(id, signal = 'SIGTERM') {
        const child = replicas.get(id)?.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill(signal);
        });
      },
      stop: async () => {
        await Promise.all([...replicas.keys()].map((id) => topology.kill(id)));
        await stopAll();
      },
    };
    // The first replica of each service migrates under its advisory lock while the second waits: start them
    // together, as a rollout does.
    const ids = [...replicas.keys()];
    cleanups.push(async () => {
      await Promise.all(ids.map((id) => topology.kill(id)));
    });
    await Promise.all(ids.filter((id) => !/^(gateway|worker)-/.test(id)).map((id) => topology.start(id)));
    log('services ready: 2 × auth, billing, community, history, jobs');
    await Promise.all(ids.filter((id) => id.startsWith('worker-')).map((id) => topology.start(id)));
    await Promise.all(ids.filter((id) => id.startsWith('gateway-')).map((id) => topology.start(id)));
    log(`workers and gateways ready; users reach ${proxy.url}`);
    return topology;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
