import { createAdminCheck } from '@pictura/common/admin-check';
import type { ServiceDatabase } from '@pictura/common/database';
import { modelCatalogue } from '@pictura/common/model-catalogue';
import {
  type AdvertisedModel,
  MODELS_QUEUE,
  type ModelTaskData,
  type ModelTaskProgress,
  modelTaskJobId,
  workerModelsKey,
} from '@pictura/common/queues';
import { createRedis } from '@pictura/common/redis';
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerAdminAndMember,
  startAuthService,
  type TestAuthService,
} from '../../../test/support/auth-service.ts';
import { openTestDatabase } from '../../../test/support/databases.ts';
import { testRedis } from '../../../test/support/redis.ts';
import { advertisedModel } from '../test/advertised-model.fixture.ts';
import { createJobsAuditLog } from './audit-log.repository.ts';
import { schema } from './db/schema.ts';
import { createModelsRepository } from './models.repository.ts';
import { createModelsService, type ModelsService } from './models.service.ts';
import { createQueueRepository, type QueueRepository } from './queue.repository.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { createSettingsService } from './settings.service.ts';

const model = advertisedModel;

const HF_INSTALLED = 'hf:someone/tiny-sd@0123456789abcdef0123456789abcdef01234567';

// Real auth (the admin check), a real database for the settings, real Redis and BullMQ for the models queue,
// and a real BullMQ worker standing in for the worker process's install handler.
describe('the admin Models page in jobs', () => {
  const redis = testRedis();
  const events = createRedis(redis.url);
  let auth: TestAuthService;
  let database: ServiceDatabase<typeof schema>;
  let queue: QueueRepository;
  let models: ModelsService;
  const ids = { admin: 0, member: 0 };

  const advertise = (list: AdvertisedModel[]) =>
    redis.redis.set(workerModelsKey(redis.prefix, 'w1'), JSON.stringify(list));
  const builtins = [
    model('pictura-abstract', 'generate', {
      builtin: true,
      isDefault: true,
      source: 'builtin',
      sizeBytes: 0,
    }),
    model('pictura-upscale-x4', 'upscale', {
      builtin: true,
      isDefault: true,
      source: 'builtin',
      sizeBytes: 0,
    }),
  ];
  const installed = [
    ...builtins,
    model('nsfw-mobilenet-v2', 'safety', { isDefault: true, source: 'npm:nsfwjs@4.4.0' }),
    model('tiny-sd', 'generate', { source: HF_INSTALLED, installedAt: '2026-01-02T03:04:05.000Z' }),
  ];

  beforeAll(async () => {
    auth = await startAuthService('pglite');
    Object.assign(ids, await registerAdminAndMember(auth));
    database = await openTestDatabase('pglite', {
      service: 'jobs',
      schema,
      migrationsFolder: new URL('../migrations', import.meta.url).pathname,
    });
    queue = await createQueueRepository({
      connection: redis.redis,
      eventsConnection: events,
      prefix: redis.prefix,
      retentionSeconds: 60,
    });
    const repository = createModelsRepository(redis.redis, redis.prefix);
    const admin = createAdminCheck(auth.client, 0);
    const settings = createSettingsService({
      settings: createSettingsRepository(database.db),
      models: repository,
      admin,
      cacheMs: 0,
    });
    models = createModelsService({
      models: repository,
      queue,
      settings,
      admin,
      audit: createJobsAuditLog(database.db),
    });
    await advertise(installed);
  });
  afterAll(async () => {
    await queue?.close();
    await events.quit();
    await database?.close();
    await auth?.close();
    await redis.cleanup();
  });

  it('lists what is installed, the catalogue with what of it is installed, and the defaults', async () => {
    const view = await models.list(ids.admin);
    expect(view.installed.map((m) => [m.kind, m.name, m.isDefault])).toEqual([
      ['generate', 'pictura-abstract', true],
      ['generate', 'tiny-sd', false],
      ['safety', 'nsfw-mobilenet-v2', true],
      ['upscale', 'pictura-upscale-x4', true],
    ]);
    expect(view.catalogue.map((e) => e.id)).toEqual(modelCatalogue().map((e) => e.id));
    expect(view.catalogue.find((e) => e.id === 'nsfw-mobilenet-v2')?.installed).toBe(true);
    expect(view.catalogue.find((e) => e.id === 'esrgan-thick-x4')?.installed).toBe(false);
    expect(view.tasks).toEqual([]);
    expect(view.defaults).toEqual({ generate: '', upscale: '', safety: '' });
  });

  it('answers only administrators', async () => {
    await expect(models.list(ids.member)).rejects.toMatchObject({ code: 'permission_denied' });
    await expect(models.install(ids.member, 'esrgan-thick-x4')).rejects.toMatchObject({
      code: 'permission_denied',
    });
    await expect(models.remove(0, 'tiny-sd')).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(models.setDefault(ids.member, 'safety', 'none')).rejects.toMatchObject({
      code: 'permission_denied',
    });
    expect((await models.list(ids.admin)).tasks).toEqual([]);
  });

  it.each([
    'no-such-model',
    'hf:owner-only',
    'hf:owner/name',
    'hf:owner/name@',
    'hf:../../etc@main',
    'https://huggingface.co/owner/name',
  ])('refuses to install %j: not in the catalogue and not hf:owner/name@revision', async (name) => {
    await expect(models.install(ids.admin, name)).rejects.toMatchObject({
      code: 'invalid_argument',
      reason: 'unknown_model',
    });
  });

  it('refuses to install what a worker already offers, by catalogue id or by repository', async () => {
    for (const name of ['nsfw-mobilenet-v2', HF_INSTALLED]) {
      await expect(models.install(ids.admin, name)).rejects.toMatchObject({
        code: 'failed_precondition',
        reason: 'already_installed',
        message: 'This model is already installed',
      });
    }
  });

  it('queues an install once: a second request while it waits is refused, even at the same moment', async () => {
    const task = await models.install(ids.admin, 'esrgan-thick-x4');
    expect(task).toMatchObject({
      state: 'waiting',
      data: { action: 'install', model: 'esrgan-thick-x4', requestedBy: ids.admin },
    });
    expect(task.progress).toBeUndefined();
    // The worker finds it under the agreed id, with the agreed payload.
    const raw = new Queue<ModelTaskData>(MODELS_QUEUE, { connection: redis.redis, prefix: redis.prefix });
    const job = await raw.getJob(modelTaskJobId('esrgan-thick-x4'));
    expect(job?.data).toEqual({ action: 'install', model: 'esrgan-thick-x4', requestedBy: ids.admin });
    await raw.close();

    await expect(models.install(ids.admin, 'esrgan-thick-x4')).rejects.toMatchObject({
      code: 'failed_precondition',
      reason: 'already_running',
      message: 'This model is already being installed or removed',
    });
    const hf = 'hf:someone/other-sd@main';
    const both = await Promise.allSettled([models.install(ids.admin, hf), models.install(ids.admin, hf)]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { reason: 'already_running' },
    });
    const tasks = (await models.list(ids.admin)).tasks;
    expect(tasks.map((t) => [t.data.model, t.state])).toEqual(
      expect.arrayContaining([
        ['esrgan-thick-x4', 'waiting'],
        [hf, 'waiting'],
      ]),
    );
    expect(tasks).toHaveLength(2);
  });

  it('refuses to remove a built-in or a model that is not installed, and queues a removal once', async () => {
    for (const name of ['pictura-abstract', 'pictura-emoji', 'pictura-upscale-x4']) {
      await expect(models.remove(ids.admin, name)).rejects.toMatchObject({
        code: 'invalid_argument',
        reason: 'builtin_model',
      });
    }
    await expect(models.remove(ids.admin, 'esrgan-thick-x4')).rejects.toMatchObject({ code: 'not_found' });
    const task = await models.remove(ids.admin, 'tiny-sd');
    expect(task).toMatchObject({ state: 'waiting', data: { action: 'remove', model: 'tiny-sd' } });
    await expect(models.remove(ids.admin, 'tiny-sd')).rejects.toMatchObject({ reason: 'already_running' });
  });

  it('shows a task running with its progress, then how it ended; a finished task makes way for a new one', async () => {
    const progress: ModelTaskProgress = {
      phase: 'download',
      bytesDone: 1000,
      bytesTotal: 4000,
      bytesPerSecond: 500,
      etaSeconds: 6,
      file: 'package.tgz',
    };
    const release = new Map<string, (outcome: Error | undefined) => void>();
    const worker = new Worker<ModelTaskData>(
      MODELS_QUEUE,
      async (job) => {
        await job.updateProgress(progress);
        const outcome = await new Promise<Error | undefined>((resolve) =>
          release.set(job.data.model, resolve),
        );
        if (outcome) throw outcome;
      },
      { connection: createRedis(redis.url), prefix: redis.prefix, concurrency: 3 },
    );
    const taskOf = async (name: string) =>
      (await models.list(ids.admin)).tasks.find((t) => t.data.model === name);
    try {
      await expect.poll(() => release.size, { timeout: 10_000 }).toBe(3);
      expect(await taskOf('esrgan-thick-x4')).toMatchObject({ state: 'active', progress });
      await expect(models.install(ids.admin, 'esrgan-thick-x4')).rejects.toMatchObject({
        reason: 'already_running',
      });

      release.get('esrgan-thick-x4')!(undefined);
      release.get('tiny-sd')!(new Error('The download was cut off; install it again to resume'));
      await expect.poll(async () => (await taskOf('esrgan-thick-x4'))?.state).toBe('completed');
      await expect.poll(async () => (await taskOf('tiny-sd'))?.state).toBe('failed');
      expect((await taskOf('esrgan-thick-x4'))?.finishedAt).toBeInstanceOf(Date);
      expect(await taskOf('tiny-sd')).toMatchObject({
        data: { action: 'remove' },
        error: 'The download was cut off; install it again to resume',
      });
      release.get('hf:someone/other-sd@main')!(undefined);
    } finally {
      await worker.close();
    }

    // The finished install gives way to a new one (say, after the model was removed again).
    const again = await models.install(ids.admin, 'esrgan-thick-x4');
    expect(again.state).toBe('waiting');
    const listed = (await models.list(ids.admin)).tasks.filter((t) => t.data.model === 'esrgan-thick-x4');
    expect(listed.map((t) => t.state)).toEqual(['waiting']);
  });

  it('sets the default of a kind and marks it in the list', async () => {
    await advertise([
      ...installed,
      model('esrgan-thick-x4', 'upscale', { source: 'npm:@upscalerjs/esrgan-thick@1.0.0' }),
    ]);
    await expect
      .poll(async () => (await models.listModels()).some((m) => m.name === 'esrgan-thick-x4'))
      .toBe(true);
    expect(await models.setDefault(ids.admin, 'upscale', 'esrgan-thick-x4')).toEqual({
      generate: '',
      upscale: 'esrgan-thick-x4',
      safety: '',
    });
    expect(await models.setDefault(ids.admin, 'safety', 'none')).toMatchObject({ safety: 'none' });
    const marked = (await models.listModels()).filter((m) => m.isDefault).map((m) => m.name);
    expect(marked).toEqual(['pictura-abstract', 'esrgan-thick-x4']);
    await expect(models.setDefault(ids.admin, 'generate', 'esrgan-thick-x4')).rejects.toMatchObject({
      reason: 'unknown_model',
    });
  });
});
