// The built-in ×4 upscaler against sharp's lanczos3 ×4 of the same input, and the worker's peak memory
// on a 2000×2000 input. Run: npx tsx bench/upscale.bench.ts
//
// Budgets: built-in model time within 3× of sharp's resize; peak RSS under 1.5 GB for 2000² → 8000².
// Timings are medians of interleaved runs, so load from other processes hits both sides alike.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { createBuiltinUpscaler } from '../services/worker/src/upscale/upscale.pipeline.ts';
import { renderTexturedScene } from '../services/worker/test/upscale/test-images.fixture.ts';
import { percentile } from './stats.ts';

const RUNS = 5;
const RSS_BUDGET_MB = 1536;
const TIME_BUDGET = 3;

/** A photo-like PNG: detailed enough that PNG and the model do real work. */
async function scenePng(side: number): Promise<Buffer> {
  return sharp(renderTexturedScene(side), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

/** Child mode: upscale one side² image (RGB or RGBA) to PNG and report peak RSS. */
async function measurePeakMemory(side: number, withAlpha: boolean): Promise<void> {
  const upscaler = await createBuiltinUpscaler(ort);
  // Noise is the worst case for memory too: the encoded PNG barely compresses.
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 40 };
  const input = await sharp({
    create: { width: side, height: side, channels: withAlpha ? 4 : 3, background: '#000', noise },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const started = performance.now();
  const result = await upscaler.upscale({ input, format: 'png' });
  const ms = performance.now() - started;
  // maxRSS is in kilobytes.
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      peakMb,
      ms,
      width: result.width,
      height: result.height,
      inferenceMs: result.inferenceMs,
    }),
  );
}

if (process.argv[2] === '--peak-memory') {
  await measurePeakMemory(Number(process.argv[4] ?? 2000), process.argv[3] === 'rgba');
  process.exit(0);
}

const upscaler = await createBuiltinUpscaler(ort);
const rows: string[][] = [];
let slowest = 0;
for (const side of [512, 1024]) {
  const input = await scenePng(side);
  const raw = await sharp(input).raw().toBuffer();
  const outputMp = (16 * side * side) / 1e6;
  const builtinMs: number[] = [];
  const sharpMs: number[] = [];
  const builtinJpegMs: number[] = [];
  const sharpJpegMs: number[] = [];
  await upscaler.upscale({ input, format: 'jpeg' }); // warm up: first run of each tile shape
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const result = await upscaler.upscale({ input, format: 'jpeg' });
    builtinJpegMs.push(performance.now() - started);
    builtinMs.push(result.inferenceMs);
    sharpMs.push(
      await timed(() =>
        sharp(raw, { raw: { width: side, height: side, channels: 3 } })
          .resize(4 * side, 4 * side, { kernel: 'lanczos3' })
          .raw()
          .toBuffer(),
      ),
    );
    sharpJpegMs.push(
      await timed(() =>
        sharp(input)
          .resize(4 * side, 4 * side, { kernel: 'lanczos3' })
          .jpeg({ quality: 90 })
          .toBuffer(),
      ),
    );
  }
  const [model, resize, modelJob, resizeJob] = [builtinMs, sharpMs, builtinJpegMs, sharpJpegMs].map((v) =>
    percentile(v, 50),
  );
  slowest = Math.max(slowest, model / resize);
  rows.push([
    `${side}²→${4 * side}²`,
    `${model.toFixed(0)} ms (${(outputMp / (model / 1000)).toFixed(1)} MP/s)`,
    `${resize.toFixed(0)} ms (${(outputMp / (resize / 1000)).toFixed(1)} MP/s)`,
    `${(model / resize).toFixed(2)}×`,
    `${modelJob.toFixed(0)} / ${resizeJob.toFixed(0)} ms`,
  ]);
}
await upscaler.release();

const here = fileURLToPath(import.meta.url);
const memory = ['rgb', 'rgba'].map((kind) => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', here, '--peak-memory', kind], {
    encoding: 'utf8',
  });
  return {
    kind,
    ...(JSON.parse(out.trim().split('\n').at(-1)!) as { peakMb: number; ms: number; inferenceMs: number }),
  };
});

console.log(
  `upscale ×4 · ${cpus().length} CPUs · load ${loadavg()[0].toFixed(1)} · sharp threads ${sharp.concurrency()} · median of ${RUNS}`,
);
printTable(
  ['input → output', 'built-in model', 'sharp lanczos3', 'ratio', 'whole job to JPEG q90 (built-in / sharp)'],
  rows,
);
console.log();
printTable(
  ['2000² → 8000² to PNG', 'peak RSS', 'job time', 'model time'],
  memory.map((m) => [
    m.kind,
    `${m.peakMb.toFixed(0)} MB`,
    `${(m.ms / 1000).toFixed(1)} s`,
    `${(m.inferenceMs / 1000).toFixed(1)} s`,
  ]),
);
console.log();
console.log(
  `time budget (≤ ${TIME_BUDGET}× sharp): ${slowest <= TIME_BUDGET ? 'met' : 'MISSED'} (worst ${slowest.toFixed(2)}×)`,
);
const peak = Math.max(...memory.map((m) => m.peakMb));
console.log(
  `memory budget (< ${RSS_BUDGET_MB} MB): ${peak < RSS_BUDGET_MB ? 'met' : 'MISSED'} (peak ${peak.toFixed(0)} MB)`,
);

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function printTable(header: string[], body: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join(' │ ');
  console.log(line(header));
  console.log(widths.map((w) => '─'.repeat(w)).join('─┼─'));
  for (const row of body) console.log(line(row));
}
