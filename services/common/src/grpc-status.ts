// The one mapping between AppError codes and gRPC status codes, used by every server and client.
import { status } from '@grpc/grpc-js';
import type { AppErrorCode } from './app-error.ts';

export const GRPC_STATUS_BY_APP_CODE: Record<AppErrorCode, status> = {
  invalid_argument: status.INVALID_ARGUMENT,
  not_found: status.NOT_FOUND,
  already_exists: status.ALREADY_EXISTS,
  permission_denied: status.PERMISSION_DENIED,
  unauthenticated: status.UNAUTHENTICATED,
  failed_precondition: status.FAILED_PRECONDITION,
  resource_exhausted: status.RESOURCE_EXHAUSTED,
  payload_too_large: status.OUT_OF_RANGE,
  unsupported_media_type: status.INVALID_ARGUMENT,
  deadline_exceeded: status.DEADLINE_EXCEEDED,
  unavailable: status.UNAVAILABLE,
  internal: status.INTERNAL,
};

const APP_CODE_BY_GRPC_STATUS: Partial<Record<status, AppErrorCode>> = {
  [status.INVALID_ARGUMENT]: 'invalid_argument',
  [status.NOT_FOUND]: 'not_found',
  [status.ALREADY_EXISTS]: 'already_exists',
  [status.PERMISSION_DENIED]: 'permission_denied',
  [status.UNAUTHENTICATED]: 'unauthenticated',
  [status.FAILED_PRECONDITION]: 'failed_precondition',
  [status.RESOURCE_EXHAUSTED]: 'resource_exhausted',
  [status.OUT_OF_RANGE]: 'payload_too_large',
  [status.DEADLINE_EXCEEDED]: 'deadline_exceeded',
  [status.UNAVAILABLE]: 'unavailable',
  [status.CANCELLED]: 'unavailable',
};

export function appCodeForGrpcStatus(code: status): AppErrorCode {
  return APP_CODE_BY_GRPC_STATUS[code] ?? 'internal';
}

/** Metadata keys that carry the exact AppError across the wire (the status alone can be ambiguous). */
export const APP_CODE_METADATA_KEY = 'x-app-code';
export const APP_REASON_METADATA_KEY = 'x-app-reason';
/** AppError.retryAfterSeconds, so a 429 or 503 from a service keeps its Retry-After at the gateway. */
export const APP_RETRY_AFTER_METADATA_KEY = 'x-app-retry-after';
