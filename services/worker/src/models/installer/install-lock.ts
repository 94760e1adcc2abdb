// One install of a model at a time, across processes and hosts that share MODELS_DIR: a lock file created
// with 'wx' (exclusive). It names its holder, so a lock left by a crashed process is taken over: stale when
// that pid is gone on this host, or after 24 h wherever it came from (a lock from another host whose process
// died cannot be checked any other way).
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { InstallError } from './install-error.ts';

export const LOCKS_FOLDER = '.locks';
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

interface LockHolder {
  pid: number;
  host: string;
  time: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(holder: LockHolder | undefined, now: number): boolean {
  if (!holder) return true;
  if (now - Date.parse(holder.time) > STALE_AFTER_MS || Number.isNaN(Date.parse(holder.time))) return true;
  return holder.host === hostname() && !isAlive(holder.pid);
}

/** Takes the lock for a model id; resolves to its release function, or refuses with already_installing. */
export async function acquireInstallLock(modelsDir: string, id: string): Promise<() => Promise<void>> {
  const dir = join(modelsDir, LOCKS_FOLDER);
  const path = join(dir, `${id}.lock`);
  await mkdir(dir, { recursive: true });
  const holder: LockHolder = { pid: process.pid, host: hostname(), time: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, JSON.stringify(holder), { flag: 'wx' });
      return async () => {
        await unlink(path).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = await readFile(path, 'utf8')
      .then((text) => JSON.parse(text) as LockHolder)
      .catch(() => undefined);
    if (attempt > 0 || !isStale(current, Date.now())) {
      const who = current ? ` (pid ${current.pid} on ${current.host} since ${current.time})` : '';
      throw new InstallError('already_installing', `model "${id}" is already being installed${who}`);
    }
    await unlink(path).catch(() => {});
  }
  throw new InstallError('already_installing', `model "${id}" is already being installed`);
}
