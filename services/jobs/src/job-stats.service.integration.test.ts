import { randomUUID } from 'node:crypto';
import { createAdminCheck } from '@pictura/common/admin-check';
import type { ServiceDatabase } from '@pictura/common/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerAdminAndMember,
  startAuthService,
  type TestAuthService,
} from '../../../test/support/auth-service.ts';
import { ENGINES, openTestDatabase } from '../../../test/support/databases.ts';
import { schema } from './db/schema.ts';
import { createJobStatsRepository } from './job-stats.repository.ts';
import { createJobStatsService, type JobStatsService } from './job-stats.service.ts';
import { createJobsRepository, type JobsRepository } from './jobs.repository.ts';

const DAY_MS = 86_400_000;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
/** Noon UTC `daysAgo` days back: inside that UTC day whatever time the test runs. */
const noonOf = (daysAgo: number) => new Date(`${utcDay(daysAgo)}T12:00:00Z`);

describe.each(ENGINES)('job statistics on %s', (engine) => {
  let auth: TestAuthService;
  let database: ServiceDatabase<typeof schema>;
  let jobs: JobsRepository;
  let stats: JobStatsService;
  const ids = { admin: 0, member: 0 };

  const job = async (
    kind: 'generate' | 'upscale',
    daysAgo: number,
    status: 'completed' | 'error' = 'completed',
  ) => {
    const row = await jobs.insert({
      id: randomUUID(),
      kind,
      userId: 0,
      status: 'waiting',
      options: {},
      priority: 3,
      createdAt: daysAgo === 0 ? new Date() : noonOf(daysAgo),
    });
    if (status === 'completed') await jobs.complete(row.id, [], 10);
    else await jobs.fail(row.id, 'generation_failed', 'failed');
  };

  beforeAll(async () => {
    auth = await startAuthService('pglite');
    Object.assign(ids, await registerAdminAndMember(auth));
    database = await openTestDatabase(engine, {
      service: 'jobs',
      schema,
      migrationsFolder: new URL('../migrations', import.meta.url).pathname,
    });
    jobs = createJobsRepository(database.db);
    stats = createJobStatsService({
      stats: createJobStatsRepository(database.db),
      admin: createAdminCheck(auth.client, 0),
    });
    await job('generate', 0);
    await job('generate', 0);
    await job('upscale', 0);
    await job('generate', 0, 'error');
    await job('generate', 2);
    await job('upscale', 6);
    await job('generate', 7);
    await job('generate', 40);
  });
  afterAll(async () => {
    await database?.close();
    await auth?.close();
  });

  it('counts completed generations and upscales per UTC day, empty days included, oldest first', async () => {
    const week = await stats.perDay(ids.admin, 7);
    expect(week.map((d) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(utcDay));
    expect(week.map((d) => d.generations)).toEqual([0, 0, 0, 0, 1, 0, 2]);
    expect(week.map((d) => d.upscales)).toEqual([1, 0, 0, 0, 0, 0, 1]);
  });

  it('covers 30 days when no span is given and up to a year', async () => {
    const month = await stats.perDay(ids.admin, 0);
    expect(month).toHaveLength(30);
    expect(month.reduce((sum, d) => sum + d.generations, 0)).toBe(4);
    const year = await stats.perDay(ids.admin, 365);
    expect(year).toHaveLength(365);
    expect(year.reduce((sum, d) => sum + d.generations, 0)).toBe(5);
  });

  it('refuses spans outside 1 to 365 days', async () => {
    await expect(stats.perDay(ids.admin, 366)).rejects.toMatchObject({
      code: 'invalid_argument',
      message: 'Days must be between 1 and 365',
    });
  });

  it('is for admins only', async () => {
    await expect(stats.perDay(ids.member, 7)).rejects.toMatchObject({ code: 'permission_denied' });
    await expect(stats.perDay(0, 7)).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
