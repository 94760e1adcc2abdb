// Finds (or starts privately) real Redis and PostgreSQL once for the whole run, and hands their
// URLs to every test file. REDIS_URL and TEST_DATABASE_URL choose other servers.
import type { TestProject } from 'vitest/node';
import { ensurePostgres, ensureRedis } from '../scripts/lib/local-services.mjs';
import { ensureWebBuild } from '../scripts/lib/web-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const log = (text: string) => console.log(`[test setup] ${text}`);
  // The end-to-end tests drive the built web app that the gateway serves. SKIP_WEB_BUILD=1 keeps the
  // current build, for a run of service tests while someone else is editing the web app.
  if (process.env.SKIP_WEB_BUILD !== '1') ensureWebBuild({ log });
  const redis = await ensureRedis({ url: process.env.REDIS_URL, log });
  const postgres = await ensurePostgres({ url: process.env.TEST_DATABASE_URL, log });
  project.provide('redisUrl', redis.url);
  project.provide('postgresUrl', postgres.url);
  return async () => {
    await redis.stop();
    await postgres.stop();
  };
}
