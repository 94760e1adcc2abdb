#!/usr/bin/env node
// `npm run bench`: runs every benchmark in bench/ one after another (timings never gate tests).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { ROOT } from './lib/processes.mjs';

const only = process.argv[2];
const files = readdirSync(`${ROOT}/bench`)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => !only || name.includes(only))
  .sort();
for (const file of files) {
  console.log(`\n=== ${file}`);
  execFileSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { cwd: ROOT, stdio: 'inherit' });
}
