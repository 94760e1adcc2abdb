// One generation as the web app makes it, run by many clients at once, against a stack whose worker's model
// takes no time (bench/null-worker.ts): shared by the platform benchmark and profiling runs.
import { type ChildProcess, spawn } from 'node:child_process';
import { type Stack, startStack } from '../test/support/stack.ts';
import { Connection } from './http-client.ts';
import { type ClientMarks, epochMs, newTraceparent } from './span-receiver.ts';
import { percentile } from './stats.ts';

interface JobBody {
  job_id: string;
  status: string;
  images: { url: string }[];
}

export interface Generation extends ClientMarks {
  jobId: string;
  ms: number;
}

/** Reads Server-Sent Events from the pieces of a body: each `data:` line's JSON, as it is complete. */
function eventReader(onEvent: (event: JobBody) => void) {
  let text = '';
  return (piece: Buffer) => {
    text += piece.toString('utf8');
    let end = text.indexOf('\n\n');
    while (end !== -1) {
      // A block has `event:`, `id:` and `retry:` lines besides its `data:` line.
      const data = text
        .slice(0, end)
        .split('\n')
        .find((line) => line.startsWith('data: '));
      if (data) onEvent(JSON.parse(data.slice(6)) as JobBody);
      text = text.slice(end + 2);
      end = text.indexOf('\n\n');
    }
  };
}

/**
 * One generation as the web app makes it, on the client's own keep-alive connection: submit, follow the
 * events until the end (the server closes the stream after it), fetch the image. Every request carries the
 * job's own trace context.
 */
export async function oneGeneration(connection: Connection, seed: number): Promise<Generation> {
  const { traceId, traceparent } = newTraceparent();
  const headers = { traceparent };
  const started = performance.now();
  const submitted = await connection.request('POST', '/api/generate', {
    headers,
    body: JSON.stringify({ prompt: `benchmark prompt ${seed}`, seed }),
  });
  const accepted = performance.now();
  const answer = JSON.parse(submitted.body.toString('utf8'));
  if (submitted.status !== 202)
    throw new Error(`generate: HTTP ${submitted.status} ${JSON.stringify(answer)}`);
  const { job_id, events_url } = answer as { job_id: string; events_url: string };
  let firstAt: number | undefined;
  let last: { event: JobBody; at: number } | undefined;
  const events = await connection.request('GET', events_url, {
    headers: { ...headers, accept: 'text/event-stream' },
    onBody: eventReader((event) => {
      firstAt ??= performance.now();
      if (event.status !== 'waiting' && event.status !== 'processing')
        last = { event, at: performance.now() };
    }),
  });
  if (events.status !== 200 || !last) throw new Error(`events of ${job_id}: HTTP ${events.status}, no end`);
  if (last.event.status !== 'completed') throw new Error(`job ${job_id} ended ${last.event.status}`);
  const image = await connection.request('GET', last.event.images[0]!.url, { headers });
  if (image.status !== 200) throw new Error(`image of ${job_id}: HTTP ${image.status}`);
  const fetched = performance.now();
  return {
    jobId: job_id,
    traceId,
    ms: fetched - started,
    marks: [
      ['POST /api/generate sent', epochMs(started)],
      ['202 received', epochMs(accepted)],
      ['first event received', epochMs(firstAt!)],
      ['completed event received', epochMs(last.at)],
      ['image received', epochMs(fetched)],
    ],
  };
}

/** `clients` clients at once, each making `perClient` generations one after another on its connection. */
export async function run(url: string, clients: number, perClient: number) {
  const { hostname, port } = new URL(url);
  const results: Generation[] = [];
  let seed = Math.floor(Math.random() * 1e6);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const connection = new Connection(hostname, Number(port));
      try {
        for (let i = 0; i < perClient; i++) results.push(await oneGeneration(connection, seed++));
      } finally {
        connection.close();
      }
    }),
  );
  return { results, jobsPerSecond: results.length / ((performance.now() - started) / 1000) };
}

/** The client's own marks, as medians from the POST: where one job's time goes, seen from outside. */
export function clientPhases(results: Generation[]): string {
  const labels = results[0]!.marks.map(([label]) => label);
  return labels
    .slice(1)
    .map((label, i) => {
      const at = results.map((r) => r.marks[i + 1]![1] - r.marks[0]![1]);
      return `${label} +${percentile(at, 50).toFixed(1)}`;
    })
    .join(' · ');
}

/** The six processes and a null-model worker (bench/null-worker.ts) on the same queue. */
export async function platformStack(
  redisUrl: string,
  postgresUrl: string,
  env: Record<string, string>,
): Promise<{ stack: Stack; stop(): Promise<void> }> {
  const stack = await startStack({
    redisUrl,
    postgresUrl,
    env,
    processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway'],
  });
  const worker: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/null-worker.ts', redisUrl, stack.env.QUEUE_PREFIX!, stack.env.DATA_DIR!],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  await new Promise((resolve) => worker.stdout!.once('data', resolve));
  return {
    stack,
    async stop() {
      await new Promise((resolve) => {
        worker.once('exit', resolve);
        worker.kill('SIGTERM');
      });
      await stack.stop();
    },
  };
}
