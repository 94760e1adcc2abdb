// The built-in generator (pictura-abstract) on this machine's CPU: time per image at 512×512 and 1024×1024.
// Budget: 512×512 in under 0.5 s on 2 cores. Run: npx tsx bench/generator.bench.ts
import { loadavg } from 'node:os';
import type { Style } from '@pictura/common/generation-options';
import * as ort from 'onnxruntime-node';
import { createAbstractPipeline } from '../services/worker/src/generate/abstract.pipeline.ts';
import { percentile } from './stats.ts';

const RUNS = 7;
const BUDGET_512_MS = 500;
const STYLES: Style[] = ['none', 'anime', 'watercolor', 'cyberpunk', 'low_poly', 'photographic', 'pixel_art'];

const pipeline = await createAbstractPipeline(ort);
const lines: string[] = [];
for (const side of [512, 1024]) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await pipeline.generate({
      prompt: `a lighthouse on a cliff at dusk ${run}`,
      negativePrompt: '',
      width: side,
      height: side,
      seed: 1000 + run,
      style: STYLES[run % STYLES.length]!,
      color: 'none',
      lighting: 'none',
      composition: 'none',
    });
    times.push(performance.now() - started);
  }
  const p50 = percentile(times, 50);
  const verdict =
    side === 512 ? ` (budget < ${BUDGET_512_MS} ms: ${p50 < BUDGET_512_MS ? 'met' : 'MISSED'})` : '';
  lines.push(
    `${side}×${side}: p50 ${p50.toFixed(0)} ms · max ${Math.max(...times).toFixed(0)} ms · n=${RUNS}${verdict}`,
  );
}
console.log(`\nBuilt-in generator (load average ${loadavg()[0]!.toFixed(1)})`);
for (const line of lines) console.log(`  ${line}`);
