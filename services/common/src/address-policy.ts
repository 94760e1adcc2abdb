// Which addresses and host names the guarded fetcher may connect to. Pure functions: no DNS, no I/O.
// Everything that is not plainly a public unicast address is refused, so a user-supplied link cannot reach
// our own services, the cluster, the cloud metadata endpoint or the operator's LAN.
import { isIP } from 'node:net';

export type AddressBlockReason =
  | 'not_an_ip'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'shared'
  | 'multicast'
  | 'reserved'
  | 'benchmarking'
  | 'documentation'
  | 'protocol_assignment'
  | 'ipv4_mapped';

export type HostnameBlockReason = 'metadata' | 'loopback' | 'internal_name';

export interface AddressPolicyOptions {
  /** Tests only: lets 127/8 and ::1 through so a local server can be fetched. */
  allowLoopback?: boolean;
}

// IANA IPv4 special-purpose registry, minus the few blocks that are globally reachable (AS112, AMT).
const IPV4_BLOCKED: [string, number, AddressBlockReason][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'], // CGNAT; also Alibaba Cloud's metadata 100.100.100.200
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'], // includes the cloud metadata endpoint 169.254.169.254
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'protocol_assignment'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'], // retired 6to4 relay anycast
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes the broadcast address 255.255.255.255
];

/** Dotted-quad text (already validated by isIP) to an unsigned 32-bit number. */
function ipv4ToNumber(text: string): number {
  return text.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function ipv4Reason(value: number): AddressBlockReason | null {
  for (const [base, bits, reason] of IPV4_BLOCKED) {
    const size = 2 ** (32 - bits);
    if (Math.floor(value / size) === Math.floor(ipv4ToNumber(base) / size)) return reason;
  }
  return null;
}

/** IPv6 text (already validated by isIP, no zone) to its eight 16-bit groups. */
function ipv6ToGroups(text: string): number[] {
  let normalised = text;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    // A dotted IPv4 tail ("::ffff:1.2.3.4") becomes the last two groups.
    const v4 = ipv4ToNumber(text.slice(lastColon + 1));
    normalised = `${text.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const [head, tail] = normalised.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

const embeddedIpv4 = (high: number, low: number) => high * 65536 + low;

function ipv6Reason(g: number[]): AddressBlockReason | null {
  const zeroUpTo = (n: number) => g.slice(0, n).every((group) => group === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and IPv4-translated (::ffff:0:a.b.c.d): no
  // public name needs them, and a stack may connect to the embedded IPv4 address directly.
  if (zeroUpTo(5) && g[5] === 0xffff) return 'ipv4_mapped';
  if (zeroUpTo(6)) return 'ipv4_mapped';
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return 'ipv4_mapped';
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) reach whatever IPv4 address they embed: judge that address.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) {
    return ipv4Reason(embeddedIpv4(g[6], g[7]));
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'private'; // local-use NAT64, 64:ff9b:1::/48
  if (g[0] === 0x2002) return ipv4Reason(embeddedIpv4(g[1], g[2]));
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'documentation';
  if (g[0] === 0x3fff && g[1] < 0x1000) return 'documentation'; // 3fff::/20
  if (g[0] === 0x2001 && g[1] < 0x0200) return 'protocol_assignment'; // 2001::/23, incl. Teredo and ORCHID
  if ((g[0] & 0xfe00) === 0xfc00) return 'private'; // unique local fc00::/7 (AWS metadata fd00:ec2::254)
  if ((g[0] & 0xffc0) === 0xfe80) return 'link_local';
  if ((g[0] & 0xffc0) === 0xfec0) return 'private'; // deprecated site-local
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  // Only 2000::/3 is allocated as global unicast; everything else is reserved or special.
  if ((g[0] & 0xe000) !== 0x2000) return 'reserved';
  return null;
}

/** Why the fetcher must not connect to this IP address, or null when it is a public unicast address. */
export function addressBlockReason(
  address: string,
  options: AddressPolicyOptions = {},
): AddressBlockReason | null {
  // A zone index ("fe80::1%eth0") only exists on link-scoped addresses.
  if (address.includes('%')) return 'link_local';
  const family = isIP(address);
  if (family === 0) return 'not_an_ip';
  if (family === 4) {
    const reason = ipv4Reason(ipv4ToNumber(address));
    return reason === 'loopback' && options.allowLoopback === true ? null : reason;
  }
  const groups = ipv6ToGroups(address);
  const reason = ipv6Reason(groups);
  // The test escape hatch opens ::1 itself, never a loopback address smuggled inside NAT64 or 6to4.
  const isPlainLoopback = groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1;
  return isPlainLoopback && options.allowLoopback === true ? null : reason;
}

const METADATA_HOSTNAMES = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);
// Suffixes reserved for or customary on private networks (none is delegated in the public DNS root): a
// public link never needs them, and cluster DNS answers them (".cluster.local").
const INTERNAL_SUFFIXES = ['.internal', '.local', '.localdomain', '.home.arpa', '.home', '.corp', '.lan'];

/**
 * Why a host name (not an IP literal) is refused before we even resolve it, or null. Defence in depth: the
 * resolved addresses are checked anyway, but cluster DNS can map names to addresses we cannot foresee.
 */
export function hostnameBlockReason(hostname: string): HostnameBlockReason | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (METADATA_HOSTNAMES.has(name)) return 'metadata';
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  // A dot-less name is completed by the resolver's search list (Kubernetes: "redis" -> redis.<ns>.svc...).
  if (!name.includes('.')) return 'internal_name';
  if (INTERNAL_SUFFIXES.some((suffix) => name.endsWith(suffix))) return 'internal_name';
  return null;
}
