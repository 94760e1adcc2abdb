// A lean HTTP client for load generation: node:http with keep-alive. fetch (undici) costs several
// milliseconds of CPU per request here, which on a 2-core machine would be measured as server time.
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

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

export function httpBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`HTTP ${res.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** Follows a Server-Sent Events stream until `until` accepts an event, and returns that event. */
export function sseUntil<T>(url: string, until: (event: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events: HTTP ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('data: ')) {
            const event = JSON.parse(block.slice(6)) as T;
            if (until(event)) {
              res.destroy();
              resolve(event);
              return;
            }
          }
          end = buffer.indexOf('\n\n');
        }
      });
      res.on('end', () => reject(new Error('event stream ended early')));
    });
    req.on('error', reject);
    req.end();
  });
}
