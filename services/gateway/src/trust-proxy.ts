// TRUST_PROXY: whose X-Forwarded-For entries the gateway believes. The client's address keys every
// per-address limit (guest generation, registration, waiting jobs), so it must come from the proxies we run,
// never from the client: a proxy appends the address it saw, and anything left of that is the client's own
// writing. A hop count takes the entry that many from the right; a list of addresses skips entries from those
// proxies, right to left, and takes the first one that is not (proxy-addr, as Fastify does).
// A hop count believes whoever connects: it is only safe where nothing but the proxy can reach the gateway
// (k8s: the NetworkPolicy admits only the ingress proxies). Anywhere else, list the proxies' addresses.
import { isIP } from 'node:net';
import { z } from 'zod';

/** What Fastify's `trustProxy` receives: false (the socket's address), a hop count, or the proxies' ranges. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for private ranges, allowed beside addresses and CIDR blocks. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_PROXY_FORMS =
  'false (no proxy), the number of proxies in front of the gateway (e.g. 1), or their addresses ' +
  '(e.g. 10.0.0.0/8,192.168.1.5)';

/** Why an entry of the address list is refused, or undefined when it is an address, a CIDR block or a name. */
function refusalOf(entry: string): string | undefined {
  if (NAMED_RANGES.has(entry)) return undefined;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `"${entry}" is not an IP address or CIDR block`;
  if (bits === undefined) return undefined;
  const prefix = Number(bits);
  const max = family === 4 ? 32 : 128;
  if (!/^\d+$/.test(bits) || prefix > max) return `"${entry}" has a prefix outside 1..${max}`;
  // /0 is every address: "trust everything" by another name.
  if (prefix === 0) return `"${entry}" trusts every address`;
  return undefined;
}

export function parseTrustProxy(raw: string): TrustProxy | { refused: string } {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    return {
      refused:
        '"true" trusts every hop, so a client picks its own address with X-Forwarded-For; ' +
        `set ${TRUST_PROXY_FORMS}`,
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10
      ? hops
      : { refused: `${hops} hops is more proxies than any deployment has (at most 10)` };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const refusals = entries.map(refusalOf).filter((refusal) => refusal !== undefined);
  if (refusals.length > 0) return { refused: `${refusals.join('; ')}; set ${TRUST_PROXY_FORMS}` };
  return entries;
}

/**
 * The setting as Fastify's `trustProxy` option. Fastify itself no longer honours a bare hop count (it fails
 * closed, for the reason above), so the count becomes proxy-addr's own form: trust the first `hops` hops.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  if (setting === 0) return false;
  return (_address, hop) => hop < setting;
}

export const trustProxySetting = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const parsed = parseTrustProxy(raw);
    if (typeof parsed === 'object' && !Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: parsed.refused });
      return z.NEVER;
    }
    return parsed;
  });
