// A loopback npm registry: packuments (GET /<name>, scoped names as /@scope%2fname or /@scope/name) and
// tarballs (GET /<name>/-/<file>.tgz) with the real sha512 integrity and sha1 shasum npm publishes. Tests
// build package tarballs with `tarGz`, a small ustar writer that can also write the hostile entries
// (paths climbing out with "..", absolute paths, symlinks) an extractor must refuse.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface TarEntry {
  path: string;
  content?: Buffer | string;
  type?: 'file' | 'directory' | 'symlink';
  linkTarget?: string;
}

function header(entry: TarEntry, size: number): Buffer {
  const block = Buffer.alloc(512);
  let name = entry.path;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', name.length - 1 - 0);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
  }
  block.write(name, 0, 100);
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0');
  block.write(octal(entry.type === 'directory' ? 0o755 : 0o644, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(0, 12), 136);
  block.write(' '.repeat(8), 148);
  block.write(entry.type === 'directory' ? '5' : entry.type === 'symlink' ? '2' : '0', 156);
  if (entry.linkTarget) block.write(entry.linkTarget, 157, 100);
  block.write('ustar\u000000', 257);
  block.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148);
  return block;
}

/** A gzipped ustar archive of the entries, in order. */
export function tarGz(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const data = entry.type === 'file' || !entry.type ? Buffer.from(entry.content ?? '') : Buffer.alloc(0);
    parts.push(header(entry, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

export interface PublishedTarball {
  integrity: string;
  sha256: string;
  size: number;
  tarball: string;
}

export interface NpmRegistryStandIn {
  /** http://127.0.0.1:<port>/, for npm_config_registry. */
  url: string;
  requests: string[];
  /** Publishes a version; `integrity` overrides the one the packument advertises (a lying registry). */
  publish(name: string, version: string, tarball: Buffer, options?: { integrity?: string }): PublishedTarball;
  close(): Promise<void>;
}

export async function startNpmRegistry(): Promise<NpmRegistryStandIn> {
  const packages = new Map<string, Map<string, { tarball: Buffer; integrity: string; file: string }>>();
  const requests: string[] = [];
  let base = '';

  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://registry').pathname);
    requests.push(path);
    const tarball = /^\/(.+)\/-\/([^/]+\.tgz)$/.exec(path);
    if (tarball) {
      const version = [...(packages.get(tarball[1]!)?.values() ?? [])].find((v) => v.file === tarball[2]);
      if (!version) return void res.writeHead(404).end();
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': version.tarball.length,
      });
      return void res.end(version.tarball);
    }
    const name = path.slice(1);
    const versions = packages.get(name);
    if (!versions) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: 'Not found' }));
    }
    const latest = [...versions.keys()].at(-1);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        name,
        'dist-tags': { latest },
        versions: Object.fromEntries(
          [...versions].map(([version, v]) => [
            version,
            {
              name,
              version,
              dist: {
                tarball: `${base}${name}/-/${v.file}`,
                integrity: v.integrity,
                shasum: createHash('sha1').update(v.tarball).digest('hex'),
              },
            },
          ]),
        ),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    url: base,
    requests,
    publish(name, version, tarball, options = {}) {
      const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
      const file = `${name.split('/').at(-1)}-${version}.tgz`;
      if (!packages.has(name)) packages.set(name, new Map());
      packages.get(name)!.set(version, { tarball, integrity: options.integrity ?? integrity, file });
      return {
        integrity,
        sha256: createHash('sha256').update(tarball).digest('hex'),
        size: tarball.length,
        tarball: `${base}${name}/-/${file}`,
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
