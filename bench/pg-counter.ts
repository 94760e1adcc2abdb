// Counts the statements the processes send to PostgreSQL: a loopback TCP proxy that reads the frontend
// protocol on its way through (a simple Query, or an extended-protocol Parse … Sync, is one round trip).
import { createConnection, createServer, type Server } from 'node:net';

export interface StatementCounter {
  /** The proxy's URL: `postgresUrl` with its host and port. */
  url: string;
  /** Round trips by their statement's first word (INSERT, SELECT, UPDATE, …). */
  counts(): Map<string, number>;
  close(): Promise<void>;
}

export async function startStatementCounter(postgresUrl: string): Promise<StatementCounter> {
  const target = new URL(postgresUrl);
  const counts = new Map<string, number>();
  const count = (sql: string) => {
    const word = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '?';
    counts.set(word, (counts.get(word) ?? 0) + 1);
  };
  const sockets = new Set<{ destroy(): void }>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    let buffer = Buffer.alloc(0);
    let started = false;
    let parsed: string | undefined;
    const named = new Map<string, string>();
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        // The startup message (and an SSL request) has no type byte: only a length.
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          started = buffer.readInt32BE(4) !== 80877103; // an SSLRequest is followed by the real startup
          buffer = buffer.subarray(length);
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]!);
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) return;
        const body = buffer.subarray(5, 1 + length);
        if (type === 'Q') count(body.toString('utf8', 0, body.indexOf(0)));
        if (type === 'P') {
          // Parse: statement name, then its text. A named statement is parsed once per connection.
          const nameEnd = body.indexOf(0);
          parsed = body.toString('utf8', nameEnd + 1, body.indexOf(0, nameEnd + 1));
          if (nameEnd > 0) named.set(body.toString('utf8', 0, nameEnd), parsed);
        }
        if (type === 'B' && parsed === undefined) {
          // Bind: portal name, then the statement's name.
          const portalEnd = body.indexOf(0);
          parsed = named.get(body.toString('utf8', portalEnd + 1, body.indexOf(0, portalEnd + 1)));
        }
        if (type === 'S') {
          count(parsed ?? '?');
          parsed = undefined;
        }
        buffer = buffer.subarray(1 + length);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(postgresUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    counts: () => new Map(counts),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
