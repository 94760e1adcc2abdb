// CPU time of the benchmark's processes, read from /proc (Linux), to say what each costs per job.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface ProcessInfo {
  pid: number;
  ppid: number;
  comm: string;
  cmdline: string;
  cpuMs: number;
  /** Of which in the kernel (system calls: sockets, files). */
  systemMs: number;
}

function read(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields after it start past its closing parenthesis.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const [user, system] = [Number(fields[11]), Number(fields[12])];
    const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;
    return { pid, ppid: Number(fields[1]), comm, cmdline, cpuMs: ms(user + system), systemMs: ms(system) };
  } catch {
    return undefined;
  }
}

function all(): ProcessInfo[] {
  if (process.platform !== 'linux') return [];
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => read(Number(name)))
    .filter((p): p is ProcessInfo => p !== undefined);
}

/** Names the processes to watch: this one's children by what they run, Redis, and the database's backends. */
function nameOf(p: ProcessInfo, redisPort: string, database: string): string | undefined {
  if (p.ppid === process.pid) {
    const service = /services\/(\w+)\/src\/main\.ts/.exec(p.cmdline)?.[1];
    if (service) return service;
    if (p.cmdline.includes('null-worker')) return 'worker';
  }
  if (p.comm === 'redis-server' && p.cmdline.includes(`:${redisPort}`)) return 'redis';
  // A backend's title names its database: `postgres: <user> <database> <client> <state>`.
  if (p.comm === 'postgres' && p.cmdline.includes(` ${database} `)) return 'postgres';
  return undefined;
}

export type CpuSnapshot = Map<string, { cpuMs: number; systemMs: number }>;

export function cpuSnapshot(redisUrl: string, databaseUrl: string): CpuSnapshot {
  const port = new URL(redisUrl).port || '6379';
  const database = new URL(databaseUrl).pathname.slice(1);
  const totals: CpuSnapshot = new Map();
  for (const p of all()) {
    const name = nameOf(p, port, database);
    if (!name) continue;
    const total = totals.get(name) ?? { cpuMs: 0, systemMs: 0 };
    totals.set(name, { cpuMs: total.cpuMs + p.cpuMs, systemMs: total.systemMs + p.systemMs });
  }
  const self = process.cpuUsage();
  totals.set('bench client', { cpuMs: (self.user + self.system) / 1000, systemMs: self.system / 1000 });
  return totals;
}

export interface CpuPerJob {
  name: string;
  ms: number;
  systemMs: number;
}

/** CPU milliseconds per job for each process between two snapshots, busiest first. */
export function cpuPerJob(before: CpuSnapshot, after: CpuSnapshot, jobs: number): CpuPerJob[] {
  return [...after]
    .map(([name, { cpuMs, systemMs }]) => ({
      name,
      ms: (cpuMs - (before.get(name)?.cpuMs ?? 0)) / jobs,
      systemMs: (systemMs - (before.get(name)?.systemMs ?? 0)) / jobs,
    }))
    .sort((a, b) => b.ms - a.ms);
}
