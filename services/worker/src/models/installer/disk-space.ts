// Refuses an install that would fill the disk, before the first byte is written. The margin keeps room for
// what else writes there (the object store often shares the volume): 2% of what the install needs plus
// 64 MiB.
import { statfs as fsStatfs } from 'node:fs/promises';
import { InstallError } from './install-error.ts';

export type StatfsFunction = (path: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

export const DISK_MARGIN_BYTES = 64 * 1024 * 1024;

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value >= 100 || unit === 0 ? 0 : 1)} ${units[unit]}`;
}

export async function ensureDiskSpace(
  dir: string,
  neededBytes: number,
  statfs: StatfsFunction = fsStatfs,
): Promise<void> {
  const stats = await statfs(dir);
  const free = Number(stats.bavail) * Number(stats.bsize);
  const needed = neededBytes + Math.ceil(neededBytes * 0.02) + DISK_MARGIN_BYTES;
  if (free < needed) {
    throw new InstallError(
      'disk_full',
      `not enough disk space in ${dir}: the install needs ${formatBytes(needed)} (with a safety margin), ${formatBytes(free)} is free`,
    );
  }
}
