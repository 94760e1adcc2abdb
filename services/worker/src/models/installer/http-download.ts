// Downloads one file over HTTP into place, resuming what an earlier try left: a Range request from the
// bytes already on disk, guarded by If-Range with the ETag those bytes came with, so a file that changed
// meanwhile is sent whole and restarts. Redirects are followed by hand (the Hub answers 302 to its CDN) so
// the bearer token goes only to the origin it was meant for, never to the host a redirect names.
import { createWriteStream } from 'node:fs';
import { stat, truncate } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { asInstallError, InstallError } from './install-error.ts';

const MAX_REDIRECTS = 10;
/** A server that sends nothing for this long is given up on; bytes already written stay for the resume. */
export const STALL_MS = 60_000;

/** An abort signal that fires when `touch` has not been called for `STALL_MS` (or when `outer` fires). */
function stallGuard(outer: AbortSignal | undefined, stallMs: number) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), stallMs);
    timer.unref();
  };
  touch();
  return {
    signal: outer ? AbortSignal.any([outer, controller.signal]) : controller.signal,
    touch,
    stalled: () => controller.signal.aborted && !outer?.aborted,
    stop: () => clearTimeout(timer),
  };
}

export interface DownloadRequest {
  url: string;
  dest: string;
  /** Expected byte size, when the source says it. */
  size?: number;
  /** ETag the bytes already in `dest` came with. */
  etag?: string;
  /** Called with the ETag of a response before its body is written, so a cut keeps it for resume. */
  saveEtag: (etag: string | undefined) => Promise<void>;
  /** Bearer token, sent only to `tokenOrigin`. */
  token?: string;
  tokenOrigin?: string;
  fetch: typeof fetch;
  signal?: AbortSignal;
  /** Bytes counted as they arrive; `fromDisk` for bytes an earlier try already downloaded. */
  onBytes: (bytes: number, fromDisk?: boolean) => void;
  /** Names the file in messages, e.g. "onnxruntime/sd-turbo unet/model.onnx". */
  label: string;
  /** How long the server may send nothing before the download is given up (default STALL_MS). */
  stallMs?: number;
}

async function sizeOnDisk(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

/** Fetches `url`, following redirects, with the token only on its own origin. */
export async function fetchFollowing(
  url: string,
  init: {
    headers: Record<string, string>;
    token?: string;
    tokenOrigin?: string;
    fetch: typeof fetch;
    signal?: AbortSignal;
    stallMs?: number;
  },
): Promise<Response> {
  // Each hop must start answering within the stall time; the caller reads the body under its own guard.
  const guard = stallGuard(init.signal, init.stallMs ?? STALL_MS);
  try {
    return await follow(url, init, guard.signal);
  } catch (error) {
    if (guard.stalled())
      throw new InstallError(
        'network',
        `${new URL(url).host} did not answer within ${Math.round((init.stallMs ?? STALL_MS) / 1000)} s`,
      );
    throw error;
  } finally {
    guard.stop();
  }
}

async function follow(
  url: string,
  init: { headers: Record<string, string>; token?: string; tokenOrigin?: string; fetch: typeof fetch },
  signal: AbortSignal,
): Promise<Response> {
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const headers = { ...init.headers };
    if (init.token && new URL(current).origin === init.tokenOrigin)
      headers.authorization = `Bearer ${init.token}`;
    const response = await init.fetch(current, { headers, redirect: 'manual', signal });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel().catch(() => {});
      current = new URL(location, current).toString();
      continue;
    }
    return response;
  }
  throw new InstallError('network', `too many redirects from ${new URL(url).host}`);
}

/** Maps an HTTP failure to the installer's codes; the message names the file, never the token. */
export function httpError(status: number, label: string, tokenSet: boolean): InstallError {
  if (status === 401 || status === 403) {
    return new InstallError(
      'gated',
      tokenSet
        ? `${label}: access refused (${status}) with the HF_TOKEN given; accept the model's licence on its Hugging Face page with that account, or check the token`
        : `${label}: the repository is gated (${status}); accept its licence on Hugging Face and set HF_TOKEN to an access token of that account`,
    );
  }
  if (status === 404) return new InstallError('not_found', `${label}: not found (404)`);
  return new InstallError('network', `${label}: the server answered ${status}`);
}

export async function downloadFile(request: DownloadRequest): Promise<void> {
  const { dest, size, signal } = request;
  let have = await sizeOnDisk(dest);
  if (size !== undefined && have === size && request.etag) {
    request.onBytes(have, true);
    return;
  }
  if ((size !== undefined && have > size) || (have > 0 && !request.etag)) {
    await truncate(dest, 0);
    have = 0;
  }
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  if (have > 0 && request.etag) {
    headers.range = `bytes=${have}-`;
    headers['if-range'] = request.etag;
  }
  let response: Response;
  try {
    response = await fetchFollowing(request.url, {
      headers,
      token: request.token,
      tokenOrigin: request.tokenOrigin,
      fetch: request.fetch,
      signal,
      stallMs: request.stallMs,
    });
  } catch (error) {
    throw asInstallError(error, `downloading ${request.label}`, signal);
  }
  if (response.status === 416 && have > 0) {
    // The range starts at or past the end: what we hold is either the whole file or stale.
    await response.body?.cancel().catch(() => {});
    await truncate(dest, 0);
    await request.saveEtag(undefined);
    return downloadFile({ ...request, etag: undefined });
  }
  if (response.status !== 200 && response.status !== 206) {
    await response.body?.cancel().catch(() => {});
    throw httpError(response.status, request.label, Boolean(request.token));
  }
  let append = false;
  if (response.status === 206) {
    const start = Number(/^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '')?.[1]);
    append = start === have;
    if (!append) {
      await response.body?.cancel().catch(() => {});
      throw new InstallError('network', `${request.label}: the server resumed at the wrong offset`);
    }
  }
  if (append) request.onBytes(have, true);
  const etag = response.headers.get('etag') ?? undefined;
  // A weak ETag cannot guard a Range request (RFC 9110 §13.1.5): such a file restarts next time.
  await request.saveEtag(etag && !etag.startsWith('W/') ? etag : undefined);
  if (!response.body) throw new InstallError('network', `${request.label}: empty response`);
  const stallMs = request.stallMs ?? STALL_MS;
  const guard = stallGuard(signal, stallMs);
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      guard.touch();
      request.onBytes(chunk.length);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      count,
      createWriteStream(dest, { flags: append ? 'a' : 'w' }),
      { signal: guard.signal },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC')
      throw new InstallError('disk_full', `the disk filled up while downloading ${request.label}`);
    if (guard.stalled())
      throw new InstallError(
        'network',
        `${request.label}: no data for ${Math.round(stallMs / 1000)} s; install again to resume where it stopped`,
      );
    throw asInstallError(error, `downloading ${request.label}`, signal);
  } finally {
    guard.stop();
  }
  const got = await sizeOnDisk(dest);
  if (size !== undefined && got !== size) {
    throw new InstallError(
      got < size ? 'network' : 'checksum_mismatch',
      `${request.label}: got ${got} bytes, expected ${size}`,
    );
  }
}
