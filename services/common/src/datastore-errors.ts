// Failures that mean "PostgreSQL or Redis cannot be reached right now", as opposed to a bug or a bad request.
// While a datastore restarts or fails over, callers get 503 with Retry-After and try again; nothing is logged
// as an internal error, because nothing in our code went wrong.
import { AppError } from './app-error.ts';
import { pgErrorCode } from './pg-errors.ts';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03']);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i, // pg: the server closed the connection
  /connection error and is not queryable/i, // pg: a client whose connection broke
  /timeout exceeded when trying to connect/i, // pg-pool: no connection within connectionTimeoutMillis
  /connection is closed/i, // ioredis: the connection went away under a command
  /stream isn't writeable/i, // ioredis: no connection and no offline queue
  /reached the max retries per request/i, // ioredis: MaxRetriesPerRequestError
];

export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, please try again later';

/** True when the error, or anything it wraps, says a datastore is unreachable at the moment. */
export function isDatastoreUnavailable(error: unknown): boolean {
  const state = pgErrorCode(error);
  if (state && (state.startsWith('08') || UNAVAILABLE_STATES.has(state))) return true;
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e; ) {
    if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
    if (
      typeof e.message === 'string' &&
      UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(e!.message as string))
    ) {
      return true;
    }
    const errors = (e as { errors?: unknown[] }).errors; // AggregateError: every address refused
    if (Array.isArray(errors) && errors.some(isDatastoreUnavailable)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The error callers get instead: 503 over HTTP, UNAVAILABLE over gRPC. */
export function datastoreUnavailable(): AppError {
  return new AppError('unavailable', UNAVAILABLE_MESSAGE, 'temporarily_unavailable');
}
