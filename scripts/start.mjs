#!/usr/bin/env node
// `npm start`: installs what is missing (dependencies, then the models PICTURA_MODELS names), builds, finds
// or starts Redis, runs every process with prefixed logs, serves http://localhost:8080, and stops everything
// cleanly on Ctrl-C.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureRedis, isListening, MissingPrerequisite } from './lib/local-services.mjs';
import { PROCESS_NAMES, ROOT, spawnProcess } from './lib/processes.mjs';
import { installStartupModels } from './lib/startup-models.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(
    `Pictura needs Node.js 20.19 or newer; this is ${process.version}. Install it from your package manager or nodejs.org.`,
  );
  process.exit(1);
}

const say = (text) => console.log(`\x1b[1m[start]\x1b[0m ${text}`);
const port = Number(process.env.PORT ?? 8080);
const env = {
  DATA_DIR: join(ROOT, '.data'),
  // Installed models (npm run models, the admin Models page, PICTURA_MODELS below).
  MODELS_DIR: join(ROOT, '.data', 'models'),
  NODE_ENV: 'production',
  PUBLIC_URL: `http://localhost:${port}`,
  ...process.env,
};

if (!existsSync(join(ROOT, 'node_modules'))) {
  say('installing dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { cwd: ROOT, stdio: 'inherit' });
}

ensureWebBuild({ log: say });

if (await isListening('127.0.0.1', port)) {
  console.error(`Port ${port} is already in use. Stop what is using it, or run with PORT=<another port>.`);
  process.exit(1);
}

await installStartupModels({ env, log: say });

let redis;
try {
  redis = await ensureRedis({
    url: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    dataDir: env.DATA_DIR,
    log: say,
  });
} catch (error) {
  if (error instanceof MissingPrerequisite) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
env.REDIS_URL = redis.url;

const COLORS = [31, 32, 33, 34, 35, 36, 91, 92];
const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const width = Math.max(...PROCESS_NAMES.map((n) => n.length));
const children = new Map();
let stopping = false;

function printLines(name, stream, color) {
  const prefix = `\x1b[${color}m${name.padEnd(width)} |\x1b[0m`;
  createInterface({ input: stream }).on('line', (line) => {
    try {
      const { level, msg, time, service, name: _n, pid: _p, hostname: _h, ...rest } = JSON.parse(line);
      const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
      console.log(`${prefix} ${LEVELS[level] ?? level} ${msg}${extra}`);
    } catch {
      console.log(`${prefix} ${line}`);
    }
  });
}

function start(name, index, restarts = 0) {
  const child = spawnProcess(name, env, { detached: true });
  const color = COLORS[index % COLORS.length];
  printLines(name, child.stdout, color);
  printLines(name, child.stderr, color);
  children.set(name, child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    // Exit code 78 is a configuration error: restarting would not help.
    if (code === 78 || restarts >= 5) {
      say(`${name} stopped (${signal ?? code}); stopping everything`);
      void stopAll(1);
      return;
    }
    say(`${name} exited (${signal ?? code}); restarting`);
    setTimeout(() => start(name, index, restarts + 1), 1000 * (restarts + 1));
  });
}

async function stopAll(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  say('stopping…');
  await Promise.all(
    [...children.values()].map(
      (child) =>
        new Promise((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', done);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
        }),
    ),
  );
  await redis.stop();
  process.exit(exitCode);
}

process.on('SIGINT', () => void stopAll());
process.on('SIGTERM', () => void stopAll());

for (const [index, name] of PROCESS_NAMES.entries()) start(name, index);

const url = `http://localhost:${port}`;
for (let i = 0; i < 600 && !stopping; i++) {
  try {
    const res = await fetch(`${url}/api/health`);
    if (res.ok) {
      say(`Pictura is running at \x1b[1m${url}/\x1b[0m (Ctrl-C stops it)`);
      break;
    }
  } catch {}
  await new Promise((r) => setTimeout(r, 250));
}
