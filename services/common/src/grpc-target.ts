// Where a service is reached, as AUTH_ADDR, BILLING_ADDR, ... give it. Either host:port, or a gRPC target
// URI naming several replicas:
//   dns:///auth-grpc.pictura.svc.cluster.local:7101   every address the name resolves to (a headless Service)
//   ipv4:127.0.0.1:7101,127.0.0.1:7201                 a fixed list (replicas on one machine)
//   ipv6:[::1]:7101,[::1]:7201
// A plain host:port is resolved the same way as dns:///host:port. Clients spread calls over every address
// (grpc-client.ts); a service binds the port its own address names (GRPC_PORT overrides it).
import { isIPv4, isIPv6 } from 'node:net';

export const GRPC_TARGET_FORMS = 'host:port, dns:///host:port or ipv4:host:port,host:port';

const HOST = /^[A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9_])?$/;

function portOfText(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : undefined;
}

type HostKind = 'name' | 'ipv4' | 'ipv6';

/** The port of host:port (a DNS name or IPv4 literal) or [ipv6]:port; undefined when malformed. */
function hostPort(text: string, kind: HostKind): number | undefined {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d+)$/.exec(text);
  if (!match) return undefined;
  const [, ipv6, host = '', port = ''] = match;
  const accepted =
    ipv6 !== undefined
      ? kind !== 'ipv4' && isIPv6(ipv6)
      : kind === 'ipv4'
        ? isIPv4(host)
        : kind === 'name' && HOST.test(host);
  return accepted ? portOfText(port) : undefined;
}

/**
 * The ports a target names (one per listed address, one for a DNS name). Throws an Error saying what is
 * wrong, for the config schema to report against the variable.
 */
export function targetPorts(target: string): number[] {
  const fail = (why: string): never => {
    throw new Error(`${why}; expected ${GRPC_TARGET_FORMS}`);
  };
  if (/\s/.test(target)) fail('contains whitespace');
  if (target.startsWith('dns:')) {
    // dns:///name:port, or dns://<dns server>/name:port. The port is required: gRPC would assume 443.
    const path = /^dns:(?:\/\/[^/]*\/)?([^/]+)$/.exec(target)?.[1];
    const port = path === undefined ? undefined : hostPort(path, 'name');
    return port === undefined ? fail('not dns:///host:port') : [port];
  }
  const list = /^(ipv4|ipv6):(.*)$/.exec(target);
  if (list) {
    const kind = list[1] as 'ipv4' | 'ipv6';
    const ports = list[2]!.split(',').map((entry) => hostPort(entry, kind));
    return ports.every((port): port is number => port !== undefined)
      ? ports
      : fail(
          `every ${kind} entry needs an address and a port (${kind === 'ipv4' ? 'a.b.c.d' : '[address]'}:port)`,
        );
  }
  const port = hostPort(target, 'name');
  return port === undefined ? fail('not host:port') : [port];
}

/** The port a service binds for its own address: the one port its target names. */
export function listenPortOf(target: string): number {
  const ports = [...new Set(targetPorts(target))];
  if (ports.length !== 1) {
    throw new Error(
      `${target} names several ports (${ports.join(', ')}): set GRPC_PORT to the port this replica binds`,
    );
  }
  return ports[0]!;
}
