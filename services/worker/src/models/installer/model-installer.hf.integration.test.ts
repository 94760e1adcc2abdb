// The installer against a loopback Hugging Face mirror serving a tiny Optimum-layout model.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogueEntry } from '@pictura/common/model-catalogue';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type HfMirror, startHfMirror } from '../../../../../test/support/hf-mirror.ts';
import { writeTinySdFolder } from '../../../test/pipelines/sd-turbo/sd-turbo.fixture.ts';
import { sha256File } from './file-hashes.ts';
import { InstallError, installModel, listInstalled, removeModel } from './model-installer.ts';

const REPO = 'test-org/Tiny-SD-Turbo';
let mirror: HfMirror;
let sha: string;
let source: string;
let modelsDir: string;

async function catch_(promise: Promise<unknown>): Promise<InstallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InstallError);
  return error as InstallError;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Resolves once a file being downloaded holds `size` bytes. */
async function untilSize(path: string, size: number): Promise<void> {
  await expect
    .poll(async () => (await stat(path).catch(() => undefined))?.size, { timeout: 10_000, interval: 5 })
    .toBe(size);
}

beforeAll(async () => {
  mirror = await startHfMirror();
  source = await mkdtemp(join(tmpdir(), 'tiny-sd-'));
  await writeTinySdFolder(source);
  sha = await mirror.addRepoFromFolder(REPO, source, { license: 'mit' });
  // Extras a real repository carries beside the ONNX export; the installer leaves them on the Hub.
  mirror.setFile(REPO, 'unet/diffusion_pytorch_model.safetensors', Buffer.alloc(4096, 7));
  mirror.setFile(REPO, 'README.md', '# tiny');
});

afterAll(async () => {
  await mirror.close();
  await rm(source, { recursive: true, force: true });
});

beforeEach(async () => {
  modelsDir = await mkdtemp(join(tmpdir(), 'models-'));
  mirror.requests.length = 0;
});

afterEach(async () => {
  await rm(modelsDir, { recursive: true, force: true });
});

describe('installModel from a Hugging Face mirror', () => {
  it('installs hf:owner/name@revision: Optimum files only, verified, with pictura.json, and lists it', async () => {
    const progress: number[] = [];
    const manifest = await installModel(`hf:${REPO}@main`, {
      modelsDir,
      hfEndpoint: mirror.url,
      onProgress: (p) => progress.push(p.bytesDone),
    });
    const dir = join(modelsDir, 'tiny-sd-turbo');
    expect(manifest).toMatchObject({
      id: 'tiny-sd-turbo',
      kind: 'generate',
      source: `hf:${REPO}@${sha}`,
      licence: { name: 'mit', commercialUse: true },
    });
    const installed = (await filesUnder(dir)).map((f) => f.slice(dir.length + 1)).sort();
    expect(installed).toEqual([...manifest.files!.map((f) => f.path), 'pictura.json'].sort());
    expect(installed).toContain('unet/model.onnx');
    expect(installed).toContain('tokenizer/vocab.json');
    expect(installed).not.toContain('unet/diffusion_pytorch_model.safetensors');
    expect(installed).not.toContain('README.md');
    for (const file of manifest.files!) {
      expect(await readFile(join(dir, file.path))).toEqual(await readFile(join(source, file.path)));
      expect(await sha256File(join(dir, file.path))).toBe(file.sha256);
    }
    expect(JSON.parse(await readFile(join(dir, 'pictura.json'), 'utf8'))).toEqual(manifest);
    expect(progress.at(-1)).toBe(manifest.files!.reduce((s, f) => s + f.size, 0));
    // Nothing of the work in progress is left behind.
    expect(await filesUnder(join(modelsDir, '.partial'))).toEqual([]);
    expect(await filesUnder(join(modelsDir, '.locks'))).toEqual([]);

    const listed = await listInstalled(modelsDir);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: 'tiny-sd-turbo', dir, kind: 'generate' });
    expect(listed[0]!.sizeBytes).toBeGreaterThan(manifest.files!.reduce((s, f) => s + f.size, 0));
    // LFS files come through the CDN redirect, pinned to the commit the revision API named.
    expect(
      mirror.requests.some(
        (r) => r.path.startsWith(`/${REPO}/resolve/${sha}/unet/model.onnx`) && r.status === 302,
      ),
    ).toBe(true);
  });

  it('installs a catalogue entry under its id with its settings, and refuses a second install', async () => {
    const entry: CatalogueEntry = {
      id: 'tiny-turbo',
      kind: 'generate',
      title: 'Tiny Turbo',
      description: 'A tiny test model.',
      source: { type: 'hf', repo: REPO, revision: sha },
      files: await Promise.all(
        ['model_index.json', 'unet/model.onnx'].map(async (path) => ({
          path,
          size: (await stat(join(source, path))).size,
          sha256: await sha256File(join(source, path)),
        })),
      ),
      licence: { name: 'sai-nc-community', url: 'https://example.org/licence', commercialUse: false },
      settings: { steps: 1, guidance: 0, width: 512, height: 512 },
      timing: { cpu: 6 },
      installByDefault: false,
    };
    const manifest = await installModel('tiny-turbo', {
      modelsDir,
      hfEndpoint: mirror.url,
      catalogue: [entry],
    });
    expect(manifest).toMatchObject({
      id: 'tiny-turbo',
      settings: { steps: 1, guidance: 0 },
      title: 'Tiny Turbo',
    });
    expect(await readdir(join(modelsDir, 'tiny-turbo'))).toEqual(
      expect.arrayContaining(['unet', 'model_index.json', 'pictura.json']),
    );
    expect(
      (await catch_(installModel('tiny-turbo', { modelsDir, hfEndpoint: mirror.url, catalogue: [entry] })))
        .code,
    ).toBe('already_installed');
    expect((await catch_(installModel('no-such', { modelsDir, catalogue: [entry] }))).code).toBe(
      'unknown_model',
    );
  });

  it('installs a catalogue entry not pinned yet from the Hub API, recording the commit it got', async () => {
    const entry: CatalogueEntry = {
      id: 'tiny-unpinned',
      kind: 'generate',
      title: 'Tiny unpinned',
      description: 'A tiny test model whose files come from the Hub API.',
      source: { type: 'hf', repo: REPO, revision: 'main' },
      files: [],
      licence: { name: 'sai-nc-community', url: 'https://example.org/licence', commercialUse: false },
      settings: { steps: 1, guidance: 0, width: 512, height: 512 },
      timing: { cpu: 8 },
      installByDefault: false,
    };
    const manifest = await installModel('tiny-unpinned', {
      modelsDir,
      hfEndpoint: mirror.url,
      catalogue: [entry],
    });
    expect(manifest).toMatchObject({
      id: 'tiny-unpinned',
      source: `hf:${REPO}@${sha}`,
      title: 'Tiny unpinned',
      licence: { name: 'sai-nc-community', commercialUse: false },
      settings: { steps: 1, guidance: 0 },
    });
    expect(manifest.files!.map((f) => f.path)).toContain('unet/model.onnx');
  });

  it('resumes a download cut in the middle with a Range request and completes it', async () => {
    const unet = mirror.fileOf(REPO, 'unet/model.onnx');
    const partial = join(modelsDir, '.partial', 'tiny-sd-turbo', 'files', 'unet', 'model.onnx');
    const half = Math.floor(unet.length / 2);
    mirror.cutNextDownloadAfter(half, 'unet/model.onnx', () => untilSize(partial, half));
    const first = await catch_(installModel(`hf:${REPO}@${sha}`, { modelsDir, hfEndpoint: mirror.url }));
    expect(first.code).toBe('network');
    const kept = (await stat(partial)).size;
    expect(kept).toBe(half);
    await expect(stat(join(modelsDir, 'tiny-sd-turbo'))).rejects.toThrow();

    mirror.requests.length = 0;
    await installModel(`hf:${REPO}@${sha}`, { modelsDir, hfEndpoint: mirror.url });
    const resumed = mirror.requests.find((r) => r.path.startsWith('/cdn/') && r.path.includes('unet'));
    expect(resumed).toMatchObject({ range: `bytes=${kept}-`, status: 206 });
    expect(resumed!.ifRange).toMatch(/^".+"$/);
    expect(await readFile(join(modelsDir, 'tiny-sd-turbo', 'unet', 'model.onnx'))).toEqual(unet);
  });

  it('restarts a resumed file whose ETag changed (If-Range) instead of splicing two versions', async () => {
    const repo = 'test-org/changing';
    const files = {
      'model_index.json': '{}',
      'text_encoder/model.onnx': Buffer.alloc(3000, 1),
      'unet/model.onnx': Buffer.alloc(5000, 2),
      'vae_decoder/model.onnx': Buffer.alloc(3000, 3),
    };
    const rev = mirror.addRepo(repo, files);
    const partial = join(modelsDir, '.partial', 'changing', 'files', 'unet', 'model.onnx');
    mirror.cutNextDownloadAfter(2500, 'unet/model.onnx', () => untilSize(partial, 2500));
    expect(
      (await catch_(installModel(`hf:${repo}@${rev}`, { modelsDir, hfEndpoint: mirror.url }))).code,
    ).toBe('network');
    mirror.setFile(repo, 'unet/model.onnx', Buffer.alloc(5000, 9));
    mirror.requests.length = 0;
    await installModel(`hf:${repo}@${rev}`, { modelsDir, hfEndpoint: mirror.url });
    expect(mirror.requests.find((r) => r.path.includes('unet') && r.path.startsWith('/cdn/'))).toMatchObject({
      status: 200,
    });
    expect(await readFile(join(modelsDir, 'changing', 'unet', 'model.onnx'))).toEqual(Buffer.alloc(5000, 9));
  });

  it('refuses a file whose SHA-256 does not match and leaves nothing behind', async () => {
    const repo = 'test-org/tampered';
    const rev = await mirror.addRepoFromFolder(repo, source, { wrongSha256: ['vae_decoder/model.onnx'] });
    const error = await catch_(installModel(`hf:${repo}@${rev}`, { modelsDir, hfEndpoint: mirror.url }));
    expect(error.code).toBe('checksum_mismatch');
    expect(error.message).toContain('vae_decoder/model.onnx');
    await expect(stat(join(modelsDir, 'tampered'))).rejects.toThrow();
    expect(await filesUnder(join(modelsDir, '.partial'))).toEqual([]);
    expect(await filesUnder(join(modelsDir, '.locks'))).toEqual([]);
  });

  it('verifies small git files by their blob SHA-1', async () => {
    const repo = 'test-org/bad-json';
    const rev = await mirror.addRepoFromFolder(repo, source);
    const entry: CatalogueEntry = {
      id: 'bad-json',
      kind: 'generate',
      title: 'Bad',
      description: 'Bad.',
      source: { type: 'hf', repo, revision: rev },
      files: [{ path: 'model_index.json', size: 2, sha256: '0'.repeat(64) }],
      licence: { name: 'mit', url: 'https://example.org', commercialUse: true },
      settings: { steps: 1, guidance: 0 },
      timing: {},
      installByDefault: false,
    };
    mirror.setFile(repo, 'model_index.json', '{}');
    expect(
      (await catch_(installModel('bad-json', { modelsDir, hfEndpoint: mirror.url, catalogue: [entry] })))
        .code,
    ).toBe('checksum_mismatch');
  });

  it('refuses a second install of the same model while the first runs', async () => {
    const results = await Promise.allSettled([
      installModel(`hf:${REPO}@${sha}`, { modelsDir, hfEndpoint: mirror.url }),
      installModel(`hf:${REPO}@${sha}`, { modelsDir, hfEndpoint: mirror.url }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(InstallError);
    expect(refused.reason.code).toBe('already_installing');
    expect((await listInstalled(modelsDir)).map((m) => m.id)).toEqual(['tiny-sd-turbo']);
  });

  it('takes over a lock left by a process that died', async () => {
    await mkdir(join(modelsDir, '.locks'), { recursive: true });
    const dead = { pid: 2 ** 22 + 12345, host: hostname(), time: new Date().toISOString() };
    await writeFile(join(modelsDir, '.locks', 'tiny-sd-turbo.lock'), JSON.stringify(dead));
    await installModel(`hf:${REPO}@${sha}`, { modelsDir, hfEndpoint: mirror.url });
    expect((await listInstalled(modelsDir)).map((m) => m.id)).toEqual(['tiny-sd-turbo']);
  });

  it('sends HF_TOKEN for a gated repository, and only to the Hub', async () => {
    const gatedMirror = await startHfMirror({ separateCdn: true });
    try {
      const rev = await gatedMirror.addRepoFromFolder('stability/gated', source, {
        gatedToken: 'hf_right',
        license: 'other',
        licenseName: 'sai-nc-community',
      });
      const without = await catch_(
        installModel(`hf:stability/gated@${rev}`, { modelsDir, hfEndpoint: gatedMirror.url }),
      );
      expect(without.code).toBe('gated');
      expect(without.message).toContain('HF_TOKEN');
      const wrong = await catch_(
        installModel(`hf:stability/gated@${rev}`, {
          modelsDir,
          hfEndpoint: gatedMirror.url,
          hfToken: 'hf_wrong',
        }),
      );
      expect(wrong.code).toBe('gated');
      expect(wrong.message).not.toContain('hf_wrong');
      const manifest = await installModel(`hf:stability/gated@${rev}`, {
        modelsDir,
        hfEndpoint: gatedMirror.url,
        hfToken: 'hf_right',
        as: 'my-gated',
      });
      expect(manifest.id).toBe('my-gated');
      expect(manifest.licence).toMatchObject({ name: 'sai-nc-community', commercialUse: false });
      expect(manifest.licence!.url).toContain(`/stability/gated/blob/${rev}/LICENSE.md`);
      const cdn = gatedMirror.requests.filter((r) => r.server === 'cdn');
      expect(cdn.length).toBeGreaterThan(0);
      expect(cdn.every((r) => !r.authorization)).toBe(true);
    } finally {
      await gatedMirror.close();
    }
  });

  it('answers not_found for a missing repository and refuses a repository that is not an Optimum export', async () => {
    expect(
      (await catch_(installModel('hf:test-org/missing@main', { modelsDir, hfEndpoint: mirror.url }))).code,
    ).toBe('not_found');
    mirror.addRepo('test-org/pytorch-only', {
      'model_index.json': '{}',
      'unet/diffusion_pytorch_model.safetensors': 'x',
    });
    const error = await catch_(
      installModel('hf:test-org/pytorch-only@main', { modelsDir, hfEndpoint: mirror.url }),
    );
    expect(error.code).toBe('invalid');
    expect(error.message).toMatch(/Optimum ONNX layout.*unet\/model\.onnx/);
    expect(await readdir(modelsDir)).not.toContain('pytorch-only');
  });

  it('refuses when the disk is short, before downloading anything', async () => {
    const error = await catch_(
      installModel(`hf:${REPO}@${sha}`, {
        modelsDir,
        hfEndpoint: mirror.url,
        statfs: async () => ({ bavail: 1000, bsize: 4096 }),
      }),
    );
    expect(error.code).toBe('disk_full');
    expect(mirror.requests.some((r) => r.path.includes('/resolve/'))).toBe(false);
  });

  it('cancels cleanly: nothing installed, no partial bytes', async () => {
    const controller = new AbortController();
    const error = await catch_(
      installModel(`hf:${REPO}@${sha}`, {
        modelsDir,
        hfEndpoint: mirror.url,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.bytesDone > 0) controller.abort();
        },
      }),
    );
    expect(error.code).toBe('cancelled');
    expect(await readdir(modelsDir)).not.toContain('tiny-sd-turbo');
    expect(await filesUnder(join(modelsDir, '.partial'))).toEqual([]);
  });

  it('removes an installed model and refuses one that is not installed', async () => {
    await installModel(`hf:${REPO}@${sha}`, { modelsDir, hfEndpoint: mirror.url });
    await removeModel('tiny-sd-turbo', modelsDir);
    expect(await listInstalled(modelsDir)).toEqual([]);
    expect(await readdir(modelsDir)).not.toContain('tiny-sd-turbo');
    expect((await catch_(removeModel('tiny-sd-turbo', modelsDir))).code).toBe('not_installed');
  });
});
