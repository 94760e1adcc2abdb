// Reads MODELS_DIR into the list of model folders it holds (the layout is described in
// services/common/src/model-manifest.ts), each with a signature that changes whenever its files do, so a
// reload re-opens only what changed. Nothing here opens a model.
import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { type ModelKind, type ModelManifest, readManifestFile } from '@pictura/common/model-manifest';
import { detectSdTurboFolder } from '../pipelines/sd-turbo/sd-turbo.pipeline.ts';
import { folderFacts } from './folder-facts.ts';

/** The folder under MODELS_DIR whose .onnx files are an operator's upscale models. */
export const UPSCALE_FOLDER = 'upscale';

export interface ModelFolder {
  name: string;
  kind: ModelKind;
  /** The model's folder, or for an operator's upscale model its .onnx file. */
  path: string;
  /** From pictura.json; installed models have one, operators' folders may. */
  manifest?: ModelManifest;
  /** Changes when the folder's manifest or main files change. */
  signature: string;
  /** Bytes on disk. */
  sizeBytes: number;
}

export interface FolderProblem {
  path: string;
  message: string;
}

async function entriesOf(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function folderOf(name: string, path: string, kind: ModelKind, manifest?: ModelManifest) {
  const facts = await folderFacts(path);
  return {
    name,
    kind,
    path,
    manifest,
    sizeBytes: facts.bytes,
    signature: `${kind}:${path}:${facts.files}:${facts.bytes}:${Math.round(facts.newest)}`,
  } satisfies ModelFolder;
}

/**
 * The model folders under `modelsDir`. A folder that cannot be read as a model is reported in
 * `problems` (the caller decides: the boot check refuses to start, a reload skips it and logs).
 */
export async function scanModelFolders(
  modelsDir: string,
): Promise<{ folders: ModelFolder[]; problems: FolderProblem[] }> {
  const folders: ModelFolder[] = [];
  const problems: FolderProblem[] = [];
  for (const entry of await entriesOf(modelsDir)) {
    // Dot folders are the installer's work in progress (.partial, .locks): never models.
    if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === UPSCALE_FOLDER) continue;
    const dir = join(modelsDir, entry.name);
    try {
      const manifest = await readManifestFile(dir);
      if (manifest?.kind) {
        folders.push(await folderOf(entry.name, dir, manifest.kind, manifest));
      } else if (await detectSdTurboFolder(dir)) {
        folders.push(await folderOf(entry.name, dir, 'generate', manifest));
      }
    } catch (error) {
      problems.push({ path: dir, message: (error as Error).message });
    }
  }
  const upscaleDir = join(modelsDir, UPSCALE_FOLDER);
  for (const entry of await entriesOf(upscaleDir)) {
    if (!entry.isFile() || extname(entry.name).toLowerCase() !== '.onnx') continue;
    const name = entry.name.slice(0, -'.onnx'.length);
    folders.push(await folderOf(name, join(upscaleDir, entry.name), 'upscale'));
  }
  return { folders, problems };
}

/** One string that changes whenever any model folder does: the watcher compares it between polls. */
export async function modelsDirSignature(modelsDir: string): Promise<string> {
  const { folders, problems } = await scanModelFolders(modelsDir);
  return [...folders.map((f) => f.signature), ...problems.map((p) => `!${p.path}:${p.message}`)]
    .sort()
    .join('\n');
}
