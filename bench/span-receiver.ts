// A small OTLP/HTTP JSON receiver for the benchmark: the processes export their spans to it, and it lays
// out where the time of one job goes, hop by hop, from the spans of many jobs (each job its own trace).
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { percentile } from './stats.ts';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  kind?: number;
}

interface OtlpRequest {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
}

export interface ReceivedSpan {
  service: string;
  name: string;
  spanId: string;
  parentId: string | undefined;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  kind: number;
}

/** OTLP's SpanKind for a consumer (a worker taking a queued job). */
const SPAN_KIND_CONSUMER = 5;

/** A fresh W3C trace context for one job: every request of the job continues it. */
export function newTraceparent(): { traceId: string; traceparent: string } {
  const traceId = randomBytes(16).toString('hex');
  return { traceId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
}

/** Epoch milliseconds with sub-millisecond precision, on the clock the processes' spans use. */
export const epochMs = (at: number = performance.now()) => performance.timeOrigin + at;

export async function startSpanReceiver(): Promise<{
  endpoint: string;
  traces: Map<string, ReceivedSpan[]>;
  close(): Promise<void>;
}> {
  const traces = new Map<string, ReceivedSpan[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const request = JSON.parse(body.toString('utf8')) as OtlpRequest;
      for (const resource of request.resourceSpans ?? []) {
        const service =
          resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            const list = traces.get(span.traceId) ?? [];
            list.push({
              service,
              name: span.name,
              spanId: span.spanId,
              parentId: span.parentSpanId || undefined,
              start: Number(BigInt(span.startTimeUnixNano) / 1000n) / 1000,
              end: Number(BigInt(span.endTimeUnixNano) / 1000n) / 1000,
              kind: span.kind ?? 0,
            });
            traces.set(span.traceId, list);
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    traces,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What the client saw of one job, as epoch milliseconds. */
export interface ClientMarks {
  traceId: string;
  marks: [label: string, at: number][];
}

/**
 * One line per hop: each span (by process and name, nested under its parent) with the median time it takes
 * and, for one that calls others, the part spent outside those calls (in a client span: the transport both
 * ways); between the spans, the client's own marks, as the median time from the POST. A process stamps its
 * spans from a clock it reads to the millisecond, so the order of spans of different processes is only
 * roughly right; durations are exact.
 */
export function hopTable(traces: Map<string, ReceivedSpan[]>, jobs: ClientMarks[]): string[] {
  interface Row {
    depth: number;
    label: string;
    starts: number[];
    takes: number[];
    own: number[];
    client: boolean;
  }
  const rows = new Map<string, Row>();
  const add = (key: string, row: Omit<Row, 'starts' | 'takes' | 'own'>, at: number, takes = 0, own = 0) => {
    const existing = rows.get(key) ?? { ...row, starts: [], takes: [], own: [] };
    existing.starts.push(at);
    existing.takes.push(takes);
    existing.own.push(own);
    rows.set(key, existing);
  };
  for (const job of jobs) {
    const t0 = job.marks[0]![1];
    for (const [label, at] of job.marks) {
      add(`client ${label}`, { depth: 0, label: `client: ${label}`, client: true }, at - t0);
    }
    const spans = traces.get(job.traceId) ?? [];
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const pathOf = (span: ReceivedSpan): string[] => {
      const parent = span.parentId ? byId.get(span.parentId) : undefined;
      return [...(parent ? pathOf(parent) : []), `${span.service}: ${span.name}`];
    };
    for (const span of spans) {
      const path = pathOf(span);
      const takes = span.end - span.start;
      // A consumer (the worker taking a published job) is no part of its parent's time.
      const calls = spans.filter((s) => s.parentId === span.spanId && s.kind !== SPAN_KIND_CONSUMER);
      const own =
        calls.length === 0 ? Number.NaN : takes - calls.reduce((sum, s) => sum + s.end - s.start, 0);
      add(
        path.join(' › '),
        { depth: path.length - 1, label: path.at(-1)!, client: false },
        span.start - t0,
        takes,
        own,
      );
    }
  }
  const count = jobs.length;
  return [...rows.values()]
    .filter((row) => row.starts.length >= count / 2)
    .map((row) => ({ ...row, start: percentile(row.starts, 50) }))
    .sort((a, b) => a.start - b.start || a.depth - b.depth)
    .map((row) => {
      if (row.client) return `${row.label.padEnd(62)} at +${row.start.toFixed(1).padStart(5)} ms`;
      const perJob = row.starts.length / count;
      const times = perJob > 1.05 ? ` ×${perJob.toFixed(1)}` : '';
      const label = `${'  '.repeat(row.depth)}${row.label}${times}`.padEnd(62);
      const own = row.own.filter((ms) => !Number.isNaN(ms));
      // A stream's client span outlives the answer it feeds (it waits for the stream's end): no part to show.
      const part = own.length > 0 ? percentile(own, 50) : Number.NaN;
      const outside = part >= 0 ? ` · outside its calls ${part.toFixed(2)} ms` : '';
      return `${label} takes ${percentile(row.takes, 50).toFixed(2)} ms${outside}`;
    });
}
