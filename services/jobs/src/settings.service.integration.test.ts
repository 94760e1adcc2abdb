import { createAdminCheck } from '@pictura/common/admin-check';
import type { ServiceDatabase } from '@pictura/common/database';
import { workerModelsKey } from '@pictura/common/queues';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerAdminAndMember,
  startAuthService,
  type TestAuthService,
} from '../../../test/support/auth-service.ts';
import { ENGINES, openTestDatabase } from '../../../test/support/databases.ts';
import { testRedis } from '../../../test/support/redis.ts';
import { advertisedModel } from '../test/advertised-model.fixture.ts';
import { schema } from './db/schema.ts';
import { createModelsRepository, type ModelsRepository } from './models.repository.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { createSettingsService, DEFAULT_SETTINGS, type SettingsService } from './settings.service.ts';

const model = advertisedModel;

const valid = {
  anonymousGeneratePerMinute: 10,
  maintenanceNotice: 'Upgrade tonight at 22:00 UTC',
  defaultModel: 'sd-turbo',
  defaultUpscaleModel: '',
  defaultSafetyModel: '',
};

// Real auth (the admin check), a real database of each engine and the workers' model list in real Redis.
describe.each(ENGINES)('system settings on %s', (engine) => {
  const redis = testRedis();
  let auth: TestAuthService;
  let database: ServiceDatabase<typeof schema>;
  let settings: SettingsService;
  let otherReplica: SettingsService;
  let models: ModelsRepository;
  const ids = { admin: 0, member: 0 };

  beforeAll(async () => {
    auth = await startAuthService('pglite');
    Object.assign(ids, await registerAdminAndMember(auth));
    database = await openTestDatabase(engine, {
      service: 'jobs',
      schema,
      migrationsFolder: new URL('../migrations', import.meta.url).pathname,
    });
    await redis.redis.set(
      workerModelsKey(redis.prefix, 'w1'),
      JSON.stringify([
        model('pictura-abstract'),
        model('sd-turbo'),
        model('pictura-upscale-x4', 'upscale'),
        model('esrgan-thick-x4', 'upscale'),
        model('nsfw-mobilenet-v2', 'safety'),
      ]),
    );
    models = createModelsRepository(redis.redis, redis.prefix);
    const make = (cacheMs: number) =>
      createSettingsService({
        settings: createSettingsRepository(database.db),
        models,
        admin: createAdminCheck(auth.client, 0),
        cacheMs,
      });
    settings = make(60_000);
    otherReplica = make(0);
  });
  afterAll(async () => {
    await database?.close();
    await auth?.close();
    await redis.cleanup();
  });

  it('answers the defaults before an admin saves anything', async () => {
    expect(await settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toEqual({
      anonymousGeneratePerMinute: null,
      maintenanceNotice: '',
      defaultModel: '',
      defaultUpscaleModel: '',
      defaultSafetyModel: '',
    });
  });

  it('lets only admins change the settings', async () => {
    await expect(settings.update(ids.member, valid)).rejects.toMatchObject({ code: 'permission_denied' });
    await expect(settings.update(0, valid)).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(await otherReplica.get()).toEqual(DEFAULT_SETTINGS);
  });

  it.each([
    [
      { anonymousGeneratePerMinute: 1001 },
      'The anonymous generation limit must be between 0 and 1000 per minute',
    ],
    [
      { anonymousGeneratePerMinute: -1 },
      'The anonymous generation limit must be between 0 and 1000 per minute',
    ],
    [
      { anonymousGeneratePerMinute: 2.5 },
      'The anonymous generation limit must be between 0 and 1000 per minute',
    ],
    [{ maintenanceNotice: 'x'.repeat(501) }, 'The maintenance notice is limited to 500 characters'],
    [{ defaultModel: 'no-such-model' }, 'Unknown model: no-such-model'],
    [{ defaultModel: 'pictura-upscale-x4' }, 'Unknown model: pictura-upscale-x4'],
    [{ defaultUpscaleModel: 'sd-turbo' }, 'Unknown model: sd-turbo'],
    [{ defaultSafetyModel: 'esrgan-thick-x4' }, 'Unknown model: esrgan-thick-x4'],
  ])('refuses %j: %s', async (change, message) => {
    await expect(settings.update(ids.admin, { ...valid, ...change })).rejects.toMatchObject({
      code: 'invalid_argument',
      message,
    });
  });

  it('accepts the limits themselves', async () => {
    const edges = { anonymousGeneratePerMinute: 0, maintenanceNotice: 'n'.repeat(500) };
    await expect(settings.update(ids.admin, { ...valid, ...edges })).resolves.toMatchObject(edges);
    await expect(
      settings.update(ids.admin, { ...valid, anonymousGeneratePerMinute: 1000 }),
    ).resolves.toMatchObject({ anonymousGeneratePerMinute: 1000 });
  });

  it('stores an update, trimmed, where every replica reads it without a restart', async () => {
    const saved = await settings.update(ids.admin, { ...valid, maintenanceNotice: '  Back soon  ' });
    expect(saved).toEqual({ ...valid, maintenanceNotice: 'Back soon' });
    expect(await settings.get()).toEqual(saved);
    expect(await otherReplica.get()).toEqual(saved);
    const [row] = await database.db.select().from(schema.settings);
    expect(row).toMatchObject({ id: 1, updatedBy: ids.admin });
    // The audit log names the admin and only the fields that changed, before and after.
    const [entry] = await database.db
      .select()
      .from(schema.auditLog)
      .orderBy(desc(schema.auditLog.createdAt), desc(schema.auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorId: ids.admin, action: 'settings.update', targetId: 'system' });
    expect(entry!.after).toMatchObject({ maintenance_notice: 'Back soon' });
    expect(Object.keys(entry!.after ?? {})).toEqual(Object.keys(entry!.before ?? {}));
    // Saving the same values again records nothing.
    const count = async () => (await database.db.select().from(schema.auditLog)).length;
    const entries = await count();
    await settings.update(ids.admin, saved);
    expect(await count()).toBe(entries);
  });

  it('goes back to the configured guest limit and the built-in model when cleared', async () => {
    const cleared = { ...valid, anonymousGeneratePerMinute: null, defaultModel: '' };
    expect(await settings.update(ids.admin, cleared)).toEqual(cleared);
    expect(await otherReplica.get()).toEqual(cleared);
    expect(await database.db.select().from(schema.settings)).toHaveLength(1);
  });

  it('sets the default of one kind, leaving every other setting as stored', async () => {
    const before = await settings.get();
    await expect(settings.setDefaultModel(ids.member, 'upscale', 'esrgan-thick-x4')).rejects.toMatchObject({
      code: 'permission_denied',
    });
    const saved = await settings.setDefaultModel(ids.admin, 'upscale', 'esrgan-thick-x4');
    expect(saved).toEqual({ ...before, defaultUpscaleModel: 'esrgan-thick-x4' });
    expect(await otherReplica.get()).toEqual(saved);
    expect(await settings.setDefaultModel(ids.admin, 'safety', 'none')).toMatchObject({
      defaultSafetyModel: 'none',
      defaultUpscaleModel: 'esrgan-thick-x4',
    });
    expect(await settings.setDefaultModel(ids.admin, 'safety', 'nsfw-mobilenet-v2')).toMatchObject({
      defaultSafetyModel: 'nsfw-mobilenet-v2',
    });
    expect(await settings.setDefaultModel(ids.admin, 'upscale', '')).toMatchObject({
      defaultUpscaleModel: '',
    });
  });

  it.each([
    ['generate', 'none'],
    ['upscale', 'none'],
    ['generate', 'nsfw-mobilenet-v2'],
    ['safety', 'pictura-abstract'],
    ['upscale', 'not-installed'],
  ] as const)('refuses %s default %j: it is not offered for that kind', async (kind, name) => {
    await expect(settings.setDefaultModel(ids.admin, kind, name)).rejects.toMatchObject({
      code: 'invalid_argument',
      reason: 'unknown_model',
      message: `Unknown model: ${name}`,
    });
  });

  it('saves other settings while a chosen model has been removed, and keeps that choice', async () => {
    await settings.setDefaultModel(ids.admin, 'upscale', 'esrgan-thick-x4');
    // The workers stop offering it (removed); the choice stays stored and falls back while it is gone.
    await redis.redis.set(
      workerModelsKey(redis.prefix, 'w1'),
      JSON.stringify([model('pictura-abstract'), model('pictura-upscale-x4', 'upscale')]),
    );
    await expect.poll(async () => (await models.list()).map((m) => m.name)).not.toContain('esrgan-thick-x4');
    const current = await otherReplica.get();
    const saved = await settings.update(ids.admin, { ...current, maintenanceNotice: 'Still here' });
    expect(saved).toMatchObject({ maintenanceNotice: 'Still here', defaultUpscaleModel: 'esrgan-thick-x4' });
    await expect(settings.update(ids.admin, { ...current, defaultModel: 'sd-turbo' })).rejects.toMatchObject({
      message: 'Unknown model: sd-turbo',
    });
  });
});
