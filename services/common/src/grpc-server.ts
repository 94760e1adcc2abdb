import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { AppError } from './app-error.ts';
import { datastoreUnavailable, isDatastoreUnavailable } from './datastore-errors.ts';
import { Health, HealthCheckResponse_ServingStatus } from './gen/grpc/health/v1/health_pb.ts';
import { grpcServiceDefinition } from './grpc-definition.ts';
import {
  APP_CODE_METADATA_KEY,
  APP_REASON_METADATA_KEY,
  APP_RETRY_AFTER_METADATA_KEY,
  GRPC_STATUS_BY_APP_CODE,
} from './grpc-status.ts';
import type { AnyService, CallContext, ServiceImpl } from './grpc-types.ts';
import type { Logger } from './logger.ts';
import { rpcServerMetrics } from './metrics.ts';
import { refuseNul } from './nul-text.ts';
import { contextFromTraceparent, failSpan, runInContext, SpanKind, startSpan } from './tracing.ts';

type AnyCall = grpc.ServerUnaryCall<unknown, unknown> | grpc.ServerWritableStream<unknown, unknown>;

export interface GrpcServer {
  add<S extends AnyService>(service: S, impl: ServiceImpl<S>): void;
  /** Binds and starts serving; resolves with the bound port. */
  listen(host: string, port: number): Promise<number>;
  /** Health turns NOT_SERVING, in-flight calls finish, then the server closes. */
  shutdown(): Promise<void>;
}

/** A gRPC server with the standard health service, AppError mapping and per-RPC metrics in one place. */
export function createGrpcServer(serviceName: string, logger: Logger): GrpcServer {
  const server = new grpc.Server({
    'grpc.keepalive_permit_without_calls': 1,
    // Every 5 minutes a client's connection is asked to move on (GOAWAY; calls in progress finish, watch
    // streams included). Its balancer then looks the name up again, so replicas added since are used.
    'grpc.max_connection_age_ms': 5 * 60_000,
    // Channelz (call counters and traces per server and socket) serves no one here: no channelz service is
    // registered. Its bookkeeping costs about a tenth of grpc-js's CPU per call.
    'grpc.enable_channelz': 0,
  });
  let serving = true;
  const names = new Set<string>(['']);

  server.addService(grpcServiceDefinition(Health), {
    check: (call: grpc.ServerUnaryCall<{ service: string }, unknown>, done: grpc.sendUnaryData<unknown>) => {
      const known = names.has(call.request.service);
      done(null, {
        status: !known
          ? HealthCheckResponse_ServingStatus.SERVICE_UNKNOWN
          : serving
            ? HealthCheckResponse_ServingStatus.SERVING
            : HealthCheckResponse_ServingStatus.NOT_SERVING,
      });
    },
    watch: (call: grpc.ServerWritableStream<{ service: string }, unknown>) => {
      call.write({
        status: serving
          ? HealthCheckResponse_ServingStatus.SERVING
          : HealthCheckResponse_ServingStatus.NOT_SERVING,
      });
    },
  });

  /**
   * grpc-js also reports a call as cancelled once its status has gone out, a successful one too: the wrappers
   * below stop listening before they answer (an abort builds a DOMException and its stack trace, per call).
   */
  function contextOf(call: AnyCall): CallContext {
    const controller = new AbortController();
    call.on('cancelled', () => controller.abort());
    const requestId = String(call.metadata.get('x-request-id')[0] ?? randomUUID());
    return { signal: controller.signal, requestId };
  }

  /** A server span per call, continuing the caller's `traceparent` from the metadata. */
  function traceCall(call: AnyCall, service: string, method: string) {
    const { span, context } = startSpan(`${service}/${method}`, {
      kind: SpanKind.SERVER,
      parent: contextFromTraceparent(call.metadata.get('traceparent')[0]),
      attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method },
    });
    const end = (code: grpc.status, error?: unknown) => {
      span.setAttribute('rpc.grpc.status_code', code);
      if (error !== undefined && code !== grpc.status.OK) failSpan(span, error);
      span.end();
    };
    return { context, end };
  }

  function toServiceError(error: unknown, method: string): grpc.StatusObject {
    const metadata = new grpc.Metadata();
    if (error instanceof AppError) {
      metadata.set(APP_CODE_METADATA_KEY, error.code);
      if (error.reason) metadata.set(APP_REASON_METADATA_KEY, error.reason);
      if (error.retryAfterSeconds !== undefined) {
        metadata.set(APP_RETRY_AFTER_METADATA_KEY, String(error.retryAfterSeconds));
      }
      return { code: GRPC_STATUS_BY_APP_CODE[error.code], details: error.message, metadata };
    }
    if (isDatastoreUnavailable(error)) {
      logger.warn({ method, reason: (error as Error).message }, 'datastore unavailable');
      return toServiceError(datastoreUnavailable(), method);
    }
    logger.error({ err: error, method }, 'rpc failed');
    metadata.set(APP_CODE_METADATA_KEY, 'internal');
    return { code: grpc.status.INTERNAL, details: 'Internal error', metadata };
  }

  return {
    add(service, impl) {
      names.add(service.typeName);
      const handlers: grpc.UntypedServiceImplementation = {};
      for (const method of service.methods) {
        const fn = (impl as Record<string, (req: unknown, ctx: CallContext) => unknown>)[method.localName];
        if (typeof fn !== 'function')
          throw new Error(`${service.typeName}.${method.name} is not implemented`);
        const label = `${service.typeName}/${method.name}`;
        // No NUL ever reaches a database, whatever route forgot the gateway's text rule.
        const guarded = (request: unknown, context: CallContext) => {
          refuseNul(request);
          return fn(request, context);
        };
        if (method.methodKind === 'unary') {
          handlers[method.localName] = (
            call: grpc.ServerUnaryCall<unknown, unknown>,
            done: grpc.sendUnaryData<unknown>,
          ) => {
            const stop = rpcServerMetrics.start(label);
            const traced = traceCall(call, service.typeName, method.name);
            runInContext(traced.context, async () => guarded(call.request, contextOf(call))).then(
              (response) => {
                call.removeAllListeners('cancelled');
                stop('OK');
                traced.end(grpc.status.OK);
                done(null, response);
              },
              (error: unknown) => {
                call.removeAllListeners('cancelled');
                const serviceError = runInContext(traced.context, () => toServiceError(error, label));
                stop(grpc.status[serviceError.code]);
                traced.end(serviceError.code, error);
                done(serviceError);
              },
            );
          };
        } else if (method.methodKind === 'server_streaming') {
          handlers[method.localName] = (call: grpc.ServerWritableStream<unknown, unknown>) => {
            const stop = rpcServerMetrics.start(label);
            const traced = traceCall(call, service.typeName, method.name);
            return runInContext(traced.context, async () => {
              try {
                for await (const message of guarded(
                  call.request,
                  contextOf(call),
                ) as AsyncIterable<unknown>) {
                  if (call.cancelled) break;
                  call.write(message);
                }
                call.removeAllListeners('cancelled');
                stop('OK');
                traced.end(grpc.status.OK);
                call.end();
              } catch (error) {
                call.removeAllListeners('cancelled');
                const serviceError = toServiceError(error, label);
                stop(grpc.status[serviceError.code]);
                traced.end(serviceError.code, error);
                // grpc-js turns an 'error' event into the call's final status (code, details, metadata).
                call.emit('error', Object.assign(new Error(serviceError.details), serviceError));
              }
            });
          };
        } else {
          throw new Error(`${label}: streaming requests are not supported`);
        }
      }
      server.addService(grpcServiceDefinition(service), handlers);
    },
    listen(host, port) {
      return new Promise((resolve, reject) => {
        server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (error, bound) => {
          if (error) reject(error);
          else {
            logger.info({ port: bound }, `${serviceName} gRPC listening`);
            resolve(bound);
          }
        });
      });
    },
    shutdown() {
      serving = false;
      return new Promise((resolve) => {
        const force = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 5000);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
    },
  };
}
