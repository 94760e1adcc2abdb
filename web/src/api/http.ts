// The one place that talks HTTP: JSON in and out, and the gateway's error shape
// ({ error: '<code>', message: '<human text>' }) turned into an ApiError.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
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

export async function requestJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');

  const response = await fetch(path, { ...init, headers });
  if (!response.ok) {
    const body = await readErrorBody(response);
    throw new ApiError(
      response.status,
      typeof body.error === 'string' ? body.error : 'http_error',
      // An empty message lets the page fall back to its own translated text.
      typeof body.message === 'string' ? body.message : '',
    );
  }
  return (await response.json()) as T;
}
