import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/support/databases.ts';
import { type AuthFixture, openTestAuth } from '../test/auth.fixture.ts';
import type { SignInResult } from './accounts.service.ts';
import { users } from './db/schema.ts';

const DAY_MS = 86_400_000;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

describe.each(ENGINES)('user statistics on %s', (engine) => {
  let database: AuthFixture['database'];
  let auth: AuthFixture['auth'];
  const signIns: Record<string, SignInResult> = {};

  const lastSeenOf = async (id: number) =>
    (await database.db.select().from(users).where(eq(users.id, id)))[0]!.lastSeenAt;
  const backdate = (id: number, changes: { createdAt?: Date; lastSeenAt?: Date | null }) =>
    database.db.update(users).set(changes).where(eq(users.id, id));

  beforeAll(async () => {
    ({ database, auth } = await openTestAuth(engine));
    for (const name of ['admin', 'fresh', 'veteran', 'dormant']) {
      signIns[name] = await auth.accounts.register({ username: name, password: 'a long enough password' });
    }
  });
  afterAll(() => database?.close());

  it('counts every sign-up as new and active', async () => {
    const stats = await auth.accounts.userStats(signIns.admin!.user.id, 7);
    expect(stats).toMatchObject({ totalUsers: 4, active30d: 4, new7d: 4 });
    expect(stats.signupsPerDay).toEqual([
      ...[6, 5, 4, 3, 2, 1].map((d) => ({ day: utcDay(d), count: 0 })),
      { day: utcDay(0), count: 4 },
    ]);
  });

  it('counts older accounts and idle users out of "new" and "active", by day', async () => {
    await backdate(signIns.veteran!.user.id, { createdAt: new Date(Date.now() - 10 * DAY_MS) });
    await backdate(signIns.dormant!.user.id, {
      createdAt: new Date(Date.now() - 90 * DAY_MS),
      lastSeenAt: new Date(Date.now() - 31 * DAY_MS),
    });
    const stats = await auth.accounts.userStats(signIns.admin!.user.id, 0);
    expect(stats).toMatchObject({ totalUsers: 4, active30d: 3, new7d: 2 });
    expect(stats.signupsPerDay).toHaveLength(30);
    expect(stats.signupsPerDay.find((d) => d.day === utcDay(10))?.count).toBe(1);
    expect(stats.signupsPerDay.reduce((sum, d) => sum + d.count, 0)).toBe(3);
  });

  it('counts a user active again once a session of theirs is used', async () => {
    const dormant = signIns.dormant!;
    expect((await auth.accounts.checkSession(dormant.sessionId)).active).toBe(true);
    expect((await auth.accounts.userStats(signIns.admin!.user.id, 7)).active30d).toBe(4);
  });

  it('writes "last seen" at most once an hour per user', async () => {
    const id = signIns.fresh!.user.id;
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await backdate(id, { lastSeenAt: tenMinutesAgo });
    await auth.accounts.checkSession(signIns.fresh!.sessionId);
    expect(await lastSeenOf(id)).toEqual(tenMinutesAgo);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await backdate(id, { lastSeenAt: twoHoursAgo });
    await auth.accounts.checkSession(signIns.fresh!.sessionId);
    expect((await lastSeenOf(id))!.getTime()).toBeGreaterThan(twoHoursAgo.getTime());
  });

  it('counts an API key in use as activity', async () => {
    const admin = signIns.admin!.user.id;
    const { key } = await auth.apiKeys.create(admin, 'ci');
    await backdate(admin, { lastSeenAt: null });
    await auth.apiKeys.verify(key);
    expect(await lastSeenOf(admin)).not.toBeNull();
  });

  it('is for admins only and checks the span', async () => {
    await expect(auth.accounts.userStats(signIns.fresh!.user.id, 7)).rejects.toMatchObject({
      code: 'permission_denied',
    });
    await expect(auth.accounts.userStats(0, 7)).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(auth.accounts.userStats(signIns.admin!.user.id, 366)).rejects.toMatchObject({
      code: 'invalid_argument',
      message: 'Days must be between 1 and 365',
    });
  });
});
