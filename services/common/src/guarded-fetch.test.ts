// Network tests talk only to a server on 127.0.0.1. A guard on net.Socket#connect records every connection
// and throws on any non-loopback target, so a broken policy fails the test instead of reaching the network.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchRefusedCode, FetchRefusedError, fetchUserImage, type Resolver } from './guarded-fetch.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MB = 1024 * 1024;

let png: Buffer;
let webp: Buffer;
let server: http.Server;
let origin: string;
let lastHostHeader: string | undefined;
let endlessClosedByClient = false;

function route(request: http.IncomingMessage, response: http.ServerResponse): void {
  const path = new URL(request.url ?? '/', 'http://test').pathname;
  lastHostHeader = request.headers.host;
  const chain = /^\/chain\/(\d+)$/.exec(path);
  if (chain) {
    const left = Number(chain[1]);
    response.writeHead(302, { location: left === 0 ? '/image.png' : `/chain/${left - 1}` }).end();
    return;
  }
  switch (path) {
    case '/image.png':
      // A misleading Content-Type on purpose: the bytes decide.
      response.writeHead(200, { 'content-type': 'text/html' }).end(png);
      return;
    case '/image.webp':
      response.writeHead(200).end(webp);
      return;
    case '/page.html':
      response.writeHead(200, { 'content-type': 'image/png' }).end('<html><body>not an image</body></html>');
      return;
    case '/redirect-to-metadata':
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      return;
    case '/redirect-to-metadata-name':
      response.writeHead(301, { location: 'http://metadata.google.internal/computeMetadata/v1/' }).end();
      return;
    case '/redirect-to-file':
      response.writeHead(302, { location: 'file:///etc/passwd' }).end();
      return;
    case '/redirect-to-rebinding-name':
      response
        .writeHead(307, { location: `http://rebind.example.com:${request.socket.localPort}/image.png` })
        .end();
      return;
    case '/missing':
      response.writeHead(404).end('not found');
      return;
    case '/eleven-mb': {
      // Chunked (no Content-Length), so only counting while streaming can catch it.
      response.writeHead(200);
      response.write(PNG_SIGNATURE);
      for (let sent = 0; sent < 11 * MB; sent += 64 * 1024) response.write(Buffer.alloc(64 * 1024));
      response.end();
      return;
    }
    case '/declared-eleven-mb':
      response.writeHead(200, { 'content-length': String(11 * MB) });
      response.write(PNG_SIGNATURE);
      return; // never sends the rest: the declared length alone must be refused
    case '/endless': {
      response.writeHead(200);
      response.write(PNG_SIGNATURE);
      const pump = () => {
        while (!response.destroyed && response.write(Buffer.alloc(64 * 1024))) {}
        if (!response.destroyed) response.once('drain', pump);
      };
      response.on('close', () => {
        endlessClosedByClient = true;
      });
      pump();
      return;
    }
    case '/stall':
      return; // never answers
    case '/stall-body':
      response.writeHead(200);
      response.write(PNG_SIGNATURE); // then nothing
      return;
    default:
      response.writeHead(500).end();
  }
}

const connectTargets: string[] = [];

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.');
}

/** Wraps Socket#connect: records each target and refuses anything that is not loopback. */
function guardConnections(): void {
  const original = net.Socket.prototype.connect;
  vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (
    this: net.Socket,
    ...args: unknown[]
  ) {
    const options = (Array.isArray(args[0]) ? args[0][0] : args[0]) as net.TcpNetConnectOpts;
    if (typeof options === 'object' && typeof options.host === 'string') {
      const record = (address: string) => {
        connectTargets.push(address);
        if (!isLoopback(address)) throw new Error(`test guard: refused to connect to ${address}`);
      };
      if (net.isIP(options.host)) record(options.host);
      else if (options.lookup) {
        const lookup = options.lookup;
        options.lookup = (hostname, lookupOptions, callback) =>
          lookup(hostname, lookupOptions, (error, address, family) => {
            if (!error)
              for (const entry of Array.isArray(address) ? address : [{ address }]) record(entry.address);
            callback(error, address, family);
          });
      } else throw new Error(`test guard: connect to ${options.host} without a pinned lookup`);
    }
    return Reflect.apply(original, this, args) as net.Socket;
  });
}

async function refusal(promise: Promise<unknown>): Promise<FetchRefusedCode> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FetchRefusedError);
  return (error as FetchRefusedError).code;
}

const neverCalled: Resolver = async (hostname) => {
  throw new Error(`resolver must not be asked for ${hostname}`);
};

beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0ffee' } })
    .png()
    .toBuffer();
  webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0ffee' } })
    .webp()
    .toBuffer();
  server = http.createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  connectTargets.length = 0;
  lastHostHeader = undefined;
  guardConnections();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fetchUserImage: URL rules (no network)', () => {
  it.each([
    'file:///etc/passwd',
    'ftp://example.com/image.png',
    'gopher://example.com:70/_GET',
    'javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    'ws://example.com/image.png',
    'not a url',
    '//example.com/image.png',
    'http://user:secret@example.com/image.png',
    'http://user@example.com/image.png',
    'https://:secret@example.com/image.png',
    `https://example.com/${'a'.repeat(2048)}`,
  ])('refuses %s as invalid_url', async (url) => {
    expect(await refusal(fetchUserImage(url, { resolve: neverCalled }))).toBe('invalid_url');
    expect(connectTargets).toEqual([]);
  });

  it.each([
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://127.0.0.1./',
    'http://%31%32%37.0.0.1/',
    'http://0/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[64:ff9b::a00:1]/',
    'http://[2002:a9fe:a9fe::]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://10.0.0.1:6379/',
    'https://192.168.0.1/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://METADATA.google.internal./',
    'http://localhost/',
    'http://redis:6379/',
  ])('refuses %s as blocked_address without DNS or a connection', async (url) => {
    expect(await refusal(fetchUserImage(url, { resolve: neverCalled }))).toBe('blocked_address');
    expect(connectTargets).toEqual([]);
  });

  it('refuses a loopback URL unless the test escape hatch is on', async () => {
    expect(await refusal(fetchUserImage(`${origin}/image.png`))).toBe('blocked_address');
    expect(connectTargets).toEqual([]);
  });
});

describe('fetchUserImage: DNS rebinding', () => {
  it('refuses a public-looking name that resolves to a private address, without connecting', async () => {
    const resolve = vi.fn<Resolver>(async () => [{ address: '10.0.0.7', family: 4 }]);
    expect(await refusal(fetchUserImage('https://images.example.com/cat.png', { resolve }))).toBe(
      'blocked_address',
    );
    expect(resolve).toHaveBeenCalledWith('images.example.com');
    expect(connectTargets).toEqual([]);
  });

  it.each([
    [['93.184.216.34', '169.254.169.254']],
    [['2606:4700::6810:84e5', '::ffff:127.0.0.1']],
    [['93.184.216.34', 'fd00:ec2::254']],
  ])('refuses when any resolved address is blocked: %j', async (addresses) => {
    const resolve: Resolver = async () =>
      addresses.map((address) => ({ address, family: net.isIP(address) }));
    expect(await refusal(fetchUserImage('http://cdn.example.com/a.png', { resolve }))).toBe(
      'blocked_address',
    );
    expect(connectTargets).toEqual([]);
  });

  it('connects only to the address it checked, keeping the original Host header', async () => {
    const resolve = vi.fn<Resolver>(async () => [{ address: '127.0.0.1', family: 4 }]);
    const port = new URL(origin).port;
    const image = await fetchUserImage(`http://images.example.com:${port}/image.png`, {
      resolve,
      allowLoopback: true,
    });
    expect(image.type).toBe('image/png');
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(connectTargets).toEqual(['127.0.0.1']);
    expect(lastHostHeader).toBe(`images.example.com:${port}`);
  });

  it('refuses when the resolver finds nothing', async () => {
    const resolve: Resolver = async () => [];
    expect(await refusal(fetchUserImage('http://gone.example.com/a.png', { resolve }))).toBe('unreachable');
  });
});

describe('fetchUserImage: redirects', () => {
  it('re-checks a redirect to the metadata address and never connects there', async () => {
    const code = await refusal(fetchUserImage(`${origin}/redirect-to-metadata`, { allowLoopback: true }));
    expect(code).toBe('blocked_address');
    expect(connectTargets).toEqual(['127.0.0.1']);
  });

  it('re-checks a redirect to a metadata host name', async () => {
    const code = await refusal(
      fetchUserImage(`${origin}/redirect-to-metadata-name`, { allowLoopback: true, resolve: neverCalled }),
    );
    expect(code).toBe('blocked_address');
    expect(connectTargets).toEqual(['127.0.0.1']);
  });

  it('resolves the redirect target afresh, so a name rebound to a private address is refused', async () => {
    const resolve = vi.fn<Resolver>(async () => [{ address: '192.168.1.10', family: 4 }]);
    const code = await refusal(
      fetchUserImage(`${origin}/redirect-to-rebinding-name`, { allowLoopback: true, resolve }),
    );
    expect(code).toBe('blocked_address');
    expect(resolve).toHaveBeenCalledWith('rebind.example.com');
    expect(connectTargets).toEqual(['127.0.0.1']);
  });

  it('refuses a redirect to another scheme', async () => {
    expect(await refusal(fetchUserImage(`${origin}/redirect-to-file`, { allowLoopback: true }))).toBe(
      'invalid_url',
    );
  });

  it('follows up to three redirects', async () => {
    const image = await fetchUserImage(`${origin}/chain/2`, { allowLoopback: true });
    expect(image.url).toBe(`${origin}/image.png`);
    expect(connectTargets).toHaveLength(4);
  });

  it('refuses a fourth redirect', async () => {
    const code = await refusal(fetchUserImage(`${origin}/chain/3`, { allowLoopback: true }));
    expect(code).toBe('too_many_redirects');
    expect(connectTargets).toHaveLength(4);
  });
});

describe('fetchUserImage: caps and content', () => {
  it('stops an 11 MB body while streaming', async () => {
    expect(await refusal(fetchUserImage(`${origin}/eleven-mb`, { allowLoopback: true }))).toBe('too_large');
  });

  it('refuses a declared Content-Length over the cap before reading the body', async () => {
    expect(await refusal(fetchUserImage(`${origin}/declared-eleven-mb`, { allowLoopback: true }))).toBe(
      'too_large',
    );
  });

  it('hangs up on an endless body instead of buffering it', async () => {
    endlessClosedByClient = false;
    const code = await refusal(fetchUserImage(`${origin}/endless`, { allowLoopback: true, maxBytes: MB }));
    expect(code).toBe('too_large');
    await vi.waitFor(() => expect(endlessClosedByClient).toBe(true));
  });

  it.each(['/stall', '/stall-body'])('gives up on %s after the time cap', async (path) => {
    const started = Date.now();
    const code = await refusal(fetchUserImage(`${origin}${path}`, { allowLoopback: true, timeoutMs: 300 }));
    expect(code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('counts DNS time against the cap', async () => {
    const resolve: Resolver = () => new Promise(() => {});
    expect(await refusal(fetchUserImage('http://slow.example.com/a.png', { resolve, timeoutMs: 300 }))).toBe(
      'timeout',
    );
    expect(connectTargets).toEqual([]);
  });

  it('refuses a page served as image/png', async () => {
    expect(await refusal(fetchUserImage(`${origin}/page.html`, { allowLoopback: true }))).toBe(
      'not_an_image',
    );
  });

  it('reports an HTTP error status', async () => {
    expect(await refusal(fetchUserImage(`${origin}/missing`, { allowLoopback: true }))).toBe('http_error');
  });

  it('reports a server that refuses connections as unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await refusal(fetchUserImage(`http://127.0.0.1:${port}/`, { allowLoopback: true }))).toBe(
      'unreachable',
    );
  });

  it('returns a PNG by its bytes, whatever the Content-Type says', async () => {
    const image = await fetchUserImage(`${origin}/image.png`, { allowLoopback: true });
    expect(image).toEqual({ bytes: png, type: 'image/png', url: `${origin}/image.png` });
  });

  it('returns a WebP', async () => {
    const image = await fetchUserImage(`${origin}/image.webp`, { allowLoopback: true });
    expect(image.type).toBe('image/webp');
    expect(Buffer.from(image.bytes).equals(webp)).toBe(true);
  });
});
