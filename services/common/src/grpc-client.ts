import * as grpc from '@grpc/grpc-js';
import { AppError, isAppErrorCode } from './app-error.ts';
import { methodDefinition } from './grpc-definition.ts';
import { APP_CODE_METADATA_KEY, APP_REASON_METADATA_KEY, appCodeForGrpcStatus } from './grpc-status.ts';
import type { AnyService, CallOptions, ServiceClient } from './grpc-types.ts';

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
  if (isAppErrorCode(sent)) {
    return new AppError(
      sent,
      sent === 'internal' ? 'Internal error' : error.details,
      reason ? String(reason) : undefined,
    );
  }
  // No AppError behind it: a transport failure, whose details name hosts and ports. Keep them out.
  const code = appCodeForGrpcStatus(error.code);
  return new AppError(
    code,
    TRANSPORT_MESSAGES[code] ?? 'Service temporarily unavailable, please try again later',
  );
}

function metadataFor(options?: CallOptions): grpc.Metadata {
  const metadata = new grpc.Metadata();
  if (options?.requestId) metadata.set('x-request-id', options.requestId);
  return metadata;
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
  });
  const api: Record<string, unknown> = { close: () => client.close() };
  for (const method of service.methods) {
    const def = methodDefinition(service.typeName, method);
    if (method.methodKind === 'unary') {
      api[method.localName] = (request: unknown, options?: CallOptions) =>
        new Promise((resolve, reject) => {
          const deadline = Date.now() + (options?.deadlineMs ?? settings.deadlineMs);
          const call = client.makeUnaryRequest(
            def.path,
            def.requestSerialize,
            def.responseDeserialize,
            request,
            metadataFor(options),
            { deadline },
            (error, response) => (error ? reject(appErrorFromServiceError(error)) : resolve(response)),
          );
          options?.signal?.addEventListener('abort', () => call.cancel(), { once: true });
        });
    } else if (method.methodKind === 'server_streaming') {
      api[method.localName] = (request: unknown, options?: CallOptions) => ({
        async *[Symbol.asyncIterator]() {
          const callOptions: grpc.CallOptions = options?.deadlineMs
            ? { deadline: Date.now() + options.deadlineMs }
            : {};
          const call = client.makeServerStreamRequest(
            def.path,
            def.requestSerialize,
            def.responseDeserialize,
            request,
            metadataFor(options),
            callOptions,
          );
          const onAbort = () => call.cancel();
          options?.signal?.addEventListener('abort', onAbort, { once: true });
          try {
            for await (const message of call) yield message;
          } catch (error) {
            if (options?.signal?.aborted) return;
            throw appErrorFromServiceError(error as grpc.ServiceError);
          } finally {
            options?.signal?.removeEventListener('abort', onAbort);
            call.cancel();
          }
        },
      });
    }
  }
  return api as ServiceClient<S> & { close(): void };
}
