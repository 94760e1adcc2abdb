#!/usr/bin/env node
// `npm run rehearse [check…]`: production's topology on this machine, from compiled JavaScript, with every
// operator promise checked (test/rehearsal/). Names narrow it to some checks: `npm run rehearse -- rotation`.
import { execFileSync } from 'node:child_process';
import { ensureServicesBuild } from './build-services.mjs';
import { ROOT } from './lib/processes.mjs';

await ensureServicesBuild({ log: (line) => console.log(line) });
try {
  execFileSync(process.execPath, ['--import', 'tsx', 'test/rehearsal/main.ts', ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
} catch {
  process.exit(1);
}
