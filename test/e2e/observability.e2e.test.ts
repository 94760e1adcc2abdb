// Tracing and metrics across the real processes: one browser request's trace runs gateway → jobs (gRPC)
// → BullMQ → worker (inference), exported by OTLP/HTTP to a collector this test runs; every process
// answers /metrics with its metric families.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvents, type Stack, startStack } from '../support/stack.ts';

interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
}

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string };
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number }[];
    }[];
  }[];
}

/** OTLP/JSON ids are hex; accept base64 too (the protobuf JSON mapping). */
const hex = (id: string | undefined) =>
  !id ? '' : /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');

/** A minimal OTLP/HTTP collector: POST /v1/traces with a JSON body. */
function startCollector(): Promise<{ server: Server; url: string; spans: CollectedSpan[] }> {
  const spans: CollectedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
      if (!String(req.headers['content-type']).includes('json')) return void res.writeHead(415).end();
      const raw = Buffer.concat(chunks);
      const body = JSON.parse(
        (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'),
      ) as OtlpExport;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service =
          resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              service,
              traceId: hex(span.traceId),
              spanId: hex(span.spanId),
              parentSpanId: hex(span.parentSpanId),
              name: span.name,
              kind: span.kind,
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans }),
    ),
  );
}

// OTLP span kinds.
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

describe('observability across the running processes', () => {
  let stack: Stack;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  beforeAll(async () => {
    collector = await startCollector();
    stack = await startStack({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url } });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    collector?.server.close();
  });

  it('follows one browser request through gateway, jobs and the worker in one trace', async () => {
    const traceId = randomBytes(16).toString('hex');
    const browserSpanId = randomBytes(8).toString('hex');
    const res = await fetch(`${stack.url}/api/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-${browserSpanId}-01` },
      body: JSON.stringify({ prompt: 'a lighthouse on a cliff at dusk', seed: 7 }),
    });
    expect(res.status).toBe(202);
    const { job_id } = (await res.json()) as { job_id: string };
    const events = await readEvents<{ status: string }>(
      `${stack.url}/api/jobs/${job_id}/events`,
      (e) => e.status === 'completed' || e.status === 'error',
    );
    expect(events.at(-1)?.status).toBe('completed');

    const find = (service: string, kind: number, name: RegExp) =>
      collector.spans.find(
        (s) => s.traceId === traceId && s.service === service && s.kind === kind && name.test(s.name),
      );
    // Processes export in batches: wait until the worker's inference span has arrived.
    await expect
      .poll(() => Boolean(find('worker', 1, /^inference/) && find('jobs', PRODUCER, /publish/)), {
        timeout: 20_000,
      })
      .toBe(true);
    const mine = collector.spans.filter((s) => s.traceId === traceId);
    for (const service of ['gateway', 'jobs', 'worker'])
      expect(mine.map((s) => s.service)).toContain(service);

    const http = find('gateway', SERVER, /^POST \/api\/generate$/);
    expect(http?.parentSpanId).toBe(browserSpanId);
    const rpcClient = find('gateway', CLIENT, /JobsService\/SubmitGeneration$/);
    expect(rpcClient?.parentSpanId).toBe(http?.spanId);
    const rpcServer = find('jobs', SERVER, /JobsService\/SubmitGeneration$/);
    expect(rpcServer?.parentSpanId).toBe(rpcClient?.spanId);
    const publish = find('jobs', PRODUCER, /^generate publish$/);
    expect(publish?.parentSpanId).toBe(rpcServer?.spanId);
    const processing = find('worker', CONSUMER, /^generate process$/);
    expect(processing?.parentSpanId).toBe(publish?.spanId);
    const inference = find('worker', 1, /^inference generate$/);
    expect(inference?.parentSpanId).toBe(processing?.spanId);

    // Log lines written inside the trace carry its id.
    expect(stack.logs('gateway').some((line) => line.includes(`"trace_id":"${traceId}"`))).toBe(true);
  }, 90_000);

  it('serves the expected metric families on every process', async () => {
    const expected: Record<string, string[]> = {
      gateway: ['http_request_duration_seconds'],
      auth: ['grpc_server_handled_total'],
      billing: ['grpc_server_handled_total'],
      community: ['grpc_server_handled_total'],
      history: ['grpc_server_handled_total'],
      jobs: ['grpc_server_handled_total', 'jobs_submitted_total', 'jobs_queue_depth'],
      worker: ['worker_inference_seconds', 'worker_busy_jobs'],
    };
    for (const [name, families] of Object.entries(expected)) {
      const res = await fetch(stack.metricsUrl(name));
      expect(res.status, name).toBe(200);
      const text = await res.text();
      for (const family of families) expect(text, `${name} ${family}`).toContain(`# TYPE ${family} `);
    }
    const jobs = await (await fetch(stack.metricsUrl('jobs'))).text();
    expect(jobs).toMatch(/^jobs_queue_depth\{queue="generate"\} \d+$/m);
    expect(jobs).toMatch(/^jobs_submitted_total\{kind="generate",plan="[a-z]+"\} [1-9]/m);
    const worker = await (await fetch(stack.metricsUrl('worker'))).text();
    expect(worker).toMatch(/^worker_inference_seconds_count\{model="pictura-emoji"\} [1-9]/m);
  });

  it('answers the worker autoscaler (KEDA metrics-api) with the queue depth under its prefix', async () => {
    const res = await fetch(stack.metricsUrl('jobs').replace(/\/metrics$/, '/queue-depth'));
    expect(res.status).toBe(200);
    const depth = (await res.json()) as { prefix: string; queues: Record<string, unknown>; total: number };
    expect(depth.prefix).toBe(stack.env.QUEUE_PREFIX);
    expect(Object.keys(depth.queues).sort()).toEqual(['generate', 'upscale']);
    expect(depth.total).toBeTypeOf('number');
  });
});
