// Finds (or starts privately) real Redis and PostgreSQL once for the whole run, and hands their URLs to
// every test file of the projects that use servers (integration, e2e). REDIS_URL and TEST_DATABASE_URL
// choose other servers. It also builds what the stacks run: the web app and the services' JavaScript.
import type { TestProject } from 'vitest/node';
import { ensureServicesBuild } from '../scripts/build-services.mjs';
import { ensurePostgres, ensureRedis } from '../scripts/lib/local-services.mjs';
import { ensureWebBuild } from '../scripts/lib/web-build.mjs';
import { startStackBroker } from './support/shared-stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
    postgresUrl: string;
  }
}

interface Servers {
  redisUrl: string;
  postgresUrl: string;
  /** Hands each test worker its shared stack (test/support/shared-stack.ts). */
  stackBrokerUrl: string;
  stop(): Promise<void>;
}

async function startServers(): Promise<Servers> {
  const log = (text: string) => console.log(`[test setup] ${text}`);
  // The end-to-end tests drive the built web app that the gateway serves. SKIP_WEB_BUILD=1 keeps the
  // current build, for a run of service tests while someone else is editing the web app.
  if (process.env.SKIP_WEB_BUILD !== '1') ensureWebBuild({ log });
  // The stacks run the services' compiled JavaScript, as the images do: built once here.
  await ensureServicesBuild({ log });
  const [redis, postgres] = await Promise.all([
    ensureRedis({ url: process.env.REDIS_URL, log }),
    ensurePostgres({ url: process.env.TEST_DATABASE_URL, log }),
  ]);
  const broker = await startStackBroker({ redisUrl: redis.url, postgresUrl: postgres.url });
  return {
    redisUrl: redis.url,
    postgresUrl: postgres.url,
    stackBrokerUrl: broker.url,
    stop: async () => {
      await broker.stop();
      await Promise.all([redis.stop(), postgres.stop()]);
    },
  };
}

// Each project that lists this file runs it; the servers are started once per run and stopped after the
// last project that uses them is done.
const shared = globalThis as { picturaTestServers?: { servers: Promise<Servers>; users: number } };

export default async function setup(project: TestProject) {
  shared.picturaTestServers ??= { servers: startServers(), users: 0 };
  const state = shared.picturaTestServers;
  state.users++;
  const servers = await state.servers;
  project.provide('redisUrl', servers.redisUrl);
  project.provide('postgresUrl', servers.postgresUrl);
  project.provide('stackBrokerUrl', servers.stackBrokerUrl);
  return async () => {
    if (--state.users > 0) return;
    shared.picturaTestServers = undefined;
    await servers.stop();
  };
}
