import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { downloadFile } from './http-download.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((clean) => clean()));
});

/** A server that answers, sends the first 4 bytes of 10, then goes silent (a stalled CDN connection). */
async function stallingServer(): Promise<string> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-length': '10', etag: '"v1"' });
    res.write('abcd');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/file`;
}

describe('a download from a server that stops sending', () => {
  it('gives up after the stall time, keeping the bytes it got for the resume', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pictura-download-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dest = join(dir, 'file');
    let saved: string | undefined;
    const download = downloadFile({
      url: await stallingServer(),
      dest,
      size: 10,
      saveEtag: async (etag) => {
        saved = etag;
      },
      fetch,
      onBytes: () => {},
      label: 'test/model file',
      // Long enough for a loaded machine to deliver the answer and its first bytes first: the guard also
      // times the answer itself, and a shorter window made this "did not answer" on a busy CI machine.
      stallMs: 2_000,
    });
    await expect(download).rejects.toMatchObject({ code: 'network', message: /no data for/ });
    expect(await readFile(dest, 'utf8')).toBe('abcd');
    expect(saved).toBe('"v1"');
  });

  it('gives up on a server that never answers', async () => {
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    const dir = await mkdtemp(join(tmpdir(), 'pictura-download-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/file`;
    await expect(
      downloadFile({
        url,
        dest: join(dir, 'file'),
        saveEtag: async () => {},
        fetch,
        onBytes: () => {},
        label: 'test/model file',
        stallMs: 300,
      }),
    ).rejects.toMatchObject({ code: 'network', message: /did not answer/ });
  });
});
