// The one place that talks HTTP: JSON in and out, the bearer token attached whenever one exists (spec 7),
// and the gateway's error shape ({ error: '<code>', message: '<human text>' }) turned into an ApiError.
import { readToken } from '../auth/auth-storage.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The answer's Retry-After in seconds (a 429 or 503 says when to come back); absent when it gave none. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Retry-After in seconds (the gateway sends seconds, never a date); undefined when absent or unreadable. */
export function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/** Fired on window when a call answers 401 (spec 4: log out and open the sign-in modal). */
export const UNAUTHORIZED_EVENT = 'pictura:unauthorized';

export interface RequestOptions extends RequestInit {
  /** Sign-in calls answer 401 for a wrong password: that must not end the session. */
  unauthorizedIsExpected?: boolean;
}

interface ErrorBody {
  error?: unknown;
  message?: unknown;
}

async function readErrorBody(response: Response): Promise<ErrorBody> {
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === 'object' ? (body as ErrorBody) : {};
  } catch {
    return {};
  }
}

/** Headers for any call to our own API: the bearer token when signed in. */
export function authHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  const token = readToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

export async function requestJson<T>(path: string, init: RequestOptions = {}): Promise<T> {
  const { unauthorizedIsExpected, ...fetchInit } = init;
  const headers = authHeaders(fetchInit.headers);
  const sentAuthorization = headers.get('Authorization');
  headers.set('Accept', 'application/json');
  if (fetchInit.body !== undefined) headers.set('Content-Type', 'application/json');

  const response = await fetch(path, { ...fetchInit, headers });
  if (!response.ok) {
    const body = await readErrorBody(response);
    // A 401 for a session that already ended here (signed out, account deleted) is stale: only a 401
    // for the session still in use ends it and asks for sign-in.
    if (
      response.status === 401 &&
      !unauthorizedIsExpected &&
      sentAuthorization === authHeaders().get('Authorization')
    ) {
      window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT));
    }
    throw new ApiError(
      response.status,
      typeof body.error === 'string' ? body.error : 'http_error',
      // An empty message lets the page fall back to its own translated text.
      typeof body.message === 'string' ? body.message : '',
      retryAfterOf(response),
    );
  }
  return (await response.json()) as T;
}
