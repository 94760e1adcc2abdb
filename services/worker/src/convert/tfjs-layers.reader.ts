// Reads a TF.js layers-model in the two packagings that npm packages ship:
// - upscalerjs: `model.json` ({format, modelTopology, weightsManifest}) beside binary `group1-shardNofM.bin`;
// - nsfwjs: `model.min.js`, a browserify bundle exporting {modelTopology, weightsManifest}, beside
//   `group1-shardXofY.min.js` bundles that each export the shard's bytes as one base64 string.
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { runInNewContext } from 'node:vm';
import {
  decodeWeights,
  type LayersModel,
  type ModelTopology,
  type WeightsGroup,
} from './tfjs-layers.format.ts';

export type LayersPackaging = 'nsfwjs' | 'upscalerjs';

const MODEL_FILE: Record<LayersPackaging, string> = { nsfwjs: 'model.min.js', upscalerjs: 'model.json' };

interface ModelFile {
  modelTopology: ModelTopology;
  weightsManifest: WeightsGroup[];
}

/** `modelPath` is the model's folder (or its model file) inside the extracted package at `packageDir`. */
export async function readLayersModel(
  packageDir: string,
  packaging: LayersPackaging,
  modelPath: string,
): Promise<LayersModel> {
  const root = resolve(packageDir);
  const target = inside(root, modelPath);
  const file = /\.(json|js)$/.test(target) ? target : join(target, MODEL_FILE[packaging]);
  const folder = dirname(file);
  const source = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`layers-model: cannot read ${relative(root, file)} in ${root}: ${error.code ?? error}`);
  });
  const model =
    packaging === 'nsfwjs' ? (evaluateBundle(source, file) as ModelFile) : parseJson(source, file);
  if (!model?.modelTopology || !Array.isArray(model.weightsManifest)) {
    throw new Error(`layers-model: ${basename(file)} has no modelTopology and weightsManifest`);
  }
  const groups = await Promise.all(
    model.weightsManifest.map(async (group) => {
      const shards = await Promise.all(
        group.paths.map((path) =>
          packaging === 'nsfwjs'
            ? readBase64Shard(inside(folder, `${path}.min.js`))
            : readBinaryShard(folder, path),
        ),
      );
      return concat(shards);
    }),
  );
  return { topology: model.modelTopology, weights: decodeWeights(model.weightsManifest, groups) };
}

async function readBinaryShard(folder: string, path: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(inside(folder, path)));
}

async function readBase64Shard(file: string): Promise<Uint8Array> {
  const encoded = evaluateBundle(await readFile(file, 'utf8'), file);
  if (typeof encoded !== 'string')
    throw new Error(`layers-model: ${basename(file)} does not export a string`);
  return new Uint8Array(Buffer.from(encoded, 'base64'));
}

/**
 * Runs a UMD/browserify bundle in an empty context that offers only `module` and `exports`, and returns
 * what it exports. The model bundle is a JavaScript object literal (`sparse:!1`), not JSON, so it has to
 * run. node:vm is no security boundary: this is for packages pinned by the registry's integrity hash.
 */
function evaluateBundle(source: string, file: string): unknown {
  const module = { exports: {} as unknown };
  try {
    runInNewContext(source, { module, exports: module.exports }, { filename: file, timeout: 60_000 });
  } catch (error) {
    throw new Error(`layers-model: ${basename(file)} did not evaluate: ${(error as Error).message}`);
  }
  return module.exports;
}

function parseJson(source: string, file: string): ModelFile {
  try {
    return JSON.parse(source) as ModelFile;
  } catch (error) {
    throw new Error(`layers-model: ${basename(file)} is not JSON: ${(error as Error).message}`);
  }
}

/** Resolves `path` under `root`, refusing one that climbs out of it (shard paths come from the package). */
function inside(root: string, path: string): string {
  const full = resolve(root, path);
  if (full !== root && !full.startsWith(root + sep)) {
    throw new Error(`layers-model: ${path} points outside ${root}`);
  }
  return full;
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
