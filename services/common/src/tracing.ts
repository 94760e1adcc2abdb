// OpenTelemetry tracing for every process, in one place: the provider, W3C trace-context propagation
// (HTTP headers, gRPC metadata, queue payloads) and the span helpers the other modules use.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type Attributes,
  type Context,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export { SpanKind };

export interface TracingConfig {
  /** OTLP/HTTP base URL (spans go to <endpoint>/v1/traces); unset: spans are created and propagated, not exported. */
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
}

export interface Tracing {
  /** Flushes pending spans and stops exporting. */
  shutdown(): Promise<void>;
}

/**
 * Registers the process's tracer provider; `exporter` is a test hook that receives every span as it ends.
 * The OTLP exporter (some 150 modules) is loaded only when an endpoint is set, so processes without one
 * start faster.
 */
export async function startTracing(
  serviceName: string,
  config: TracingConfig,
  exporter?: SpanExporter,
): Promise<Tracing> {
  const spanProcessors: SpanProcessor[] = [];
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    const url = `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
    spanProcessors.push(
      new BatchSpanProcessor(new OTLPTraceExporter({ url }), { scheduledDelayMillis: 1000 }),
    );
  }
  if (exporter) spanProcessors.push(new SimpleSpanProcessor(exporter));
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors,
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return {
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

const tracer = () => trace.getTracer('pictura');

/** The active span's ids for log lines, or nothing outside a trace. */
export function traceIds(): { trace_id: string; span_id: string } | Record<string, never> {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/** The W3C `traceparent` of the active span (to carry in a queue payload), if there is one. */
export function currentTraceparent(ctx: Context = context.active()): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent;
}

/** The context a received `traceparent` (header, metadata or payload field) continues; the active one without it. */
export function contextFromTraceparent(traceparent: unknown): Context {
  if (typeof traceparent !== 'string' || traceparent === '') return context.active();
  return propagation.extract(context.active(), { traceparent });
}

/** Runs `fn` inside a new span (a child of `parent`, else of the active span), recording a failure and ending it. */
export async function withSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Starts a span the caller ends (calls whose end is a callback or a stream); returns it and its context. */
export function startSpan(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
): { span: Span; context: Context } {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

export function failSpan(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException(error);
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

export function runInContext<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

/**
 * Wraps a Node HTTP request listener: one server span per request, continuing the caller's `traceparent`
 * (the browser's, or a proxy's), active for everything the request does.
 */
export function tracedRequestListener(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    // Named by method until routing names the route (raw paths would make every file its own span name).
    const { span, context: ctx } = startSpan(req.method ?? 'HTTP', {
      kind: SpanKind.SERVER,
      parent: contextFromTraceparent(req.headers.traceparent),
      attributes: { 'http.request.method': req.method ?? '', 'url.path': path },
    });
    res.once('close', () => {
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(ctx, () => listener(req, res));
  };
}

/** Names the active HTTP server span after the matched route (low-cardinality), once routing is done. */
export function nameHttpSpan(method: string, route: string | undefined): void {
  if (!route) return;
  const span = trace.getActiveSpan();
  span?.updateName(`${method} ${route}`);
  span?.setAttribute('http.route', route);
}
