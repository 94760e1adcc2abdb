// The one error type the installer throws. Its code tells callers (the CLI, `npm start`, the worker's
// models queue) what went wrong without parsing messages; the message is a single line fit to show users.
export type InstallErrorCode =
  | 'unknown_model'
  | 'already_installing'
  | 'already_installed'
  | 'not_installed'
  | 'checksum_mismatch'
  | 'disk_full'
  | 'gated'
  | 'not_found'
  | 'network'
  | 'cancelled'
  | 'invalid';

export class InstallError extends Error {
  override readonly name = 'InstallError';
  constructor(
    readonly code: InstallErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Wraps what fetch and streams throw: an abort is a cancel, anything else a network failure. */
export function asInstallError(error: unknown, what: string, signal?: AbortSignal): InstallError {
  if (error instanceof InstallError) return error;
  if (signal?.aborted) return new InstallError('cancelled', 'install cancelled', { cause: error });
  const reason = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail = reason?.code ?? reason?.message ?? (error as Error)?.message ?? String(error);
  return new InstallError('network', `${what} failed: ${detail}`, { cause: error });
}
