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
  const server = await startPrivateRedis({ dataDir: dataDir && resolve(dataDir, 'redis'), url });
  log(`started a private redis-server on port ${new URL(server.url).port}`);
  return { url: server.url, started: true, stop: server.stop };
}

/**
 * A redis-server of our own on a free loopback port that can be taken down and brought back on the same port
 * and data (the production rehearsal restarts it under load). `persistent` keeps an append-only file, as
 * production Redis does, so a restart loses nothing it acknowledged.
 */
export async function startPrivateRedis({
  dataDir,
  persistent = false,
  url = 'redis://127.0.0.1:6379',
} = {}) {
  const binary = which('redis-server', ['/usr/bin', '/usr/local/bin', '/opt/homebrew/bin']);
  if (!binary) {
    throw new MissingPrerequisite(
      `No Redis answers at ${url}, and redis-server is not installed.\n` +
        '  Install it (Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis),\n' +
        '  or point REDIS_URL at a running Redis.',
    );
  }
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'pictura-redis-'));
  mkdirSync(dir, { recursive: true });
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir];
  args.push(...(persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']));
  const privateUrl = `redis://127.0.0.1:${port}`;
  let child;
  const up = async () => {
    child = spawn(binary, args, { stdio: 'ignore' });
    await waitFor(() => redisAnswers(privateUrl), 'redis-server');
  };
  const down = () =>
    new Promise((done) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  await up();
  return { url: privateUrl, stop: down, down, up };
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
  const server = await startPrivatePostgres({ url });
  log(`started a private PostgreSQL on port ${new URL(server.url).port}`);
  return { url: server.url, started: true, stop: server.stop };
}

/**
 * A throwaway PostgreSQL cluster of our own on a free loopback port. `down` stops it (fast shutdown, as a
 * restart in production does) and `up` starts it again on the same port and data; `stop` removes it.
 */
export async function startPrivatePostgres({
  url = 'postgres://postgres@127.0.0.1:5432/postgres',
  durable = false,
} = {}) {
  const bin = postgresBinDir();
  if (!bin) {
    const { hostname, port } = new URL(url);
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
  // fsync off is fine for throwaway test data; the rehearsal keeps it on, so a restart is a real one.
  const options = `-p ${privatePort} -c listen_addresses=127.0.0.1 -k ${dir} -c max_connections=300${durable ? '' : ' -c fsync=off'}`;
  const up = async () => {
    run('pg_ctl', ['-D', dataDir, '-w', '-l', join(dir, 'log'), '-o', options, 'start']);
  };
  const down = async (mode = 'fast') => {
    run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  };
  await up();
  return {
    url: `postgres://postgres@127.0.0.1:${privatePort}/postgres`,
    up,
    down,
    stop: async () => {
      try {
        await down('immediate');
      } catch {
        // already down
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
