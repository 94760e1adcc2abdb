// Platform overhead on a generation: POST /api/generate → job completed (SSE) → image fetched, minus
// the model's own inference time, at 1 and 32 concurrent clients.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { ensurePostgres, ensureRedis } from '../scripts/lib/local-services.mjs';
import { type Stack, startStack } from '../test/support/stack.ts';
import { httpBytes, httpJson, sseUntil } from './http-client.ts';
import { percentile, summary } from './stats.ts';

interface JobBody {
  job_id: string;
  status: string;
  images: { url: string }[];
}

async function oneGeneration(url: string, seed: number): Promise<{ jobId: string; ms: number }> {
  const started = performance.now();
  const res = await httpJson('POST', `${url}/api/generate`, { prompt: `benchmark prompt ${seed}`, seed });
  if (res.status !== 202) throw new Error(`generate: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  const { job_id } = res.json as { job_id: string };
  const last = await sseUntil<JobBody>(
    `${url}/api/jobs/${job_id}/events`,
    (e) => e.status === 'completed' || e.status === 'error',
  );
  if (last.status !== 'completed') throw new Error(`job ${job_id} ended ${last.status}`);
  await httpBytes(`${url}${last.images[0]!.url}`);
  return { jobId: job_id, ms: performance.now() - started };
}

async function run(url: string, clients: number, perClient: number) {
  const results: { jobId: string; ms: number }[] = [];
  let seed = Math.floor(Math.random() * 1e6);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < perClient; i++) results.push(await oneGeneration(url, seed++));
    }),
  );
  return results;
}

async function inferenceMs(databaseUrl: string, ids: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('SELECT id, inference_ms FROM jobs.jobs WHERE id = ANY($1)', [ids]);
  await client.end();
  return new Map(rows.map((r: { id: string; inference_ms: number }) => [r.id, r.inference_ms]));
}

const redis = await ensureRedis({ url: process.env.REDIS_URL });
const postgres = await ensurePostgres({ url: process.env.TEST_DATABASE_URL });
const env = { LOG_LEVEL: 'warn', GUEST_GENERATE_PER_MINUTE: '0', WORKER_CONCURRENCY: '8' };
const lines: string[] = [];

// 1. The real built-in model: overhead = end-to-end time minus the inference time the worker measured.
{
  const stack = await startStack({ redisUrl: redis.url, postgresUrl: postgres.url, env });
  try {
    await run(stack.url, 1, 3); // warm up
    for (const clients of [1, 32]) {
      const results = await run(stack.url, clients, clients === 1 ? 20 : 2);
      const inference = await inferenceMs(
        stack.env.DATABASE_URL!,
        results.map((r) => r.jobId),
      );
      const overhead = results.map((r) => r.ms - (inference.get(r.jobId) ?? 0));
      lines.push(
        `built-in model, ${String(clients).padStart(2)} client(s): end-to-end ${summary(results.map((r) => r.ms))}`,
      );
      lines.push(`                              overhead (minus inference) ${summary(overhead)}`);
    }
  } finally {
    await stack.stop();
  }
}

// 2. The platform alone: a worker whose model takes no time (bench/null-worker.ts).
{
  const stack: Stack = await startStack({
    redisUrl: redis.url,
    postgresUrl: postgres.url,
    env,
    processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway'],
  });
  const worker = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/null-worker.ts', redis.url, stack.env.QUEUE_PREFIX!, stack.env.DATA_DIR!],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve) => worker.stdout!.once('data', resolve));
  try {
    await run(stack.url, 4, 10); // warm up
    for (const clients of [1, 32]) {
      const results = await run(stack.url, clients, clients === 1 ? 100 : 10);
      const ms = results.map((r) => r.ms);
      const verdict =
        clients === 32
          ? ` (budget p50 < 15, p99 < 50: ${percentile(ms, 50) < 15 && percentile(ms, 99) < 50 ? 'met' : 'MISSED'})`
          : '';
      lines.push(
        `platform only,  ${String(clients).padStart(2)} client(s): overhead ${summary(ms)}${verdict}`,
      );
    }
  } finally {
    worker.kill('SIGTERM');
    await stack.stop();
  }
}

await redis.stop();
await postgres.stop();
console.log('\nPlatform overhead per generation (POST → completed over SSE → image fetched)');
for (const line of lines) console.log(`  ${line}`);
process.exit(0);
