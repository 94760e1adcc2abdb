// The default image check (nsfwjs's MobileNetV2, converted to ONNX) on 2 threads: time per image for
// generated-size pictures, resize included, median of N after a warm-up. Figures only, nothing asserted.
// Run: npx tsx bench/safety.bench.ts
//
// The model comes from $MODELS_DIR/nsfw-mobilenet-v2/model.onnx (MODELS_DIR defaults to .data/models), or is
// converted here from the nsfwjs package that `node scripts/lib/test-photos.mjs` caches in .cache/npm.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as ort from 'onnxruntime-node';
import { convertNpmLayersModel } from '../services/worker/src/convert/tfjs-layers.converter.ts';
import { loadSafetyClassifier } from '../services/worker/src/output/safety-classifier.ts';
import { renderTexturedScene } from '../services/worker/test/upscale/test-images.fixture.ts';
import { nsfwjsPackageDir } from '../test/support/photos.ts';
import { percentile } from './stats.ts';

const MODELS_DIR = resolve(process.env.MODELS_DIR ?? '.data/models');
const RUNS = 30;
const THREADS = 2;

const scratch = mkdtempSync(join(tmpdir(), 'pictura-safety-bench-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

async function findModel(): Promise<string | undefined> {
  const installed = join(MODELS_DIR, 'nsfw-mobilenet-v2', 'model.onnx');
  if (existsSync(installed)) return installed;
  let packageDir: string;
  try {
    packageDir = nsfwjsPackageDir();
  } catch {
    return undefined;
  }
  const path = join(scratch, 'nsfw-mobilenet-v2.onnx');
  writeFileSync(path, await convertNpmLayersModel(packageDir, 'nsfwjs', 'dist/models/mobilenet_v2'));
  return path;
}

const path = await findModel();
if (!path) {
  console.log(
    'safety bench skipped: no safety model. Install it with `npm run models -- install nsfw-mobilenet-v2`' +
      ` (into ${MODELS_DIR}), or run \`node scripts/lib/test-photos.mjs\` to cache the nsfwjs package.`,
  );
  process.exit(0);
}

const classifier = await loadSafetyClassifier(
  ort,
  { path, unsafeIndices: [1, 3, 4], threshold: 0.5, inputSize: 224 },
  { executionProviders: ['cpu'], intraOpNumThreads: THREADS, interOpNumThreads: 1 },
);
console.log(
  `safety check (nsfwjs MobileNetV2, ONNX) · ${cpus().length} CPUs · load ${loadavg()[0]!.toFixed(1)} · ${THREADS} threads · median of ${RUNS}`,
);
for (const side of [512, 1024]) {
  const image = { data: renderTexturedScene(side), width: side, height: side, channels: 3 as const };
  for (let i = 0; i < 3; i++) await classifier.score(image);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await classifier.score(image);
    times.push(performance.now() - started);
  }
  console.log(
    `${side}×${side} image: ${percentile(times, 50).toFixed(1)} ms per image (p90 ${percentile(times, 90).toFixed(1)} ms)`,
  );
}
await classifier.release?.();
