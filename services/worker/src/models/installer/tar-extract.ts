// Extracts an npm package tarball (gzip + ustar, with pax and GNU long names) streaming, so a 100 MB
// package never sits in memory. Only regular files and folders are written; links, devices and any path
// that would land outside the destination (absolute, or climbing with "..") refuse the whole archive.
import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { dirname, isAbsolute, normalize, relative, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { InstallError } from './install-error.ts';

const BLOCK = 512;

export interface ExtractOptions {
  /** Leading path components dropped from every name (npm tarballs hold everything under "package/"). */
  stripComponents?: number;
  /** Refuses archives that unpack to more than this (a gzip bomb). */
  maxBytes?: number;
  signal?: AbortSignal;
}

function readString(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readSize(block: Buffer): number {
  // Base-256 (GNU) when the top bit is set, for members over 8 GB.
  if (block[124]! & 0x80) {
    let value = 0;
    for (let i = 125; i < 136; i++) value = value * 256 + block[i]!;
    return value;
  }
  return Number.parseInt(readString(block, 124, 12).trim() || '0', 8);
}

function parsePax(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space === -1) break;
    const length = Number.parseInt(data.subarray(at, space).toString('utf8'), 10);
    if (!(length > 0)) break;
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) records[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return records;
}

/** The destination path for an archive member, or an error when it would escape `dest`. */
export function safeMemberPath(dest: string, name: string, stripComponents: number): string | undefined {
  if (name.includes('\0') || isAbsolute(name) || /^[A-Za-z]:/.test(name))
    throw new InstallError('invalid', `the package contains an unsafe path: ${JSON.stringify(name)}`);
  const parts = normalize(name)
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  if (parts.includes('..'))
    throw new InstallError('invalid', `the package contains an unsafe path: ${JSON.stringify(name)}`);
  const kept = parts.slice(stripComponents);
  if (kept.length === 0) return undefined;
  const target = resolve(dest, ...kept);
  const inside = relative(resolve(dest), target);
  if (inside.startsWith('..') || isAbsolute(inside))
    throw new InstallError('invalid', `the package contains an unsafe path: ${JSON.stringify(name)}`);
  return target;
}

export async function extractTarGz(
  file: string,
  dest: string,
  options: ExtractOptions = {},
): Promise<number> {
  const strip = options.stripComponents ?? 0;
  const maxBytes = options.maxBytes ?? 8 * 1024 ** 3;
  await mkdir(dest, { recursive: true });
  let pending: Buffer = Buffer.alloc(0);
  let written = 0;
  let ended = false;
  // The member being read: its data goes to a file, or is collected (pax and GNU long-name records).
  let member:
    | {
        remaining: number;
        padding: number;
        handle?: Awaited<ReturnType<typeof open>>;
        collect?: Buffer[];
        kind: string;
      }
    | undefined;
  let nextName: string | undefined;

  async function startMember(header: Buffer) {
    const type = String.fromCharCode(header[156]!) || '0';
    const size = readSize(header);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    const prefix = readString(header, 345, 155);
    const base = readString(header, 0, 100);
    const name = nextName ?? (prefix ? `${prefix}/${base}` : base);
    if (type === 'x' || type === 'L' || type === 'g') {
      member = { remaining: size, padding, collect: [], kind: type };
      return;
    }
    nextName = undefined;
    if (type === '0' || type === '\0' || type === '7') {
      const target = safeMemberPath(dest, name, strip);
      written += size;
      if (written > maxBytes) throw new InstallError('invalid', 'the package unpacks to more than allowed');
      let handle: Awaited<ReturnType<typeof open>> | undefined;
      if (target) {
        await mkdir(dirname(target), { recursive: true });
        handle = await open(target, 'w', 0o644);
      }
      member = { remaining: size, padding, handle, kind: 'file' };
      if (size === 0) await finishMember();
      return;
    }
    if (type === '5') {
      const target = safeMemberPath(dest, name, strip);
      if (target) await mkdir(target, { recursive: true });
      member = { remaining: size, padding, kind: 'dir' };
      if (size === 0) await finishMember();
      return;
    }
    throw new InstallError('invalid', `the package contains a link or special file: ${JSON.stringify(name)}`);
  }

  async function finishMember() {
    if (!member) return;
    await member.handle?.close();
    if (member.collect) {
      const data = Buffer.concat(member.collect);
      if (member.kind === 'x') nextName = parsePax(data).path ?? nextName;
      if (member.kind === 'L') nextName = readString(data, 0, data.length);
    }
    member = { ...member, remaining: 0, handle: undefined, collect: undefined };
  }

  async function consume(chunk: Buffer) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (!ended) {
      if (member && member.remaining > 0) {
        if (pending.length === 0) return;
        const take = pending.subarray(0, Math.min(member.remaining, pending.length));
        pending = pending.subarray(take.length);
        member.remaining -= take.length;
        if (member.handle) await member.handle.write(take);
        else member.collect?.push(Buffer.from(take));
        if (member.remaining === 0) await finishMember();
        continue;
      }
      if (member && member.padding > 0) {
        const skip = Math.min(member.padding, pending.length);
        pending = pending.subarray(skip);
        member.padding -= skip;
        if (member.padding > 0) return;
      }
      member = undefined;
      if (pending.length < BLOCK) return;
      const header = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (header.every((b) => b === 0)) {
        ended = true;
        return;
      }
      await startMember(header);
    }
  }

  try {
    await pipeline(
      createReadStream(file),
      createGunzip(),
      async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) await consume(chunk);
      },
      { signal: options.signal },
    );
  } catch (error) {
    await member?.handle?.close().catch(() => {});
    if (error instanceof InstallError) throw error;
    if (options.signal?.aborted) throw new InstallError('cancelled', 'install cancelled');
    throw new InstallError('invalid', `the package tarball cannot be read: ${(error as Error).message}`);
  }
  if (member && member.remaining > 0) throw new InstallError('invalid', 'the package tarball is truncated');
  return written;
}
