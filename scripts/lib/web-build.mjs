// Builds the web app when web/dist is missing or older than its sources; shared by `npm start` and tests.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './processes.mjs';

function newestMtime(path) {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Returns true when it had to build. */
export function ensureWebBuild({ log = () => {} } = {}) {
  const builtIndex = join(ROOT, 'web/dist/index.html');
  const sources = [
    'web/src',
    'web/public',
    'web/index.html',
    'web/vite.config.ts',
    'services/common/src/generation-options.ts',
  ]
    .map((path) => join(ROOT, path))
    .filter((path) => existsSync(path));
  const newestSource = Math.max(...sources.map(newestMtime));
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= newestSource) return false;
  log('building the web app…');
  execSync('npm run build -w @pictura/web', { cwd: ROOT, stdio: 'inherit' });
  return true;
}
