// Builds the web app when web/dist is missing or older than its sources; shared by `npm start` and tests.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './processes.mjs';

function newestMtime(path) {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const LOCK = join(ROOT, 'web/.build-lock');
const STALE_LOCK_MS = 5 * 60_000;

/** One build at a time across processes (two test runs, or a test run and `npm start`). */
function withBuildLock(work) {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > STALE_LOCK_MS)
        rmSync(LOCK, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** The services/common files the web app imports, relative to the root: web/tsconfig.json's `paths`. */
function sharedModules() {
  const { compilerOptions } = JSON.parse(readFileSync(join(ROOT, 'web/tsconfig.json'), 'utf8'));
  return Object.values(compilerOptions.paths).map(([path]) => join('web', path));
}

/** Returns true when it had to build. */
export function ensureWebBuild({ log = () => {} } = {}) {
  return withBuildLock(() => buildWhenStale(log));
}

function buildWhenStale(log) {
  const builtIndex = join(ROOT, 'web/dist/index.html');
  const sources = [
    'web/src',
    'web/public',
    'web/index.html',
    'web/vite.config.ts',
    'web/package.json',
    // The post-build steps: offline worker, sitemap, pre-rendered pages.
    'web/scripts',
    // The services/common modules the app imports (web/tsconfig.json's paths, the one list of them).
    ...sharedModules(),
  ]
    .map((path) => join(ROOT, path))
    .filter((path) => existsSync(path));
  const newestSource = Math.max(...sources.map(newestMtime));
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= newestSource) return false;
  log('building the web app…');
  execSync('npm run build -w @pictura/web', { cwd: ROOT, stdio: 'inherit' });
  return true;
}
