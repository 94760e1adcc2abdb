import { MethodOptions_IdempotencyLevel } from '@bufbuild/protobuf/wkt';
import * as grpc from '@grpc/grpc-js';
import { AppError, isAppErrorCode } from './app-error.ts';
import { methodDefinition } from './grpc-definition.ts';
import {
  APP_CODE_METADATA_KEY,
  APP_REASON_METADATA_KEY,
  APP_RETRY_AFTER_METADATA_KEY,
  appCodeForGrpcStatus,
} from './grpc-status.ts';
import type { AnyService, CallOptions, ServiceClient } from './grpc-types.ts';
import { currentTraceparent, failSpan, SpanKind, startSpan } from './tracing.ts';

export interface ClientSettings {
  /** Deadline for unary calls unless a call gives its own. */
  deadlineMs: number;
}

const TRANSPORT_MESSAGES: Partial<Record<string, string>> = {
  deadline_exceeded: 'The server took too long to answer, please try again',
  internal: 'Internal error',
};

/** Turns a failed call's status back into the AppError the server threw. */
export function appErrorFromServiceError(error: grpc.ServiceError): AppError {
  const sent = String(error.metadata?.get(APP_CODE_METADATA_KEY)[0] ?? '');
  const reason = error.metadata?.get(APP_REASON_METADATA_KEY)[0];
  const retryAfter = Number(error.metadata?.get(APP_RETRY_AFTER_METADATA_KEY)[0] ?? Number.NaN);
  if (isAppErrorCode(sent)) {
    return new AppError(
      sent,
      sent === 'internal' ? 'Internal error' : error.details,
      reason ? String(reason) : undefined,
      Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : undefined,
    );
  }
  // No AppError behind it: a transport failure, whose details name hosts and ports. Keep them out.
  const code = appCodeForGrpcStatus(error.code);
  return new AppError(
    code,
    TRANSPORT_MESSAGES[code] ?? 'Service temporarily unavailable, please try again later',
  );
}

/** A client span per call; its W3C `traceparent` travels in the call's metadata. */
function startCall(service: string, method: string, options?: CallOptions) {
  const { span, context } = startSpan(`${service}/${method}`, {
    kind: SpanKind.CLIENT,
    attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method },
  });
  const metadata = new grpc.Metadata();
  if (options?.requestId) metadata.set('x-request-id', options.requestId);
  const traceparent = currentTraceparent(context);
  if (traceparent) metadata.set('traceparent', traceparent);
  const end = (error?: unknown) => {
    if (error !== undefined) {
      const code = (error as grpc.ServiceError).code;
      if (typeof code === 'number') span.setAttribute('rpc.grpc.status_code', code);
      failSpan(span, error);
    } else {
      span.setAttribute('rpc.grpc.status_code', grpc.status.OK);
    }
    span.end();
  };
  return { metadata, end };
}

/**
 * Retries of an idempotent call that met UNAVAILABLE (a replica gone, restarting or refusing): up to four
 * more attempts (grpc-js's most) spread over up to 1.5 s, each picked by round_robin, so usually on another
 * replica. No retry throttling: when a replica dies under load, all its calls fail at once, and a token
 * bucket would refuse exactly the retries that matter. Five attempts bound the extra load, and a channel
 * whose replicas are all down fails each attempt locally, without sending anything. grpc-js retries only
 * until an answer starts; an answer cut short is sent again by `createServiceClient` (see `sendAgain`).
 */
const RETRY_POLICY = {
  maxAttempts: 5,
  initialBackoff: '0.1s',
  maxBackoff: '1s',
  backoffMultiplier: 2,
  retryableStatusCodes: ['UNAVAILABLE'],
};

/** Whether the .proto marks the rpc NO_SIDE_EFFECTS or IDEMPOTENT: sending it twice does no harm. */
function repeatable(method: AnyService['methods'][number]): boolean {
  return method.idempotency !== MethodOptions_IdempotencyLevel.IDEMPOTENCY_UNKNOWN;
}

/**
 * The channel's gRPC service config: round_robin over every address the target names (each replica gets
 * its share, instead of the first address getting every call), and retries for the rpcs the .proto marks
 * NO_SIDE_EFFECTS or IDEMPOTENT. Any other call is sent again only by grpc-js's transparent retry, when no
 * server received it.
 */
export function serviceConfigFor(service: AnyService) {
  const retried = service.methods.filter(repeatable);
  return {
    loadBalancingConfig: [{ round_robin: {} }],
    methodConfig:
      retried.length === 0
        ? []
        : [
            {
              name: retried.map((method) => ({ service: service.typeName, method: method.name })),
              retryPolicy: RETRY_POLICY,
            },
          ],
  };
}

/**
 * Whether a failed unary call is sent once more. A replica killed between sending its answer and ending the
 * call (the status trailers follow the answer in a later write) leaves the caller with UNAVAILABLE after the
 * answer began, which grpc-js never retries: the answer was committed. For an rpc that may repeat, sending it
 * again (round_robin then picks a living replica) costs nothing; any other rpc may have taken effect and
 * fails as it is. The rehearsal's auth-kill check met this in about one round in ten.
 */
function sendAgain(
  method: AnyService['methods'][number],
  sent: { error: grpc.ServiceError | null; answered: boolean },
  signal?: AbortSignal,
): boolean {
  return (
    sent.error?.code === grpc.status.UNAVAILABLE && sent.answered && repeatable(method) && !signal?.aborted
  );
}

/** A typed client: unary RPCs return promises, server-streaming RPCs async iterables. Every unary call has a deadline. */
export function createServiceClient<S extends AnyService>(
  service: S,
  address: string,
  settings: ClientSettings,
): ServiceClient<S> & { close(): void } {
  const client = new grpc.Client(address, grpc.credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.enable_retries': 1,
    // Per-call bookkeeping for a debugging service we do not serve: a third of a unary call's cost.
    'grpc.enable_channelz': 0,
    'grpc.service_config': JSON.stringify(serviceConfigFor(service)),
    // Ours alone: a DNS TXT record must not swap the balancing or retry policy.
    'grpc.service_config_disable_resolution': 1,
    // A name is looked up again when a connection drops (a pod gone, or the server's periodic GOAWAY, see
    // grpc-server.ts); at most every 5 s, so replaced pods are found within seconds, not grpc-js's 30 s.
    'grpc.dns_min_time_between_resolutions_ms': 5_000,
    // A replica restarted at the same address (a rolling restart) is tried again within a second, not after
    // grpc-js's default backoff of up to 2 minutes, so the next replica's restart never finds none ready.
    'grpc.initial_reconnect_backoff_ms': 250,
    'grpc.max_reconnect_backoff_ms': 1_000,
  });
  const api: Record<string, unknown> = { close: () => client.close() };
  for (const method of service.methods) {
    const def = methodDefinition(service.typeName, method);
    if (method.methodKind === 'unary') {
      const send = (request: unknown, metadata: grpc.Metadata, deadline: number, signal?: AbortSignal) =>
        new Promise<{ error: grpc.ServiceError | null; response?: unknown; answered: boolean }>((resolve) => {
          let answered = false;
          const call = client.makeUnaryRequest(
            def.path,
            def.requestSerialize,
            def.responseDeserialize,
            request,
            // grpc-js copies it for each call (resolving-call.ts), so a second send may pass it again.
            metadata,
            { deadline },
            (error, response) => resolve({ error, response, answered }),
          );
          // The replica's answer began (its headers came): grpc-js will not send this call again.
          call.once('metadata', () => {
            answered = true;
          });
          signal?.addEventListener('abort', () => call.cancel(), { once: true });
        });
      api[method.localName] = async (request: unknown, options?: CallOptions) => {
        const deadline = Date.now() + (options?.deadlineMs ?? settings.deadlineMs);
        const traced = startCall(service.typeName, method.name, options);
        let sent = await send(request, traced.metadata, deadline, options?.signal);
        if (sendAgain(method, sent, options?.signal)) {
          sent = await send(request, traced.metadata, deadline, options?.signal);
        }
        traced.end(sent.error ?? undefined);
        if (sent.error) throw appErrorFromServiceError(sent.error);
        return sent.response;
      };
    } else if (method.methodKind === 'server_streaming') {
      api[method.localName] = (request: unknown, options?: CallOptions) => ({
        async *[Symbol.asyncIterator]() {
          const callOptions: grpc.CallOptions = options?.deadlineMs
            ? { deadline: Date.now() + options.deadlineMs }
            : {};
          const traced = startCall(service.typeName, method.name, options);
          const call = client.makeServerStreamRequest(
            def.path,
            def.requestSerialize,
            def.responseDeserialize,
            request,
            traced.metadata,
            callOptions,
          );
          const onAbort = () => call.cancel();
          options?.signal?.addEventListener('abort', onAbort, { once: true });
          let failure: unknown;
          try {
            for await (const message of call) yield message;
          } catch (error) {
            if (options?.signal?.aborted) return;
            failure = error;
            throw appErrorFromServiceError(error as grpc.ServiceError);
          } finally {
            traced.end(failure);
            options?.signal?.removeEventListener('abort', onAbort);
            call.cancel();
          }
        },
      });
    }
  }
  return api as ServiceClient<S> & { close(): void };
}
