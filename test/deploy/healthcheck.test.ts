// deploy/healthcheck.mjs against a real gRPC server of the project (standard health service).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGrpcServer, type GrpcServer } from '../../services/common/src/grpc-server.ts';
import { createLogger } from '../../services/common/src/logger.ts';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const probe = (...args: string[]) =>
  run(process.execPath, ['deploy/healthcheck.mjs', ...args], { cwd: root }).then(
    () => 0,
    (error: { code: number }) => error.code,
  );

describe('deploy/healthcheck.mjs', () => {
  let server: GrpcServer;
  const port = 17_000 + (process.pid % 1000);

  beforeAll(async () => {
    server = createGrpcServer('probe-test', createLogger('probe-test', 'silent'));
    await server.listen('127.0.0.1', port);
  });
  afterAll(() => server.shutdown());

  it('exits 0 for a SERVING gRPC server', async () => {
    expect(await probe('grpc', `127.0.0.1:${port}`)).toBe(0);
  });

  it('exits 1 when nothing listens', async () => {
    expect(await probe('grpc', '127.0.0.1:1')).toBe(1);
    expect(await probe('http', 'http://127.0.0.1:1/')).toBe(1);
  });

  it('exits 2 on bad usage', async () => {
    expect(await probe('tcp')).toBe(2);
  });
});
