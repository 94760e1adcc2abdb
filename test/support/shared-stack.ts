// One whole stack per test worker, shared by the end-to-end files that can share one: files that need no
// settings of their own, never stop a process, and do not depend on being the stack's first visitors (the
// first account a stack registers becomes its administrator; registrations from one address are counted).
//
// The stacks belong to the test run's main process (test/global-setup.ts starts this broker), so each is
// stopped, and its scratch database dropped, when the run ends however the workers end. A worker asks the
// broker for its stack by its pool id: files run one after another in a worker, so no two files use one
// stack at the same time. The broker starts a stack on first request only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROCESS_NAMES } from '../../scripts/lib/processes.mjs';
import { apiAt, type Stack, startStack } from './stack.ts';

interface SharedStackInfo {
  url: string;
  env: Record<string, string>;
  metricsUrls: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stackBrokerUrl: string;
  }
}

export interface StackBroker {
  url: string;
  stop(): Promise<void>;
}

/** Serves GET /stacks/<worker>: the worker's stack, started on first request. */
export async function startStackBroker(servers: {
  redisUrl: string;
  postgresUrl: string;
}): Promise<StackBroker> {
  const stacks = new Map<string, Promise<Stack>>();
  const server: Server = createServer(async (req, res) => {
    const worker = /^\/stacks\/(\w+)$/.exec(req.url ?? '')?.[1];
    if (req.method !== 'GET' || !worker) {
      res.writeHead(404).end();
      return;
    }
    try {
      let stack = stacks.get(worker);
      if (!stack) {
        // Guests' per-minute limits are lifted: several files share one address (127.0.0.1) within a minute
        // here. The rate-limit tests check those limits on stacks of their own.
        stack = startStack({
          ...servers,
          env: { GUEST_GENERATE_PER_MINUTE: '0', GUEST_UPSCALE_PER_MINUTE: '0' },
        });
        stacks.set(worker, stack);
        // A stack that failed to start is not kept: the next file's request tries again.
        stack.catch(() => stacks.delete(worker));
      }
      const ready = await stack;
      const info: SharedStackInfo = {
        url: ready.url,
        env: ready.env,
        metricsUrls: Object.fromEntries(PROCESS_NAMES.map((name) => [name, ready.metricsUrl(name)])),
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(info));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String((error as Error).stack ?? error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.close();
      const started = await Promise.allSettled(stacks.values());
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    },
  };
}

/**
 * This worker's shared stack. It lives for the whole run: `stop()` here does nothing, and `start`/`kill`
 * refuse, since other files use the same processes. A file that needs either starts its own (startStack).
 */
export async function sharedStack(): Promise<Stack> {
  const { inject } = await import('vitest');
  const worker = process.env.VITEST_POOL_ID ?? '0';
  const res = await fetch(`${inject('stackBrokerUrl')}/stacks/${worker}`);
  if (!res.ok) throw new Error(`the shared stack did not start:\n${await res.text()}`);
  const info = (await res.json()) as SharedStackInfo;
  const refuse = async () => {
    throw new Error('a shared stack is not started or stopped by a test file: use startStack()');
  };
  return {
    url: info.url,
    env: info.env,
    start: refuse,
    kill: refuse,
    logs: () => {
      throw new Error(
        "a shared stack's logs stay with the run's main process: use startStack() to read them",
      );
    },
    metricsUrl: (name) => info.metricsUrls[name] ?? '',
    api: apiAt(info.url),
    stop: async () => {},
  };
}
