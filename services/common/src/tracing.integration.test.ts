import { Writable } from 'node:stream';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partialService } from '../../../test/support/partial-service.ts';
import { HistoryService } from './gen/history/v1/history_pb.ts';
import { createServiceClient } from './grpc-client.ts';
import { createGrpcServer, type GrpcServer } from './grpc-server.ts';
import { createLogger } from './logger.ts';
import {
  contextFromTraceparent,
  currentTraceparent,
  SpanKind,
  startTracing,
  type Tracing,
  traceIds,
  withSpan,
} from './tracing.ts';

// Spans collected in memory (the test hook): context crosses a real gRPC call and a queue-style payload.
describe('tracing', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let server: GrpcServer;
  let address: string;

  beforeAll(async () => {
    tracing = await startTracing('test', {}, exporter);
    server = createGrpcServer('history', createLogger('test', 'silent'));
    server.add(
      HistoryService,
      partialService(HistoryService, {
        async recordItem(request) {
          return { id: traceIds().trace_id ?? '', jobId: request.jobId };
        },
        async listItems() {
          return { items: [], nextCursor: '' };
        },
        async deleteUserData() {
          return { deletedItems: 0, imageKeys: [] };
        },
      }),
    );
    address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  });
  afterAll(async () => {
    await server.shutdown();
    await tracing.shutdown();
  });

  it('carries the trace across a gRPC call: client span in the caller, server span under it', async () => {
    const client = createServiceClient(HistoryService, address, { deadlineMs: 2000 });
    const traceId = 'a'.repeat(32);
    const item = await withSpan(
      'root',
      { parent: contextFromTraceparent(`00-${traceId}-${'b'.repeat(16)}-01`) },
      () => client.recordItem({ jobId: 'job-1' }),
    );
    client.close();
    expect(item.id).toBe(traceId);
    const spans = exporter.getFinishedSpans();
    const root = spans.find((s) => s.name === 'root')!;
    const rpcClient = spans.find((s) => s.kind === SpanKind.CLIENT)!;
    const rpcServer = spans.find((s) => s.kind === SpanKind.SERVER)!;
    expect(root.spanContext().traceId).toBe(traceId);
    expect(root.parentSpanContext?.spanId).toBe('b'.repeat(16));
    expect(rpcClient.parentSpanContext?.spanId).toBe(root.spanContext().spanId);
    expect(rpcServer.parentSpanContext?.spanId).toBe(rpcClient.spanContext().spanId);
    expect(rpcServer.resource.attributes['service.name']).toBe('test');
  });

  it('round-trips a traceparent through a payload and puts the ids on log lines', async () => {
    const lines: string[] = [];
    const logger = pino(
      { mixin: traceIds },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const payload = await withSpan('publish', { kind: SpanKind.PRODUCER }, async () => ({
      traceparent: currentTraceparent(),
    }));
    await withSpan('process', { parent: contextFromTraceparent(payload.traceparent) }, async (span) => {
      logger.info('working');
      expect(lines[0]).toContain(`"trace_id":"${span.spanContext().traceId}"`);
    });
    const publish = exporter.getFinishedSpans().find((s) => s.name === 'publish')!;
    const processing = exporter.getFinishedSpans().find((s) => s.name === 'process')!;
    expect(processing.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    expect(traceIds()).toEqual({});
  });
});
