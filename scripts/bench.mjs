#!/usr/bin/env node
// `npm run bench`: runs every benchmark in bench/ one after another (timings never gate tests).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { ROOT } from './lib/processes.mjs';

// On the Node the images run (24): where this machine's is older, the copy CI keeps in .cache/node24
// (see .ci/run), when there is one. Runtimes differ a lot here (Node 24's async context and HTTP/2 are
// cheaper), so each benchmark says which one it ran on.
const node24 = `${ROOT}/.cache/node24/node_modules/.bin/node`;
const node =
  Number(process.versions.node.split('.')[0]) < 24 && existsSync(node24) ? node24 : process.execPath;
const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();

const only = process.argv[2];
const files = readdirSync(`${ROOT}/bench`)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => !only || name.includes(only))
  .sort();
// Every benchmark runs, even after one misses its budget (a missed budget exits 1): the figures of the
// others are still wanted. The run then exits 1, naming those that missed.
const missed = [];
for (const file of files) {
  console.log(`\n=== ${file} (Node ${version})`);
  try {
    execFileSync(node, ['--import', 'tsx', `bench/${file}`], { cwd: ROOT, stdio: 'inherit' });
  } catch {
    missed.push(file);
  }
}
if (missed.length > 0) {
  console.error(
    `\n${missed.length} of ${files.length} benchmarks missed a budget or failed: ${missed.join(', ')}`,
  );
  process.exit(1);
}
