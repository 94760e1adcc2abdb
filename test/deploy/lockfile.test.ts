// package-lock.json installs with `npm ci` on every platform the images and developers use: npm installs
// only what the lock lists, so a platform binary missing from it (msgpackr-extract's were) is silently
// absent on that platform, or makes npm ci refuse the lock as out of sync.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
  packages: Record<
    string,
    {
      version?: string;
      optionalDependencies?: Record<string, string>;
      dependencies?: Record<string, string>;
      cpu?: string[];
      os?: string[];
    }
  >;
};
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

/** Where Node would find `name` from the package at `path`: its own node_modules, then each parent's. */
function resolveInLock(path: string, name: string): string | undefined {
  for (let base = path; ; ) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (base === '') return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

describe('package-lock.json', () => {
  it('lists every optional dependency of every package, for every platform', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolveInLock(path, name))
        .map((name) => `${path || 'root'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('holds the native binaries the release images need on linux x64 and arm64', () => {
    const platformPackages = Object.entries(lock.packages).filter(([, entry]) => entry.cpu && entry.os);
    for (const prefix of [
      '@img/sharp-linux',
      '@msgpackr-extract/msgpackr-extract-linux',
      '@node-rs/argon2-linux',
    ]) {
      for (const cpu of ['x64', 'arm64']) {
        const found = platformPackages.some(
          ([path, entry]) => path.includes(`node_modules/${prefix}`) && entry.cpu!.includes(cpu),
        );
        expect(found, `${prefix} for ${cpu}`).toBe(true);
      }
    }
  });

  it('hoists an esbuild that vite accepts as its optional peer, so npm 10 places no copy of its own', () => {
    // npm 10 (bundled with Node 20 and 22) nests an esbuild for vite's optional peer when the hoisted one is
    // out of its range, and then `npm ci` refuses this (npm 11) lock as out of sync. The root devDependency
    // on esbuild (the services build uses it) decides which one is hoisted.
    const hoisted = lock.packages['node_modules/esbuild']!.version!;
    expect(pkg.devDependencies.esbuild).toBe(hoisted);
    const minor = hoisted.split('.').slice(0, 2).join('.');
    const vites = Object.entries(lock.packages).filter(([path]) => /(^|\/)node_modules\/vite$/.test(path));
    expect(vites.length).toBeGreaterThan(0);
    for (const [path, entry] of vites) {
      const range = (entry as { peerDependencies?: Record<string, string> }).peerDependencies?.esbuild ?? '';
      // Caret ranges below 1.0 accept one minor: ^0.28.0 takes 0.28.x.
      const accepted = range.split('||').some((part) => part.trim().startsWith(`^${minor}.`));
      expect(accepted, `${path} wants esbuild ${range}, hoisted is ${hoisted}`).toBe(true);
    }
  });
});
