// The one way Pictura fetches a URL a user gave us (upscale by link). The URL is treated as hostile: it may
// aim at our own services, the cloud metadata endpoint, or a name that re-resolves to either (DNS rebinding).
//
// Defences, in order: the WHATWG parser normalises the URL (so 2130706433, 0177.0.0.1, 0x7f.1 and 127.1 all
// become 127.0.0.1 before we judge them); only http/https without credentials; names refused by policy;
// we resolve the name ourselves and check EVERY address; the socket is pinned to those checked addresses
// through `lookup`, so Node never asks DNS again; each redirect hop starts over; one deadline covers DNS,
// connects and body; the body is counted while streaming and its first bytes must be an accepted image.
//
// Ports: any port is allowed. Image hosts do use odd ports, and what keeps us off internal services is the
// address check, not the port; on a public address a port only reaches what that host already exposes.
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { addressBlockReason, hostnameBlockReason } from './address-policy.ts';
import { type ImageType, MAX_UPLOAD_BYTES, SNIFF_BYTES, sniffImageType } from './image-sniff.ts';

export type FetchRefusedCode =
  | 'invalid_url'
  | 'blocked_address'
  | 'too_large'
  | 'timeout'
  | 'not_an_image'
  | 'http_error'
  | 'too_many_redirects'
  | 'unreachable';

/** Messages are shown to the user, so they never name the addresses we resolved (no internal-DNS oracle). */
export class FetchRefusedError extends Error {
  override readonly name = 'FetchRefusedError';
  readonly code: FetchRefusedCode;

  constructor(code: FetchRefusedCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface GuardedFetchOptions {
  /** Whole fetch, all hops, DNS included. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Tests only: the caller passes it from its config; production never sets it. */
  allowLoopback?: boolean;
  /** Replaces the system resolver; tests use it to play a rebinding DNS server. */
  resolve?: Resolver;
}

export interface FetchedImage {
  bytes: Uint8Array;
  type: ImageType;
  /** The URL the image finally came from, after redirects. */
  url: string;
}

export const GUARDED_FETCH_DEFAULTS = {
  timeoutMs: 15_000,
  maxBytes: MAX_UPLOAD_BYTES,
  maxRedirects: 3,
  maxUrlLength: 2048,
} as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const systemResolver: Resolver = async (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const refused = (code: FetchRefusedCode, message: string, cause?: unknown) =>
  new FetchRefusedError(code, message, cause === undefined ? undefined : { cause });

/** Parses a user-supplied (or redirect) URL and applies the rules that need no DNS. */
export function parseFetchUrl(input: string, base?: URL): URL {
  const tooLong = () => refused('invalid_url', 'The link is too long');
  // The value arrives from a request body: do not trust the type annotation alone.
  if (typeof input !== 'string') throw refused('invalid_url', 'The link is not a valid URL');
  if (input.length > GUARDED_FETCH_DEFAULTS.maxUrlLength) throw tooLong();
  let url: URL;
  try {
    url = new URL(input, base);
  } catch (error) {
    throw refused('invalid_url', 'The link is not a valid URL', error);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refused('invalid_url', 'Only http and https links are supported');
  }
  if (url.username !== '' || url.password !== '') {
    throw refused('invalid_url', 'Links with a user name or password are not supported');
  }
  if (url.href.length > GUARDED_FETCH_DEFAULTS.maxUrlLength) throw tooLong();
  return url;
}

/** url.hostname keeps IPv6 brackets; sockets, DNS and the policy want the bare address. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

const blockedAddress = () => refused('blocked_address', 'The link points to an address that is not allowed');

/** Resolves the URL's host and checks every address; what it returns is all the socket may connect to. */
async function checkedAddresses(
  url: URL,
  resolve: Resolver,
  allowLoopback: boolean,
): Promise<ResolvedAddress[]> {
  const host = bareHost(url);
  let addresses: ResolvedAddress[];
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    if (hostnameBlockReason(host) !== null) throw blockedAddress();
    addresses = await resolve(host);
  }
  if (addresses.length === 0) throw refused('unreachable', 'Could not find the server of that link');
  // Every address must pass: we cannot know which one a connect or happy-eyeballs attempt would use.
  for (const { address } of addresses) {
    if (addressBlockReason(address, { allowLoopback }) !== null) throw blockedAddress();
  }
  // The family comes from the address text, not from what a (possibly injected) resolver claimed.
  return addresses.map(({ address }) => ({ address, family: isIP(address) }));
}

/** A `lookup` that answers only with the addresses we already checked, so there is no second DNS query. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter((entry) => wanted === 0 || entry.family === wanted);
    if (usable.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`No checked address for ${hostname}`);
      error.code = 'ENOTFOUND';
      callback(error, '');
    } else if (options.all) callback(null, usable);
    else callback(null, usable[0].address, usable[0].family);
  };
}

const IMAGE_GET = {
  method: 'GET',
  headers: {
    accept: 'image/jpeg, image/png, image/webp',
    'accept-encoding': 'identity',
    'user-agent': 'Pictura image fetcher',
  },
};

function sendRequest(
  url: URL,
  addresses: ResolvedAddress[],
  signal: AbortSignal,
  send: { method: string; headers: Record<string, string>; body?: string } = IMAGE_GET,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        // The original name stays in `hostname`, so the Host header, TLS SNI and certificate check all use it.
        hostname: bareHost(url),
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: send.method,
        headers: send.headers,
        lookup: pinnedLookup(addresses),
        agent: false, // a pooled socket could have been pinned for another hop
        signal,
      },
      resolve,
    );
    request.on('error', reject);
    request.end(send.body);
  });
}

async function readImageBody(response: IncomingMessage, maxBytes: number) {
  const tooLarge = () => refused('too_large', 'The image is too large');
  const notAnImage = () => refused('not_an_image', 'The link does not point to a JPEG, PNG or WebP image');
  if (Number(response.headers['content-length']) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let total = 0;
  let type: ImageType | null = null;
  // Leaving this loop by throwing destroys the response, which stops the download.
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) throw tooLarge();
    chunks.push(chunk);
    if (type === null && total >= SNIFF_BYTES) {
      type = sniffImageType(Buffer.concat(chunks));
      if (type === null) throw notAnImage();
    }
  }
  const bytes = Buffer.concat(chunks, total);
  type ??= sniffImageType(bytes);
  if (type === null) throw notAnImage();
  return { bytes, type };
}

/** Rejects when the deadline passes, for work (DNS) that cannot itself be cancelled. */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Runs `work` under one deadline. A refusal passes through; any other failure becomes 'timeout' if the
 * deadline passed, else 'unreachable', in the caller's words.
 */
async function underDeadline<T>(
  timeoutMs: number,
  words: { timeout: string; unreachable: string },
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    return await work(deadline.signal);
  } catch (error) {
    if (error instanceof FetchRefusedError) throw error;
    if (deadline.signal.aborted) throw refused('timeout', words.timeout, error);
    throw refused('unreachable', words.unreachable, error);
  } finally {
    clearTimeout(timer);
  }
}

/** Downloads the image at a user-supplied URL, or throws FetchRefusedError. */
export async function fetchUserImage(
  input: string,
  options: GuardedFetchOptions = {},
): Promise<FetchedImage> {
  const timeoutMs = options.timeoutMs ?? GUARDED_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? GUARDED_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? GUARDED_FETCH_DEFAULTS.maxRedirects;
  const resolve = options.resolve ?? systemResolver;
  const allowLoopback = options.allowLoopback === true;

  const words = {
    timeout: 'The image took too long to download',
    unreachable: 'Could not load the image from that link',
  };
  return underDeadline(timeoutMs, words, async (signal) => {
    let url = parseFetchUrl(input);
    for (let hop = 0; ; hop++) {
      const addresses = await beforeDeadline(checkedAddresses(url, resolve, allowLoopback), signal);
      const response = await sendRequest(url, addresses, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location !== undefined) {
        response.destroy();
        if (hop >= maxRedirects) throw refused('too_many_redirects', 'The link redirects too many times');
        url = parseFetchUrl(location, url); // and round again: the new host is checked from scratch
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw refused('http_error', `The server answered with status ${status}`);
      }
      const body = await readImageBody(response, maxBytes);
      return { ...body, url: url.href };
    }
  });
}

export interface GuardedPostOptions
  extends Pick<GuardedFetchOptions, 'timeoutMs' | 'allowLoopback' | 'resolve'> {
  headers: Record<string, string>;
}

/** How far a guarded POST got: the receiver's status (its body is read up to 4 KiB and dropped). */
export interface PostOutcome {
  status: number;
}

/**
 * POSTs a JSON body to a user-supplied URL (webhook deliveries), under the same address rules as image
 * fetches: DNS resolved by us, every address checked, the socket pinned to them. Redirects are not followed
 * (a receiver must answer at the URL it gave, as Standard Webhooks senders do). Throws FetchRefusedError
 * ('blocked_address', 'timeout', 'unreachable', 'invalid_url') when no HTTP answer came.
 */
export async function postGuarded(
  input: string,
  body: string,
  options: GuardedPostOptions,
): Promise<PostOutcome> {
  const timeoutMs = options.timeoutMs ?? GUARDED_FETCH_DEFAULTS.timeoutMs;
  const words = {
    timeout: 'The receiver took too long to answer',
    unreachable: 'Could not reach the receiver',
  };
  return underDeadline(timeoutMs, words, async (signal) => {
    const url = parseFetchUrl(input);
    const resolve = options.resolve ?? systemResolver;
    const addresses = await beforeDeadline(
      checkedAddresses(url, resolve, options.allowLoopback === true),
      signal,
    );
    const response = await sendRequest(url, addresses, signal, {
      method: 'POST',
      headers: {
        ...options.headers,
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Pictura webhooks',
      },
      body,
    });
    // Read a little of the answer so the receiver can finish, but never hold a large body in memory.
    let read = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      read += chunk.length;
      if (read > 4096) break;
    }
    response.destroy();
    return { status: response.statusCode ?? 0 };
  });
}
