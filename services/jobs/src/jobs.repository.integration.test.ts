import { randomUUID } from 'node:crypto';
import type { ServiceDatabase } from '@pictura/common/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase } from '../../../test/support/databases.ts';
import { schema } from './db/schema.ts';
import { createJobsRepository, type JobsRepository } from './jobs.repository.ts';

const image = { key: `${'a'.repeat(64)}.png`, width: 512, height: 512, seed: 1, flagged: false, bytes: 100 };

describe.each(ENGINES)('jobs repository on %s', (engine) => {
  let database: ServiceDatabase<typeof schema>;
  let jobs: JobsRepository;

  beforeAll(async () => {
    database = await openTestDatabase(engine, {
      service: 'jobs',
      schema,
      migrationsFolder: new URL('../migrations', import.meta.url).pathname,
    });
    jobs = createJobsRepository(database.db);
  });
  afterAll(() => database.close());

  const newJob = (userId = 0) =>
    jobs.insert({
      id: randomUUID(),
      kind: 'generate',
      userId,
      status: 'waiting',
      options: { style: 'anime' },
      priority: 3,
    });

  it('deletes one user’s job records, prompts with them, and nobody else’s (account deletion)', async () => {
    const userId = 700_000 + Math.floor(Math.random() * 100_000);
    const mine = [await newJob(userId), await newJob(userId)];
    const theirs = await newJob(userId + 1);
    expect((await jobs.listOfUser(userId)).map((job) => job.id).sort()).toEqual(mine.map((j) => j.id).sort());
    expect(await jobs.deleteOfUser(userId)).toBe(2);
    expect(await jobs.find(mine[0]!.id)).toBeUndefined();
    expect(await jobs.listOfUser(userId)).toEqual([]);
    expect(await jobs.deleteOfUser(userId)).toBe(0);
    expect(await jobs.find(theirs.id)).toBeDefined();
  });

  it('records a waiting job and reads it back', async () => {
    const row = await newJob(5);
    expect(await jobs.find(row.id)).toMatchObject({
      id: row.id,
      status: 'waiting',
      userId: 5,
      progress: 0,
      images: [],
    });
  });

  it('moves through processing to completed, once', async () => {
    const row = await newJob();
    expect((await jobs.markProcessing(row.id, new Date()))?.status).toBe('processing');
    expect((await jobs.setProgress(row.id, 0.5))?.progress).toBe(0.5);
    const done = await jobs.complete(row.id, [image], 420);
    expect(done).toMatchObject({ status: 'completed', progress: 1, inferenceMs: 420, images: [image] });
    expect(done?.finishedAt).toBeInstanceOf(Date);
    // A repeated or late event changes nothing: the first completion stands.
    expect(await jobs.complete(row.id, [], 1)).toBeUndefined();
    expect(await jobs.fail(row.id, 'generation_failed', 'x')).toBeUndefined();
    expect(await jobs.setProgress(row.id, 0.2)).toBeUndefined();
    expect((await jobs.find(row.id))?.images).toEqual([image]);
  });

  it('keeps when a job started; one whose start was not written yet gets it with its end', async () => {
    const started = await newJob();
    const at = new Date(Date.now() - 5000);
    await jobs.markProcessing(started.id, at);
    const done = await jobs.complete(started.id, [image], 420, new Date());
    expect(done?.startedAt).toEqual(at);
    const quick = await newJob();
    expect((await jobs.complete(quick.id, [image], 1, at))?.startedAt).toEqual(at);
    const failed = await jobs.fail((await newJob()).id, 'generation_failed', 'x', at);
    expect(failed?.startedAt).toEqual(at);
    // Nothing known about its start: it started when it ended.
    const unknown = await jobs.complete((await newJob()).id, [image], 1);
    expect(unknown?.startedAt).toEqual(unknown?.finishedAt);
  });

  it('records a failure with its code and message', async () => {
    const row = await newJob();
    const failed = await jobs.fail(row.id, 'generation_failed', 'Failed to generate image, please try again');
    expect(failed).toMatchObject({ status: 'error', errorCode: 'generation_failed' });
    expect(await jobs.complete(row.id, [image], 1)).toBeUndefined();
  });

  it('ends an unfinished job as cancelled, after which no late completion or failure counts', async () => {
    const row = await newJob(5);
    await jobs.markProcessing(row.id, new Date());
    const cancelled = await jobs.cancel(row.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', images: [] });
    expect(cancelled?.finishedAt).toBeInstanceOf(Date);
    expect(await jobs.complete(row.id, [image], 1)).toBeUndefined();
    expect(await jobs.fail(row.id, 'generation_failed', 'x')).toBeUndefined();
    expect(await jobs.cancel(row.id)).toBeUndefined();
    expect((await jobs.find(row.id))?.images).toEqual([]);
    // A finished job cannot be cancelled.
    const done = await newJob();
    await jobs.complete(done.id, [image], 1);
    expect(await jobs.cancel(done.id)).toBeUndefined();
  });
});
