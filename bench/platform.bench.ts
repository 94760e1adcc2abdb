// Platform capacity: what one generation costs the platform itself (POST /api/generate → job completed over
// SSE → image fetched), at 1 and 32 concurrent clients, beside BullMQ's own add→complete rate on the same
// Redis; where the time of one job goes, hop by hop (each process's spans); what each process spends per job;
// and the same path with the built-in model, minus the model's inference time.
//
// Redis is a private redis-server (unless REDIS_URL names one), so its counts are this run's alone. The
// machine may be shared: the 32-client run is repeated and each round reported.
import { availableParallelism } from 'node:os';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ensurePostgres, startPrivateRedis } from '../scripts/lib/local-services.mjs';
import { startStack } from '../test/support/stack.ts';
import { bullMqAddToComplete } from './bullmq-baseline.ts';
import { startStatementCounter } from './pg-counter.ts';
import { clientPhases, platformStack, run } from './platform-run.ts';
import { cpuPerJob, cpuSnapshot } from './process-cpu.ts';
import { hopTable, startSpanReceiver } from './span-receiver.ts';
import { percentile, summary } from './stats.ts';

/** Issue 16's budget on a 2-core machine. */
const BUDGET = { oneClientP50Ms: 10, jobsPerSecondAt32: 300 };
const ROUNDS_AT_32 = 3;

async function inferenceMs(databaseUrl: string, ids: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('SELECT id, inference_ms FROM jobs.jobs WHERE id = ANY($1)', [ids]);
  await client.end();
  return new Map(rows.map((r: { id: string; inference_ms: number }) => [r.id, r.inference_ms]));
}

/** Counts the commands the processes send Redis (not those a script runs inside Redis), by name. */
async function watchRedisCommands(url: string) {
  const client = new Redis(url);
  const monitor = await client.monitor();
  const counts = new Map<string, number>();
  monitor.on('monitor', (_time: string, args: string[], source: string) => {
    if (source === 'lua') return;
    const name = String(args[0]).toLowerCase();
    counts.set(name, (counts.get(name) ?? 0) + 1);
  });
  return {
    counts: () => new Map(counts),
    stop() {
      monitor.disconnect();
      client.disconnect();
    },
  };
}

const perJob = (before: Map<string, number>, after: Map<string, number>, jobs: number) =>
  [...after]
    .map(([name, n]) => [name, (n - (before.get(name) ?? 0)) / jobs] as const)
    .filter(([, n]) => n >= 0.05)
    .sort((a, b) => b[1] - a[1]);

const formatCounts = (counts: (readonly [string, number])[]) =>
  `${counts.reduce((sum, [, n]) => sum + n, 0).toFixed(1)} (${counts.map(([name, n]) => `${name} ${n.toFixed(1)}`).join(', ')})`;

const redis = process.env.REDIS_URL
  ? { url: process.env.REDIS_URL, stop: async () => {} }
  : await startPrivateRedis();
const postgres = await ensurePostgres({ url: process.env.TEST_DATABASE_URL });
// Logs at the level production runs at: one line per request is part of the cost.
const env = { LOG_LEVEL: 'info', GUEST_GENERATE_PER_MINUTE: '0', WORKER_CONCURRENCY: '8' };
const lines: string[] = [];
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
const cores = availableParallelism();

// 1. BullMQ alone on the same Redis: the yardstick for the platform's jobs per second.
{
  const one = await bullMqAddToComplete(redis.url, 1, 300);
  const many = await bullMqAddToComplete(redis.url, 32, 100);
  lines.push(
    `BullMQ alone (Queue + no-op Worker + QueueEvents, same Redis): 32 producers ${many.jobsPerSecond.toFixed(0)} jobs/s add→complete (p50 ${many.p50.toFixed(1)} ms) · 1 producer p50 ${one.p50.toFixed(2)} ms`,
  );
}

// 2. The platform alone, with a worker whose model takes no time: latency, throughput, and the CPU each
// process (and Redis and PostgreSQL) spends per job.
{
  const { stack, stop } = await platformStack(redis.url, postgres.url, env);
  try {
    await run(stack.url, 4, 25); // warm up
    const one = await run(stack.url, 1, 200);
    const oneMs = one.results.map((r) => r.ms);
    lines.push(
      `platform, null model,  1 client:  ${summary(oneMs)} (budget p50 < ${BUDGET.oneClientP50Ms} ms: ${verdict(percentile(oneMs, 50) < BUDGET.oneClientP50Ms)})`,
    );
    lines.push(`    at the client, from the POST (p50 ms): ${clientPhases(one.results)}`);
    const rounds: { jobsPerSecond: number; ms: number[] }[] = [];
    const cpuBefore = cpuSnapshot(redis.url, stack.env.DATABASE_URL!);
    for (let round = 0; round < ROUNDS_AT_32; round++) {
      const many = await run(stack.url, 32, 25);
      rounds.push({ jobsPerSecond: many.jobsPerSecond, ms: many.results.map((r) => r.ms) });
    }
    const cpuAfter = cpuSnapshot(redis.url, stack.env.DATABASE_URL!);
    const median = [...rounds].sort((a, b) => a.jobsPerSecond - b.jobsPerSecond)[ROUNDS_AT_32 >> 1]!;
    lines.push(
      `platform, null model, 32 clients: ${summary(median.ms)} · ${median.jobsPerSecond.toFixed(0)} jobs/s, the median of ${rounds.map((r) => r.jobsPerSecond.toFixed(0)).join(', ')} (budget ≥ ${BUDGET.jobsPerSecondAt32} jobs/s: ${verdict(median.jobsPerSecond >= BUDGET.jobsPerSecondAt32)})`,
    );
    const jobs = rounds.reduce((sum, r) => sum + r.ms.length, 0);
    const cpu = cpuPerJob(cpuBefore, cpuAfter, jobs);
    const total = cpu.reduce((sum, c) => sum + c.ms, 0);
    lines.push(
      `    CPU per job at 32 clients, ms (in the kernel): ${cpu
        .filter((c) => c.ms >= 0.05)
        .map((c) => `${c.name} ${c.ms.toFixed(2)} (${c.systemMs.toFixed(2)})`)
        .join(' · ')}`,
    );
    lines.push(
      `    all together ${total.toFixed(2)} ms: at most ${((1000 * cores) / total).toFixed(0)} jobs/s on ${cores} cores with nothing else running`,
    );
  } finally {
    await stop();
  }
}

// 3. Per hop: the same path at 1 client with every process exporting its spans to a receiver here, the
// statements PostgreSQL receives counted on their way (a counting proxy) and Redis's commands watched
// (MONITOR). All three add a little to the times.
{
  const receiver = await startSpanReceiver();
  const counter = await startStatementCounter(postgres.url);
  const { stack, stop } = await platformStack(redis.url, counter.url, {
    ...env,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
  });
  const commands = await watchRedisCommands(redis.url);
  try {
    await run(stack.url, 1, 20); // warm up
    const statementsBefore = counter.counts();
    const commandsBefore = commands.counts();
    const { results } = await run(stack.url, 1, 50);
    const statements = perJob(statementsBefore, counter.counts(), results.length);
    const sent = perJob(commandsBefore, commands.counts(), results.length);
    // Spans leave each process in batches, at most a second after they end.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    lines.push(
      `per hop, null model, 1 client (medians over ${results.length} jobs, from each process's spans):`,
    );
    for (const line of hopTable(receiver.traces, results)) lines.push(`    ${line}`);
    lines.push(`    PostgreSQL statements per job: ${formatCounts(statements)}`);
    lines.push(`    Redis commands sent per job (idle polling included): ${formatCounts(sent)}`);
  } finally {
    commands.stop();
    await stop();
    await counter.close();
    await receiver.close();
  }
}

// 4. The real built-in model: overhead = end-to-end time minus the inference time the worker measured.
{
  const stack = await startStack({ redisUrl: redis.url, postgresUrl: postgres.url, env });
  try {
    await run(stack.url, 1, 3); // warm up
    for (const clients of [1, 32]) {
      const { results } = await run(stack.url, clients, clients === 1 ? 20 : 2);
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

await redis.stop();
await postgres.stop();
console.log(
  `\nPlatform cost per generation (POST → completed over SSE → image fetched), Node ${process.version}, ${cores} cores`,
);
for (const line of lines) console.log(`  ${line}`);
process.exit(0);
