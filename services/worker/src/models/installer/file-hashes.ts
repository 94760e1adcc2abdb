// Checksums the installer verifies: SHA-256 (catalogue values and the Hub's LFS oids), the git blob SHA-1
// the Hub gives for small files kept in git itself, and npm's sha512 integrity strings.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

async function digest(path: string, algorithm: string, prefix?: string): Promise<Buffer> {
  const hash = createHash(algorithm);
  if (prefix !== undefined) hash.update(prefix);
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest();
}

export async function sha256File(path: string): Promise<string> {
  return (await digest(path, 'sha256')).toString('hex');
}

/** What git names a file: SHA-1 of "blob <size>\0<content>". */
export async function gitBlobSha1File(path: string): Promise<string> {
  const { size } = await stat(path);
  return (await digest(path, 'sha1', `blob ${size}\0`)).toString('hex');
}

/** The file's Subresource Integrity string in the algorithm `integrity` uses ("sha512-<base64>"). */
export async function integrityOf(path: string, integrity: string): Promise<string> {
  const algorithm = integrity.slice(0, integrity.indexOf('-'));
  if (!['sha512', 'sha384', 'sha256', 'sha1'].includes(algorithm)) return '';
  return `${algorithm}-${(await digest(path, algorithm)).toString('base64')}`;
}
