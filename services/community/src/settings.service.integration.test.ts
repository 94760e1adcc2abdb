import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/support/databases.ts';
import { type CommunityFixture, openCommunityFixture } from '../test/community.test-support.ts';
import { auditLog, settings as settingsTable } from './db/schema.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { createSettingsService } from './settings.service.ts';

// Community owns the tag limit (it took it over from jobs): real auth for the admin check, a real database.
describe.each(ENGINES)('community settings on %s', (engine) => {
  let f: CommunityFixture;
  let admin: number;
  let member: number;
  beforeAll(async () => {
    f = await openCommunityFixture(engine);
    admin = await f.user('root');
    member = await f.user();
  });
  afterAll(() => f?.close());

  const replica = (retired?: () => Promise<number | undefined>) =>
    createSettingsService({
      settings: createSettingsRepository(f.database.db),
      admin: { requireAdmin: async () => {} },
      ...(retired ? { retiredMaxTags: retired } : {}),
      cacheMs: 0,
    });

  it('takes the tag limit jobs stored over once, and keeps the default while jobs cannot answer', async () => {
    expect(await replica(async () => undefined).get()).toEqual({ maxTagsPerPost: 5 });
    expect(await f.database.db.select().from(settingsTable)).toEqual([]);
    let asked = 0;
    const fromJobs = async () => {
      asked += 1;
      return 9;
    };
    expect(await replica(fromJobs).get()).toEqual({ maxTagsPerPost: 9 });
    expect(await replica(fromJobs).get()).toEqual({ maxTagsPerPost: 9 });
    expect(asked).toBe(1);
    expect(await f.database.db.select().from(settingsTable)).toMatchObject([
      { maxTagsPerPost: 9, updatedBy: 0 },
    ]);
  });

  it('lets only admins change it', async () => {
    const settings = f.community.settings;
    await expect(settings.update(member, { maxTagsPerPost: 3 })).rejects.toMatchObject({
      code: 'permission_denied',
    });
    await expect(settings.update(0, { maxTagsPerPost: 3 })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });

  it.each([0, 21, 2.5])('refuses %j tags per post', async (maxTagsPerPost) => {
    await expect(f.community.settings.update(admin, { maxTagsPerPost })).rejects.toMatchObject({
      code: 'invalid_argument',
      message: 'Tags per post must be between 1 and 20',
    });
  });

  it('checks without saving when asked to validate only', async () => {
    const before = await f.community.settings.get();
    expect(await f.community.settings.update(admin, { maxTagsPerPost: 17 }, true)).toEqual({
      maxTagsPerPost: 17,
    });
    expect(await f.community.settings.get()).toEqual(before);
  });

  it('stores a change for every replica, with an audit entry of before and after', async () => {
    await f.community.settings.update(admin, { maxTagsPerPost: 1 });
    expect(await f.community.settings.update(admin, { maxTagsPerPost: 20 })).toEqual({ maxTagsPerPost: 20 });
    expect(await replica().get()).toEqual({ maxTagsPerPost: 20 });
    const [entry] = await f.database.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorId: admin,
      action: 'settings.update',
      targetId: 'system',
      before: { max_tags_per_post: 1 },
      after: { max_tags_per_post: 20 },
    });
    const count = async () => (await f.database.db.select().from(auditLog)).length;
    const entries = await count();
    await f.community.settings.update(admin, { maxTagsPerPost: 20 });
    expect(await count()).toBe(entries);
  });
});
