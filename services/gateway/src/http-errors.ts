// The one table from AppError codes to HTTP, and the one error handler that shapes every error body as
// {error, message}. It never leaks a stack trace or an internal message.

import { AppError, type AppErrorCode } from '@pictura/common/app-error';
import { isDatastoreUnavailable, UNAVAILABLE_MESSAGE } from '@pictura/common/datastore-errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { controlCharactersMessage, isTextFormat } from './text-schemas.ts';

export const HTTP_STATUS_BY_APP_CODE: Record<AppErrorCode, number> = {
  invalid_argument: 400,
  not_found: 404,
  already_exists: 409,
  permission_denied: 403,
  unauthenticated: 401,
  failed_precondition: 409,
  resource_exhausted: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  deadline_exceeded: 504,
  unavailable: 503,
  internal: 500,
};

const GENERIC_MESSAGE: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  413: 'Request is too large',
  415: 'Unsupported content type',
  429: 'Too many requests, please try again later',
  500: 'Server error, please try again later',
  503: 'Service temporarily unavailable, please try again later',
  504: 'The server took too long to answer, please try again',
};

/** How long a client waits before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

export interface ErrorBody {
  error: string;
  message: string;
}

/** Field-specific messages the spec gives for schema failures. */
const FIELD_MESSAGES: Record<string, { error: string; message: string }> = {
  prompt: { error: 'prompt_required', message: 'Please enter an image description' },
};

function validationBody(error: FastifyError): ErrorBody {
  const first = error.validation?.[0];
  const field =
    (first?.params as { missingProperty?: string } | undefined)?.missingProperty ??
    first?.instancePath?.split('/')[1] ??
    '';
  if (first?.keyword === 'format' && isTextFormat((first.params as { format?: string }).format)) {
    return { error: 'invalid_request', message: controlCharactersMessage(field) };
  }
  if (first?.keyword === 'maxLength') {
    const limit = (first.params as { limit: number }).limit;
    return { error: 'too_long', message: `${field} must be at most ${limit} characters` };
  }
  if (
    field in FIELD_MESSAGES &&
    (first?.keyword === 'required' || first?.keyword === 'minLength' || first?.keyword === 'pattern')
  ) {
    return FIELD_MESSAGES[field]!;
  }
  if (first?.keyword === 'additionalProperties') {
    const extra = (first.params as { additionalProperty: string }).additionalProperty;
    return { error: 'invalid_request', message: `Unknown field: ${extra}` };
  }
  if (first?.keyword === 'enum' || first?.keyword === 'anyOf') {
    return { error: 'invalid_option', message: `Unknown value for ${field}` };
  }
  const where = field ? `${field} ` : '';
  return { error: 'invalid_request', message: `${where}${first?.message ?? 'is invalid'}`.trim() };
}

export function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** The status and {error, message} body for any error a route throws; shared by every error shape we send. */
export function errorReply(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const status = HTTP_STATUS_BY_APP_CODE[error.code];
    if (status >= 500) request.log.warn({ code: error.code }, error.message);
    const message = status === 500 ? GENERIC_MESSAGE[500]! : error.message;
    return { status, body: { error: error.reason ?? error.code, message } };
  }
  if (error.validation) return { status: 400, body: validationBody(error) };
  if (isDatastoreUnavailable(error)) {
    // The gateway's own Redis (rate limits, event tokens) is down for a moment: the same 503 as a service's.
    request.log.warn({ reason: error.message }, 'datastore unavailable');
    return { status: 503, body: { error: 'temporarily_unavailable', message: UNAVAILABLE_MESSAGE } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return { status: 400, body: { error: 'invalid_json', message: 'Request body is not valid JSON' } };
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return { status: 400, body: { error: 'invalid_json', message: 'Request body is empty' } };
    }
    if (error.code === 'FST_ERR_BAD_URL') {
      return { status: 400, body: { error: 'invalid_url', message: 'The address is not validly encoded' } };
    }
    const body = {
      error: error.code?.toLowerCase() ?? 'bad_request',
      message: GENERIC_MESSAGE[status] ?? 'Bad request',
    };
    return { status, body };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { error: 'server_error', message: GENERIC_MESSAGE[500]! } };
}

/**
 * Retry-After for a refusal that says when to come back: the service's own figure (a full queue, too many
 * waiting jobs), else for any 503 a moment's outage (a datastore or service restarting). A header already set
 * by what refused it (a rate limit) stays.
 */
export function setRetryAfter(reply: FastifyReply, error: unknown, status: number): void {
  if (reply.hasHeader('retry-after')) return;
  if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  } else if (status === 503) {
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  }
}

export function errorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { status, body } = errorReply(error, request);
  setRetryAfter(reply, error, status);
  return sendError(reply, status, body);
}
