// Boots the real product, every process its own OS process, on ports, a queue prefix and a data
// folder of its own, for end-to-end tests.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Health, HealthCheckResponse_ServingStatus } from '@pictura/common/gen/grpc/health/v1/health_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { ensureServicesBuild } from '../../scripts/build-services.mjs';
import { isListening } from '../../scripts/lib/local-services.mjs';
import { metricsPortFor, PROCESS_NAMES, portEnv, spawnProcess } from '../../scripts/lib/processes.mjs';
import { createScratchDatabase } from './databases.ts';

export interface Stack {
  url: string;
  env: Record<string, string>;
  start(name: string): Promise<void>;
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  logs(name: string): string[];
  /** The process's Prometheus endpoint. */
  metricsUrl(name: string): string;
  /** A JSON call to the gateway, as the web app makes it (bearer token when given). */
  api<T = Record<string, unknown>>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

/**
 * The first port of `size` free ones, from a block below Linux's ephemeral range (32768+), so no outgoing
 * connection can take one between our check and the process's bind. By default a range of its own per vitest
 * worker, so files running side by side never pick the same block; `range` names another (the rehearsal's).
 */
export async function freeBlock(
  size: number,
  range = { first: 21000 + (Number(process.env.VITEST_POOL_ID ?? 0) % 4) * 2750, blocks: 55 },
): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = range.first + Math.floor(Math.random() * range.blocks) * 50;
    const taken = await Promise.all(
      Array.from({ length: size }, (_, i) => isListening('127.0.0.1', base + i, 200)),
    );
    if (!taken.some(Boolean)) return base;
  }
  throw new Error('no free port block');
}

/**
 * Whether a process answers: `at` is the gateway's base URL (/api/health), the worker's metrics URL, or a
 * service's gRPC address (the standard health check).
 */
export async function answers(name: string, at: string): Promise<boolean> {
  if (name === 'gateway') return (await fetch(`${at}/api/health`).catch(() => undefined))?.ok === true;
  if (name === 'worker') return (await fetch(at).catch(() => undefined))?.ok === true;
  const health = createServiceClient(Health, at, { deadlineMs: 500 });
  const status = await health.check({ service: '' }).then(
    (r) => r.status,
    () => undefined,
  );
  health.close();
  return status === HealthCheckResponse_ServingStatus.SERVING;
}

/** Waits up to 120 s until the process answers; fails at once, with its last lines, if it exits first. */
export async function waitUntilReady(
  name: string,
  child: ChildProcess,
  lines: string[],
  ready: () => Promise<boolean>,
): Promise<void> {
  let exited: Error | undefined;
  child.once('exit', (code, signal) => {
    exited = new Error(
      `${name} exited (${code ?? signal}) before it was ready:\n${lines.slice(-20).join('\n')}`,
    );
  });
  for (const end = Date.now() + 120_000; Date.now() < end; ) {
    if (exited) throw exited;
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} was not ready within 120 s:\n${lines.slice(-20).join('\n')}`);
}

/** A JSON call to a gateway, as the web app makes it (bearer token when given). */
export function apiAt(url: string): Stack['api'] {
  return async <T>(method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = res.headers.get('content-type')?.includes('json') ? await res.json() : {};
    return { status: res.status, body: json as T };
  };
}

export async function startStack(
  options: {
    processes?: string[];
    database?: 'postgres' | 'pglite';
    /** Extra variables; a function gets the gateway's port (for settings that name the site's own origins). */
    env?: Record<string, string> | ((stack: { port: number }) => Record<string, string>);
    /** Outside vitest (benchmarks) pass the servers; inside, the harness's are used. */
    redisUrl?: string;
    postgresUrl?: string;
    /**
     * Run the compiled JavaScript as production does (the default; built first when missing or stale), or
     * `false`: the TypeScript sources through tsx, as `npm start` in development.
     */
    compiled?: boolean;
  } = {},
): Promise<Stack> {
  const provided = options.redisUrl && options.postgresUrl ? undefined : await import('vitest');
  const redisUrl = options.redisUrl ?? provided!.inject('redisUrl');
  const postgresUrl = options.postgresUrl ?? provided!.inject('postgresUrl');
  const names = options.processes ?? PROCESS_NAMES;
  // Compiled processes start in about half the CPU time of tsx, and are what the images run.
  const compiled = options.compiled ?? true;
  if (compiled) await ensureServicesBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'pictura-e2e-'));
  // One block per stack: gRPC at base+1…5, metrics at base+10…16, HTTP at base+19.
  const base = await freeBlock(20);
  const port = base + 19;
  const scratch = options.database === 'pglite' ? undefined : await createScratchDatabase(postgresUrl);
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: `e2e-${randomBytes(4).toString('hex')}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Tests register up to five accounts from 127.0.0.1; the security check's own tests lower this.
    AUTH_REGISTRATIONS_BEFORE_CHECK: '5',
    // Tests queue many jobs from 127.0.0.1 at once; the fair queue's own test (fair-queue.e2e) sets the caps.
    GUEST_MAX_WAITING_JOBS: '100',
    PLAN_MAX_WAITING_JOBS: 'free=100,premium=100,ultimate=100,enterprise=100',
    ...portEnv(base),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(typeof options.env === 'function' ? options.env({ port }) : options.env),
  };
  const children = new Map<string, ChildProcess>();
  const output = new Map<string, string[]>();

  async function start(name: string) {
    const child = spawnProcess(
      name,
      { ...env, METRICS_PORT: String(metricsPortFor(name, base)) },
      { compiled },
    );
    const lines = output.get(name) ?? [];
    output.set(name, lines);
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => lines.push(line));
    }
    children.set(name, child);
    const at =
      name === 'gateway'
        ? `http://127.0.0.1:${port}`
        : name === 'worker'
          ? `http://127.0.0.1:${metricsPortFor(name, base)}/metrics`
          : env[`${name.toUpperCase()}_ADDR`]!;
    await waitUntilReady(name, child, lines, () => answers(name, at));
  }

  async function kill(name: string, signal: NodeJS.Signals = 'SIGTERM') {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
    children.delete(name);
  }

  const stack: Stack = {
    url: `http://127.0.0.1:${port}`,
    env,
    start,
    kill,
    logs: (name) => output.get(name) ?? [],
    metricsUrl: (name) => `http://127.0.0.1:${metricsPortFor(name, base)}/metrics`,
    api: apiAt(`http://127.0.0.1:${port}`),
    async stop() {
      await Promise.all([...children.keys()].map((name) => kill(name)));
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    // Services first: the gateway counts as ready only once the services it calls answer.
    await Promise.all(names.filter((n) => n !== 'gateway').map(start));
    if (names.includes('gateway')) await start('gateway');
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}

/** Reads a Server-Sent Events stream until it ends, returning each `data:` payload parsed. */
export async function readEvents<T>(
  url: string,
  until: (event: T) => boolean,
  timeoutMs = 60_000,
): Promise<T[]> {
  const res = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'text/event-stream' },
  });
  if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
  const events: T[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (data) {
        const event = JSON.parse(data.slice(6)) as T;
        events.push(event);
        if (until(event)) return events;
      }
      end = buffer.indexOf('\n\n');
    }
  }
  return events;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0) !== 0x89504e47) throw new Error('not a PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
