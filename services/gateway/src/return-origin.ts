// Where a checkout returns the browser to: the origin the user started from when it is one of the site's
// allowed origins (ALLOWED_ORIGINS), else PUBLIC_URL's. An origin that is not on the list is never used, so
// no request can make the site redirect to an address of someone else's choosing.
import { z } from 'zod';

/** An origin as browsers write it in the Origin header: scheme, host and port, no path. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username || url.password || url.search || url.hash) return undefined;
    if (url.pathname !== '/' && url.pathname !== '') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/**
 * ALLOWED_ORIGINS: the origins users reach the site by, comma-separated (`https://pictura.example,
 * http://192.168.1.20:8080`). PUBLIC_URL's origin is always one of them; unset means only it.
 */
export const allowedOriginsSetting = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const entries = (text ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const origins: string[] = [];
    for (const entry of entries) {
      const origin = originOf(entry);
      if (!origin) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not an origin: write scheme, host and port only, e.g. https://pictura.example or http://192.168.1.20:8080`,
        });
        return z.NEVER;
      }
      origins.push(origin);
    }
    return origins;
  });

/** The allowed origins: PUBLIC_URL's first, then ALLOWED_ORIGINS' own (without repeats). */
export function allowedOrigins(config: { PUBLIC_URL: string; ALLOWED_ORIGINS: readonly string[] }): string[] {
  return [...new Set([new URL(config.PUBLIC_URL).origin, ...config.ALLOWED_ORIGINS])];
}

/**
 * The origin to send the browser back to: the request's Origin header (or, without one, its Referer's
 * origin) when it is allowed; otherwise PUBLIC_URL's origin (the first allowed one).
 */
export function returnOriginOf(
  headers: { origin?: string | string[]; referer?: string | string[] },
  allowed: readonly string[],
): string {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const origin = first(headers.origin);
  const referer = first(headers.referer);
  let claimed: string | undefined;
  if (origin && origin !== 'null') claimed = originOf(origin);
  else if (referer) {
    try {
      claimed = new URL(referer).origin;
    } catch {}
  }
  return claimed && allowed.includes(claimed) ? claimed : allowed[0]!;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const ALL_INTERFACES = new Set(['0.0.0.0', '::', '[::]', '::0']);

/**
 * The start-up warning when PUBLIC_URL names a loopback address while the gateway listens on every interface:
 * users who reach it by another address would be sent to a loopback address after paying, in mails and in
 * links. Undefined when there is nothing to warn about.
 */
export function publicUrlWarning(config: {
  PUBLIC_URL: string;
  HOST: string;
  ALLOWED_ORIGINS: readonly string[];
}): string | undefined {
  const host = new URL(config.PUBLIC_URL).hostname.toLowerCase();
  const loopback = LOOPBACK_HOSTS.has(host) || host.startsWith('127.');
  if (!loopback || !ALL_INTERFACES.has(config.HOST.trim())) return undefined;
  return (
    `PUBLIC_URL is ${config.PUBLIC_URL}, a loopback address, but the gateway listens on ${config.HOST} (every ` +
    'interface): users who reach it by another address or host name get links to this machine-only address. ' +
    'Set PUBLIC_URL to the address users type, and list any other ones in ALLOWED_ORIGINS.'
  );
}
