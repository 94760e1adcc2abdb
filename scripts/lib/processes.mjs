// The product's processes and how to start one; shared by `npm start` and the end-to-end tests.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Internal services first, the worker, then the public gateway. */
export const PROCESS_NAMES = ['auth', 'billing', 'community', 'history', 'jobs', 'worker', 'gateway'];

/** Loaded before each process's own code: drizzle-orm's faster CommonJS build (its comments say why). */
const PROCESS_START = '@pictura/common/process-start';

/**
 * How production starts a process: its compiled JavaScript, with @pictura/common resolved to
 * services/common/dist through the "pictura-dist" export condition (scripts/build-services.mjs builds
 * both). The images run exactly this.
 */
export function compiledCommand(name) {
  return [
    '--enable-source-maps',
    '--conditions=pictura-dist',
    `--import=${PROCESS_START}`,
    `services/${name}/dist/main.js`,
  ];
}

/**
 * Starts one process as its own OS process: its TypeScript through tsx, or with `compiled` its built
 * JavaScript as production runs it (build first: ensureServicesBuild). `detached` gives it a process group
 * of its own, so a terminal's Ctrl-C reaches only the supervisor, which then stops each process once,
 * gracefully.
 */
export function spawnProcess(
  name,
  env,
  { stdio = ['ignore', 'pipe', 'pipe'], detached = false, compiled = false } = {},
) {
  const args = compiled
    ? compiledCommand(name)
    : ['--import', 'tsx', `--import=${PROCESS_START}`, `services/${name}/src/main.ts`];
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio,
    detached,
  });
}

/** A distinct port block per run, so several stacks (tests, a running app) never collide. */
export function portEnv(base) {
  return {
    AUTH_ADDR: `127.0.0.1:${base + 1}`,
    BILLING_ADDR: `127.0.0.1:${base + 2}`,
    COMMUNITY_ADDR: `127.0.0.1:${base + 3}`,
    HISTORY_ADDR: `127.0.0.1:${base + 4}`,
    JOBS_ADDR: `127.0.0.1:${base + 5}`,
  };
}

export function metricsPortFor(name, base) {
  return base + 10 + PROCESS_NAMES.indexOf(name);
}
