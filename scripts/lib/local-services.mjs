// Finds, or starts privately, the Redis and PostgreSQL servers the product and its tests need.
// Used by `npm start` and by the test harness, so both behave the same on a fresh machine.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export class MissingPrerequisite extends Error {}

/** Resolves true when something accepts a TCP connection at host:port within the timeout. */
export function isListening(host, port, timeoutMs = 500) {
  return new Promise((done) => {
    const socket = createConnection({ host, port });
    const finish = (ok) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** Sends PING over the Redis protocol; true when a Redis server answers PONG. */
export function redisAnswers(url, timeoutMs = 1000) {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = createConnection({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 6379) });
    let reply = '';
    const finish = (ok) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => socket.write('*1\r\n$4\r\nPING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG') || reply.startsWith('-NOAUTH'));
    });
    socket.once('error', () => finish(false));
  });
}

export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
    server.once('error', fail);
  });
}

function which(binary, extraDirs = []) {
  for (const dir of [...(process.env.PATH ?? '').split(':'), ...extraDirs]) {
    if (dir && existsSync(join(dir, binary))) return join(dir, binary);
  }
  return undefined;
}

async function waitFor(check, what, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
}

/**
 * Redis at `url` if one answers there; otherwise a private redis-server (no persistence) on a free port.
 * Returns the URL to use and a stop function.
 */
export async function ensureRedis({ url = 'redis://127.0.0.1:6379', dataDir, log = () => {} } = {}) {
  if (await redisAnswers(url)) return { url, started: false, stop: async () => {} };
  const binary = which('redis-server', ['/usr/bin', '/usr/local/bin', '/opt/homebrew/bin']);
  if (!binary) {
    throw new MissingPrerequisite(
      `No Redis answers at ${url}, and redis-server is not installed.\n` +
        '  Install it (Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis),\n' +
        '  or point REDIS_URL at a running Redis.',
    );
  }
  const port = await freePort();
  const dir = dataDir ? resolve(dataDir, 'redis') : mkdtempSync(join(tmpdir(), 'pictura-redis-'));
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  const privateUrl = `redis://127.0.0.1:${port}`;
  await waitFor(() => redisAnswers(privateUrl), 'redis-server');
  log(`started a private redis-server on port ${port}`);
  return {
    url: privateUrl,
    started: true,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

function postgresBinDir() {
  const initdb = which('initdb');
  if (initdb) return resolve(initdb, '..');
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(root, version, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

/**
 * A PostgreSQL server URL: `url` if something listens there; otherwise a private throwaway cluster
 * (trust auth, loopback only) made with the installed initdb. Runs as the postgres user when root.
 */
export async function ensurePostgres({
  url = 'postgres://postgres@127.0.0.1:5432/postgres',
  log = () => {},
} = {}) {
  const { hostname, port } = new URL(url);
  if (await isListening(hostname, Number(port || 5432))) return { url, started: false, stop: async () => {} };
  const bin = postgresBinDir();
  if (!bin) {
    throw new MissingPrerequisite(
      `No PostgreSQL answers at ${hostname}:${port || 5432}, and initdb is not installed.\n` +
        '  Install it (Debian/Ubuntu: sudo apt-get install -y postgresql), or set TEST_DATABASE_URL.',
    );
  }
  const asRoot = process.getuid?.() === 0;
  const run = (binary, args) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, binary), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, binary), args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'pictura-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const privatePort = await freePort();
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  run('pg_ctl', [
    '-D',
    dataDir,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${privatePort} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`,
    'start',
  ]);
  log(`started a private PostgreSQL on port ${privatePort}`);
  return {
    url: `postgres://postgres@127.0.0.1:${privatePort}/postgres`,
    started: true,
    stop: async () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
