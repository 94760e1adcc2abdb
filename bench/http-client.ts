// HTTP clients for the benchmarks. The load generator shares the benchmark machine with the platform, so its
// own CPU counts against what the platform can do: fetch (undici) costs several milliseconds of CPU per
// request here, node:http less, and Connection (one keep-alive connection per simulated client, requests
// written as one string, answers parsed by hand) least.

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** A JSON request over node:http with keep-alive, for benchmarks that make few requests. */
export function httpJson(
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      url,
      {
        method,
        agent,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface Answer {
  status: number;
  headers: Map<string, string>;
  body: Buffer;
}

type Framing =
  | { kind: 'length'; left: number }
  /** size: a chunk's size line is next; data: `left` bytes of a chunk; end: the CRLF after it; last: the end. */
  | { kind: 'chunked'; state: 'size' | 'data' | 'end' | 'last'; left: number }
  | { kind: 'none' };

interface Pending {
  resolve(answer: Answer): void;
  reject(error: Error): void;
  /** Called with each piece of the body as it arrives (a stream); the body is not kept then. */
  onBody?: (piece: Buffer) => void;
  status: number;
  headers: Map<string, string>;
  framing?: Framing;
  body: Buffer[];
}

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

export class Connection {
  private readonly socket: Socket;
  private readonly ready: Promise<void>;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: Pending | undefined;

  constructor(
    private readonly host: string,
    port: number,
  ) {
    this.socket = connect({ host, port, noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (data: Buffer) => {
      this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
      this.parse();
    });
    this.socket.on('error', (error) => this.pending?.reject(error));
    this.socket.on('close', () => this.pending?.reject(new Error('connection closed')));
  }

  /** One request; its whole answer. With `onBody`, the body is handed over piece by piece instead. */
  async request(
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: string; onBody?: (piece: Buffer) => void } = {},
  ): Promise<Answer> {
    await this.ready;
    if (this.pending) throw new Error('one request at a time per connection');
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}\r\n`;
    for (const [name, value] of Object.entries(options.headers ?? {})) head += `${name}: ${value}\r\n`;
    if (options.body !== undefined) {
      head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(options.body)}\r\n`;
    }
    return new Promise((resolve, reject) => {
      this.pending = {
        resolve,
        reject,
        ...(options.onBody ? { onBody: options.onBody } : {}),
        status: 0,
        headers: new Map(),
        body: [],
      };
      this.socket.write(`${head}\r\n${options.body ?? ''}`);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  /** Hands over what the buffer holds of the body bytes still expected; true once all of them came. */
  private feed(pending: Pending, framing: { left: number }): boolean {
    const piece = this.buffer.subarray(0, framing.left);
    this.buffer = this.buffer.subarray(piece.length);
    framing.left -= piece.length;
    if (piece.length > 0) this.deliver(pending, piece);
    return framing.left === 0;
  }

  private parse(): void {
    for (;;) {
      const pending = this.pending;
      if (!pending) return;
      if (!pending.framing) {
        const end = this.buffer.indexOf(HEAD_END);
        if (end === -1) return;
        const lines = this.buffer.toString('latin1', 0, end).split('\r\n');
        this.buffer = this.buffer.subarray(end + 4);
        pending.status = Number(lines[0]!.split(' ')[1]);
        for (const line of lines.slice(1)) {
          const colon = line.indexOf(':');
          pending.headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
        }
        const length = pending.headers.get('content-length');
        pending.framing =
          pending.headers.get('transfer-encoding') === 'chunked'
            ? { kind: 'chunked', state: 'size', left: 0 }
            : length !== undefined && pending.status !== 204 && pending.status !== 304
              ? { kind: 'length', left: Number(length) }
              : { kind: 'none' };
      }
      const framing = pending.framing;
      if (framing.kind === 'length' && framing.left > 0) {
        if (!this.feed(pending, framing)) return;
      } else if (framing.kind === 'chunked') {
        if (framing.state === 'size') {
          const lineEnd = this.buffer.indexOf(CRLF);
          if (lineEnd === -1) return;
          const size = Number.parseInt(this.buffer.toString('latin1', 0, lineEnd), 16);
          this.buffer = this.buffer.subarray(lineEnd + 2);
          if (size === 0) framing.state = 'last';
          else Object.assign(framing, { state: 'data', left: size });
          continue;
        }
        if (framing.state === 'data') {
          if (!this.feed(pending, framing)) return;
          framing.state = 'end';
          continue;
        }
        // The CRLF after a chunk's data, or the empty trailer after the last chunk.
        if (this.buffer.length < 2) return;
        this.buffer = this.buffer.subarray(2);
        if (framing.state === 'end') {
          framing.state = 'size';
          continue;
        }
      }
      this.pending = undefined;
      pending.resolve({
        status: pending.status,
        headers: pending.headers,
        body: Buffer.concat(pending.body),
      });
    }
  }

  private deliver(pending: Pending, piece: Buffer): void {
    if (pending.onBody) pending.onBody(piece);
    else pending.body.push(piece);
  }
}
