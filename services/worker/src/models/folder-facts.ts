// What the registry and the installer need to know about a model folder on disk.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Total size, file count and newest change under a path (recursive; a file counts as itself). */
export async function folderFacts(path: string): Promise<{ bytes: number; newest: number; files: number }> {
  const info = await stat(path);
  if (!info.isDirectory()) return { bytes: info.size, newest: info.mtimeMs, files: 1 };
  let bytes = 0;
  let newest = info.mtimeMs;
  let files = 0;
  for (const entry of await readdir(path, { withFileTypes: true })) {
    const facts = await folderFacts(join(path, entry.name));
    bytes += facts.bytes;
    newest = Math.max(newest, facts.newest);
    files += facts.files;
  }
  return { bytes, newest, files };
}
