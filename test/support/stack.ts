// Boots the real product, every process its own OS process, on ports, a queue prefix and a data
// folder of its own, for end-to-end tests.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { inject } from 'vitest';
import { freePort, isListening } from '../../scripts/lib/local-services.mjs';
import { metricsPortFor, PROCESS_NAMES, portEnv, spawnProcess } from '../../scripts/lib/processes.mjs';
import { createScratchDatabase } from './databases.ts';

export interface Stack {
  url: string;
  env: Record<string, string>;
  start(name: string): Promise<void>;
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  logs(name: string): string[];
  stop(): Promise<void>;
}

async function freeBlock(size: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 21000 + Math.floor(Math.random() * 400) * 50;
    const taken = await Promise.all(Array.from({ length: size }, (_, i) => isListening('127.0.0.1', base + i, 200)));
    if (!taken.some(Boolean)) return base;
  }
  throw new Error('no free port block');
}

export async function startStack(options: {
  processes?: string[];
  database?: 'postgres' | 'pglite';
  env?: Record<string, string>;
  waitForWorker?: boolean;
} = {}): Promise<Stack> {
  const names = options.processes ?? PROCESS_NAMES;
  const dataDir = mkdtempSync(join(tmpdir(), 'pictura-e2e-'));
  const base = await freeBlock(20);
  const port = await freePort();
  const scratch = options.database === 'pglite' ? undefined : await createScratchDatabase();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    REDIS_URL: inject('redisUrl'),
    QUEUE_PREFIX: `e2e-${randomBytes(4).toString('hex')}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...portEnv(base),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...options.env,
  };
  const children = new Map<string, ChildProcess>();
  const output = new Map<string, string[]>();

  async function start(name: string) {
    const child = spawnProcess(name, { ...env, METRICS_PORT: String(metricsPortFor(name, base)) });
    const lines = output.get(name) ?? [];
    output.set(name, lines);
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => lines.push(line));
    }
    children.set(name, child);
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (lines.some((line) => /"msg":"[^"]*(service ready|worker ready|gateway ready)"/.test(line))) {
          clearInterval(timer);
          resolve();
        }
      }, 50);
      child.once('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`${name} exited with ${code} before it was ready:\n${lines.slice(-20).join('\n')}`));
      });
    });
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
    async stop() {
      await Promise.all([...children.keys()].map((name) => kill(name)));
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.all(names.map(start));
    if (names.includes('gateway') && options.waitForWorker !== false && names.includes('worker')) {
      for (let i = 0; i < 200; i++) {
        const res = await fetch(`${stack.url}/api/health`).catch(() => undefined);
        if (res?.ok) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}

/** Reads a Server-Sent Events stream until it ends, returning each `data:` payload parsed. */
export async function readEvents<T>(url: string, until: (event: T) => boolean, timeoutMs = 60_000): Promise<T[]> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'text/event-stream' } });
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
