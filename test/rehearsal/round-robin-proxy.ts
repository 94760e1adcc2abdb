// The small load balancer in front of the rehearsal's gateways: each request goes to the next gateway in
// turn, as a cloud load balancer or an HTTPRoute spreads them. Like nginx's `proxy_next_upstream error`, a
// request whose gateway refuses the connection is sent to the next one; once a gateway has the request, its
// answer (an SSE stream too) is passed through as it comes.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Requests each backend answered, in backend order. */
  served: number[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const served = backends.map(() => 0);
  let next = 0;
  const server: Server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
    );
    // Appended, as load balancers do: the gateway (TRUST_PROXY=1) takes the entry this proxy added, the
    // rightmost; whatever the client wrote to its left is not believed.
    // The checks play many clients from one machine: x-rehearsal-client names the address this one comes from.
    const playing = req.headers['x-rehearsal-client'];
    delete headers['x-rehearsal-client'];
    const peer = (typeof playing === 'string' && playing) || req.socket.remoteAddress || '127.0.0.1';
    const forwarded = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${peer}` : peer;
    const first = next++ % backends.length;
    for (let attempt = 0; attempt < backends.length; attempt++) {
      const index = (first + attempt) % backends.length;
      const target = new URL(req.url ?? '/', backends[index]);
      const sent = await new Promise<boolean>((resolve) => {
        const upstream = httpRequest(target, { method: req.method, headers }, (answer) => {
          served[index]!++;
          res.writeHead(
            answer.statusCode ?? 502,
            Object.fromEntries(
              Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
            ) as Record<string, string>,
          );
          answer.pipe(res);
          res.once('close', () => answer.destroy());
          resolve(true);
        });
        upstream.once('error', (error: NodeJS.ErrnoException) => {
          if (res.headersSent) return res.destroy();
          // Not connected at all: safe to try the next gateway, the request never reached this one.
          if (error.code === 'ECONNREFUSED') return resolve(false);
          fail(error);
          resolve(true);
        });
        upstream.end(body);
      });
      if (sent) return;
    }
    res.writeHead(502, { 'content-type': 'text/plain' }).end('no gateway answered');

    function fail(error: Error) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`gateway failed: ${error.message}`);
    }
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
