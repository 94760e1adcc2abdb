#!/usr/bin/env node
// Type-checks each TypeScript project once (npm run typecheck): the services, tests and tools; the web app;
// the web app's build scripts; its Vite config. Side by side, as many at a time as there are cores, and
// incremental: each project keeps its .tsbuildinfo in .cache/tsc/, so a second run checks only what changed.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/processes.mjs';

export const PROJECTS = {
  services: 'tsconfig.json',
  web: 'web/tsconfig.json',
  'web-scripts': 'web/scripts/tsconfig.json',
  'web-vite-config': 'web/tsconfig.node.json',
};

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const CACHE = join(ROOT, '.cache/tsc');

function check(name, project) {
  const args = [
    TSC,
    '-p',
    project,
    '--noEmit',
    '--incremental',
    '--tsBuildInfoFile',
    join(CACHE, `${name}.tsbuildinfo`),
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => resolve({ name, ok: code === 0, output }));
  });
}

async function main() {
  mkdirSync(CACHE, { recursive: true });
  const queue = Object.entries(PROJECTS);
  const results = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await check(...next));
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, lane));
  for (const { name, ok, output } of results) {
    if (!ok) process.stderr.write(`typecheck ${name} (${PROJECTS[name]}) failed:\n${output}\n`);
  }
  if (results.some((r) => !r.ok)) process.exit(1);
}

await main();
