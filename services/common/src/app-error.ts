// Domain code throws AppError; each transport (gRPC server, HTTP gateway) maps the code in one place.

export const APP_ERROR_CODES = [
  'invalid_argument',
  'not_found',
  'already_exists',
  'permission_denied',
  'unauthenticated',
  'failed_precondition',
  'resource_exhausted',
  'payload_too_large',
  'unsupported_media_type',
  'deadline_exceeded',
  'unavailable',
  'internal',
] as const;

export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** A finer, machine-readable reason (e.g. 'prompt_required'); the HTTP body's `error` field when set. */
    readonly reason?: string,
    /** When the caller may try again, in seconds: the HTTP answer's Retry-After (a 429 or 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function isAppErrorCode(value: string): value is AppErrorCode {
  return (APP_ERROR_CODES as readonly string[]).includes(value);
}
