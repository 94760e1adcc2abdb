import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partialService } from '../../../test/support/partial-service.ts';
import { AppError } from './app-error.ts';
import { Health, HealthCheckResponse_ServingStatus } from './gen/grpc/health/v1/health_pb.ts';
import { HistoryService } from './gen/history/v1/history_pb.ts';
import { createServiceClient } from './grpc-client.ts';
import { createGrpcServer, type GrpcServer } from './grpc-server.ts';
import { createLogger } from './logger.ts';

// A real server and a real client over a real socket: the contract every service relies on.
describe('gRPC server and client', () => {
  let server: GrpcServer;
  let address: string;

  beforeAll(async () => {
    server = createGrpcServer('history', createLogger('test', 'silent'));
    server.add(
      HistoryService,
      partialService(HistoryService, {
        async recordItem(request) {
          if (request.jobId === 'missing') throw new AppError('not_found', 'No such job', 'job_not_found');
          if (request.jobId === 'crash') throw new Error('secret internal detail');
          if (request.jobId === 'slow') await new Promise((r) => setTimeout(r, 500));
          return { id: 'item-1', jobId: request.jobId, userId: request.userId, prompt: request.prompt };
        },
        async listItems() {
          return { items: [], nextCursor: '' };
        },
        async deleteUserData() {
          return { deletedItems: 0, imageKeys: [] };
        },
      }),
    );
    address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  });
  afterAll(() => server.shutdown());

  it('round-trips a unary call with binary protobuf', async () => {
    const client = createServiceClient(HistoryService, address, { deadlineMs: 2000 });
    const item = await client.recordItem({ jobId: 'job-1', userId: 7, prompt: 'a red fox' });
    expect(item).toMatchObject({ id: 'item-1', jobId: 'job-1', userId: 7, prompt: 'a red fox' });
    client.close();
  });

  it('carries an AppError code, reason and message across the wire', async () => {
    const client = createServiceClient(HistoryService, address, { deadlineMs: 2000 });
    const error = await client.recordItem({ jobId: 'missing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_found', reason: 'job_not_found', message: 'No such job' });
    client.close();
  });

  it('hides an unexpected error behind a generic internal error', async () => {
    const client = createServiceClient(HistoryService, address, { deadlineMs: 2000 });
    const error = (await client.recordItem({ jobId: 'crash' }).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('internal');
    expect(error.message).not.toContain('secret');
    client.close();
  });

  it('refuses a NUL in any text before the handler runs, as INVALID_ARGUMENT', async () => {
    const client = createServiceClient(HistoryService, address, { deadlineMs: 2000 });
    // jobId 'crash' would answer internal if the handler ran; the NUL stops it first.
    const error = (await client
      .recordItem({ jobId: 'crash', prompt: 'a red fox\u0000' })
      .catch((e: unknown) => e)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'invalid_argument', reason: 'invalid_text' });
    client.close();
  });

  it('gives every call a deadline', async () => {
    const client = createServiceClient(HistoryService, address, { deadlineMs: 100 });
    const error = (await client.recordItem({ jobId: 'slow' }).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('deadline_exceeded');
    client.close();
  });

  it('answers the standard health check for the server and its services', async () => {
    const health = createServiceClient(Health, address, { deadlineMs: 2000 });
    expect((await health.check({ service: '' })).status).toBe(HealthCheckResponse_ServingStatus.SERVING);
    expect((await health.check({ service: 'history.v1.HistoryService' })).status).toBe(
      HealthCheckResponse_ServingStatus.SERVING,
    );
    expect((await health.check({ service: 'nope.v1.Nope' })).status).toBe(
      HealthCheckResponse_ServingStatus.SERVICE_UNKNOWN,
    );
    health.close();
  });

  it('reports unavailable when nothing listens', async () => {
    const client = createServiceClient(HistoryService, '127.0.0.1:1', { deadlineMs: 500 });
    const error = (await client.recordItem({ jobId: 'x' }).catch((e: unknown) => e)) as AppError;
    expect(['unavailable', 'deadline_exceeded']).toContain(error.code);
    client.close();
  });
});

describe('gRPC server streaming', () => {
  it('streams messages and carries an error raised before the first one', async () => {
    const { JobsService } = await import('./gen/jobs/v1/jobs_pb.ts');
    const server = createGrpcServer('jobs', createLogger('test', 'silent'));
    server.add(
      JobsService,
      partialService(JobsService, {
        async *watchJob(request) {
          if (request.jobId === 'missing') throw new AppError('not_found', 'Job not found', 'job_not_found');
          yield { id: request.jobId, progress: 0.5 };
          yield { id: request.jobId, progress: 1 };
        },
      }),
    );
    const address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
    const client = createServiceClient(JobsService, address, { deadlineMs: 2000 });
    const seen: number[] = [];
    for await (const job of client.watchJob({ jobId: 'j1' })) seen.push(job.progress);
    expect(seen).toEqual([0.5, 1]);
    const failure = async () => {
      for await (const _ of client.watchJob({ jobId: 'missing' })) {
      }
    };
    await expect(failure()).rejects.toMatchObject({ code: 'not_found', reason: 'job_not_found' });
    client.close();
    await server.shutdown();
  });
});
