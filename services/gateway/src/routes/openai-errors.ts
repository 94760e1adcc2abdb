// Every /v1 answer that is not a success has OpenAI's error shape, {error: {message, type, param, code}}, so
// an unchanged OpenAI client reads it (its APIError subclasses go by status; `param` names the field at
// fault). Our own errors (AppError codes and reasons) keep their codes; validation errors are put the way
// OpenAI words them. The rest of the API keeps {error, message} (http-errors.ts).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { errorReply, setRetryAfter } from '../http-errors.ts';
import { controlCharactersMessage, isTextFormat } from '../text-schemas.ts';
import type { OpenAiErrorResponse } from './openai-images.schemas.ts';

/**
 * /v1 and everything under it, except the spec's own /v1/payments calls: they document {error, message}, and
 * an OpenAI body there failed their response schema (the client got fastify's serializer message instead).
 */
export function isOpenAiPath(url: string): boolean {
  return /^\/v1(?:[/?#]|$)/.test(url) && !/^\/v1\/payments(?:[/?#]|$)/.test(url);
}

/** An error a /v1 route raises with OpenAI's fields set itself. */
export class OpenAiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

/** The body of every /v1 error: the documented schema's own type, so the two cannot drift. */
export type OpenAiErrorBody = Static<typeof OpenAiErrorResponse>;

/** OpenAI's `type` per status: it answers invalid_request_error for 4xx, bad keys (401) included. */
export function openAiErrorType(status: number): string {
  if (status === 429) return 'requests';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** The parameter at fault for our own error reasons (jobs, the image intake). */
const PARAM_BY_CODE: Record<string, string> = {
  prompt_required: 'prompt',
  prompt_too_long: 'prompt',
  too_long: 'prompt',
  invalid_size: 'size',
  model_not_found: 'model',
  unsupported_model_capability: 'model',
  background_unsupported: 'background',
  invalid_strength: 'strength',
  not_an_image: 'image',
  too_many_pixels: 'image',
  file_too_large: 'image',
  source_missing: 'image',
  bad_image_size: 'size',
};

/** Our codes renamed to the ones OpenAI's clients know. */
const OPENAI_CODE: Record<string, string> = { unknown_model: 'model_not_found' };

export function openAiBody(
  status: number,
  message: string,
  code: string | null,
  param: string | null = null,
): OpenAiErrorBody {
  const openAiCode = code === null ? null : (OPENAI_CODE[code] ?? code);
  const at = param ?? (openAiCode === null ? null : (PARAM_BY_CODE[openAiCode] ?? null));
  return { error: { message, type: openAiErrorType(status), param: at, code: openAiCode } };
}

export function sendOpenAiError(
  reply: FastifyReply,
  status: number,
  message: string,
  code: string | null,
  param: string | null = null,
): FastifyReply {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(openAiBody(status, message, code, param));
}

interface AjvError {
  keyword: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** An ajv error in OpenAI's words, with the parameter it is about. */
export function validationError(first: AjvError | undefined): OpenAiErrorBody {
  const params = first?.params ?? {};
  const path = first?.instancePath?.split('/').filter(Boolean) ?? [];
  const param =
    (params.missingProperty as string | undefined) ??
    (params.additionalProperty as string | undefined) ??
    (path.length > 0 ? path.join('.') : null);
  switch (first?.keyword) {
    case 'required':
      return openAiBody(400, `Missing required parameter: '${param}'.`, 'missing_required_parameter', param);
    case 'additionalProperties':
      return openAiBody(400, `Unrecognized request argument supplied: ${param}`, 'unknown_parameter', param);
    case 'enum': {
      const allowed = (params.allowedValues as unknown[] | undefined)?.map((v) => `'${v}'`).join(', ');
      return openAiBody(
        400,
        `Invalid value for '${param}'${allowed ? `: supported values are ${allowed}` : ''}.`,
        'invalid_value',
        param,
      );
    }
    case 'format':
      if (isTextFormat(params.format)) {
        return openAiBody(400, `${controlCharactersMessage(param ?? 'body')}.`, 'invalid_value', param);
      }
      return openAiBody(
        400,
        `Invalid value for '${param ?? 'body'}': ${first?.message}.`,
        'invalid_value',
        param,
      );
    default:
      return openAiBody(
        400,
        `Invalid value for '${param ?? 'body'}': ${first?.message ?? 'is invalid'}.`,
        'invalid_value',
        param,
      );
  }
}

/** Status and OpenAI-shaped body for anything a /v1 request throws (auth hook, parsers, routes). */
export function openAiErrorReply(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; body: OpenAiErrorBody } {
  if (error instanceof OpenAiError) {
    return { status: error.status, body: openAiBody(error.status, error.message, error.code, error.param) };
  }
  if (error.validation) return { status: 400, body: validationError(error.validation[0] as AjvError) };
  const { status, body } = errorReply(error, request);
  return { status, body: openAiBody(status, body.message, body.error) };
}

type ErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The gateway's error handler with /v1 answered in OpenAI's shape: errors raised before a /v1 route runs (a
 * bad key in the auth hook, a body too large, an unknown path) reach the root handler, not the route's.
 */
export function withOpenAiErrors(handler: ErrorHandler): ErrorHandler {
  return (error, request, reply) => {
    if (!isOpenAiPath(request.url)) return handler(error, request, reply);
    const { status, body } = openAiErrorReply(error, request);
    // Headers set by what refused it (Retry-After on a 429) stay; the body is replaced.
    setRetryAfter(reply, error, status);
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  };
}
