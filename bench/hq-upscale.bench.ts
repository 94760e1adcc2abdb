// The high-quality upscaler (UpscalerJS's ESRGAN thick ×4, converted to ONNX by our converter) beside the
// built-in model and sharp's lanczos3: time per output megapixel on 2 threads, and PSNR on luma against the
// original of real photos shrunk ×4 with sharp's 'cubic' and grown back ×4. Figures only, nothing asserted.
// Run: npx tsx bench/hq-upscale.bench.ts
//
// The model comes from $MODELS_DIR/esrgan-thick-x4/model.onnx (installed with `npm run models -- install
// esrgan-thick-x4`; MODELS_DIR defaults to .data/models), or is converted here from the npm tarball named by
// HQ_UPSCALER_TARBALL (`npm pack @upscalerjs/esrgan-thick@1.0.0`). HQ_BENCH_PHOTOS=astronaut,chelsea picks
// photos (default: all nine; thick needs about 9 s per output megapixel, some 30 s in all).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { convertNpmLayersModel } from '../services/worker/src/convert/tfjs-layers.converter.ts';
import {
  createBuiltinUpscaler,
  createEsrganUpscaler,
  type Upscaler,
} from '../services/worker/src/upscale/upscale.pipeline.ts';
import { ensurePhotos, PHOTO_NAMES, type PhotoName, photoPath } from '../test/support/photos.ts';

const MODELS_DIR = resolve(process.env.MODELS_DIR ?? '.data/models');
const TARBALL = process.env.HQ_UPSCALER_TARBALL;
const PHOTOS = (process.env.HQ_BENCH_PHOTOS?.split(',') ?? PHOTO_NAMES) as PhotoName[];
const THREADS = 2;
const sessionOptions = { executionProviders: ['cpu'], intraOpNumThreads: THREADS, interOpNumThreads: 1 };

const scratch = mkdtempSync(join(tmpdir(), 'pictura-hq-bench-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

async function findThickModel(): Promise<string | undefined> {
  const installed = join(MODELS_DIR, 'esrgan-thick-x4', 'model.onnx');
  if (existsSync(installed)) return installed;
  if (!TARBALL) return undefined;
  execFileSync('tar', ['xzf', resolve(TARBALL), '-C', scratch]);
  const started = performance.now();
  const onnx = await convertNpmLayersModel(join(scratch, 'package'), 'upscalerjs', 'models/x4');
  console.log(
    `converted ${TARBALL} in ${(performance.now() - started).toFixed(0)} ms (${onnx.length} bytes)`,
  );
  const path = join(scratch, 'esrgan-thick-x4.onnx');
  writeFileSync(path, onnx);
  return path;
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * PSNR on luma as super-resolution papers compute it (and as ../shared/MODELS.md's figures were): BT.601
 * studio-range Y (16-235) against a peak of 255, with a border as wide as the scale left out.
 */
function lumaPsnr(a: Raw, b: Raw, border = 4): number {
  const luma = (d: Buffer, i: number) =>
    16 + (65.481 * d[3 * i]! + 128.553 * d[3 * i + 1]! + 24.966 * d[3 * i + 2]!) / 255;
  let squared = 0;
  let count = 0;
  for (let y = border; y < a.height - border; y++) {
    for (let x = border; x < a.width - border; x++) {
      const i = y * a.width + x;
      squared += (luma(a.data, i) - luma(b.data, i)) ** 2;
      count++;
    }
  }
  return 10 * Math.log10((255 * 255) / (squared / count));
}

async function rgb(input: Buffer | string, raw?: Raw): Promise<Raw> {
  const image = raw
    ? sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
    : sharp(input);
  const { data, info } = await image
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

interface Method {
  name: string;
  run(small: Raw, smallPng: Buffer): Promise<{ image: Raw; ms: number }>;
}

const viaUpscaler = (name: string, upscaler: Upscaler): Method => ({
  name,
  async run(_small, smallPng) {
    const result = await upscaler.upscale({ input: smallPng, format: 'png' });
    return { image: await rgb(result.data), ms: result.inferenceMs };
  },
});

const lanczos3: Method = {
  name: 'sharp lanczos3',
  async run(small) {
    const started = performance.now();
    const data = await sharp(small.data, { raw: { width: small.width, height: small.height, channels: 3 } })
      .resize(small.width * 4, small.height * 4, { kernel: 'lanczos3' })
      .raw()
      .toBuffer();
    return {
      image: { data, width: small.width * 4, height: small.height * 4 },
      ms: performance.now() - started,
    };
  },
};

try {
  ensurePhotos(PHOTOS);
} catch (error) {
  console.log(`hq-upscale bench skipped: ${(error as Error).message}`);
  process.exit(0);
}
const thickPath = await findThickModel();
if (!thickPath) {
  console.log(
    'hq-upscale bench skipped: no ESRGAN thick model. Install it with `npm run models -- install esrgan-thick-x4`' +
      ` (into ${MODELS_DIR}), or point HQ_UPSCALER_TARBALL at the npm tarball` +
      ' (`npm pack @upscalerjs/esrgan-thick@1.0.0`).',
  );
  process.exit(0);
}

sharp.concurrency(THREADS);
const methods: Method[] = [
  lanczos3,
  viaUpscaler('built-in', await createBuiltinUpscaler(ort, sessionOptions)),
  viaUpscaler('ESRGAN thick (converted)', await createEsrganUpscaler(ort, thickPath, sessionOptions)),
];
// One untimed run each first: the first call pays for sharp's and onnxruntime's one-time set-up.
const warmUp = await rgb(
  await sharp({ create: { width: 48, height: 40, channels: 3, background: '#808080' } })
    .png()
    .toBuffer(),
);
for (const method of methods)
  await method.run(
    warmUp,
    await sharp(warmUp.data, { raw: { width: 48, height: 40, channels: 3 } })
      .png()
      .toBuffer(),
  );
const totals = methods.map(() => ({ ms: 0, megapixels: 0, psnr: [] as number[] }));
const rows: string[][] = [];
for (const name of PHOTOS) {
  const full = await rgb(photoPath(name));
  // Whole multiples of 4, so the ×4 result lines up with the original pixel for pixel.
  const width = full.width - (full.width % 4);
  const height = full.height - (full.height % 4);
  const original = await rgb(
    await sharp(full.data, { raw: { width: full.width, height: full.height, channels: 3 } })
      .extract({ left: 0, top: 0, width, height })
      .png()
      .toBuffer(),
  );
  const small = await rgb(
    await sharp(original.data, { raw: { width, height, channels: 3 } })
      .resize(width / 4, height / 4, { kernel: 'cubic' })
      .png()
      .toBuffer(),
  );
  const smallPng = await sharp(small.data, { raw: { width: small.width, height: small.height, channels: 3 } })
    .png()
    .toBuffer();
  const row = [`${name} ${width}×${height}`];
  for (const [i, method] of methods.entries()) {
    const { image, ms } = await method.run(small, smallPng);
    const psnr = lumaPsnr(original, image);
    totals[i]!.ms += ms;
    totals[i]!.megapixels += (width * height) / 1e6;
    totals[i]!.psnr.push(psnr);
    row.push(`${psnr.toFixed(2)} dB`);
  }
  rows.push(row);
}

console.log(
  `HQ upscale ×4 · ${cpus().length} CPUs · load ${loadavg()[0]!.toFixed(1)} · ${THREADS} threads · ${PHOTOS.length} photos`,
);
printTable(['photo (PSNR on luma)', ...methods.map((m) => m.name)], rows);
console.log();
printTable(
  ['method', 'mean PSNR', 'vs lanczos3', 'time per output MP'],
  methods.map((method, i) => {
    const mean = totals[i]!.psnr.reduce((a, b) => a + b, 0) / totals[i]!.psnr.length;
    const base = totals[0]!.psnr.reduce((a, b) => a + b, 0) / totals[0]!.psnr.length;
    return [
      method.name,
      `${mean.toFixed(2)} dB`,
      `${mean - base >= 0 ? '+' : ''}${(mean - base).toFixed(2)} dB`,
      `${(totals[i]!.ms / totals[i]!.megapixels).toFixed(0)} ms`,
    ];
  }),
);

function printTable(header: string[], body: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' │ ');
  console.log(line(header));
  console.log(widths.map((w) => '─'.repeat(w)).join('─┼─'));
  for (const row of body) console.log(line(row));
}
