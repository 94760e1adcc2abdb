import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthService, type TestAuthService } from '../../../test/support/auth-service.ts';
import { createAdminCheck } from './admin-check.ts';

// Against the real auth service: the first account is the administrator (spec section 6).
describe('admin check against auth', () => {
  let auth: TestAuthService;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    auth = await startAuthService('pglite');
    for (const name of ['root', 'member', 'promoted']) {
      const signIn = await auth.client.register({
        username: name,
        password: 'a long enough password',
        clientIp: '127.0.0.1',
      });
      ids[name] = signIn.user!.id;
    }
    await auth.client.setAdmin({ callerId: ids.root!, userId: ids.promoted!, isAdmin: true });
  });
  afterAll(() => auth?.close());

  it('lets admins through and refuses everyone else with the right code', async () => {
    const check = createAdminCheck(auth.client, 0);
    await expect(check.requireAdmin(ids.root!)).resolves.toBeUndefined();
    await expect(check.requireAdmin(ids.promoted!)).resolves.toBeUndefined();
    await expect(check.requireAdmin(ids.member!)).rejects.toMatchObject({ code: 'permission_denied' });
    await expect(check.requireAdmin(0)).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(check.requireAdmin(999)).rejects.toMatchObject({ code: 'permission_denied' });
  });

  it('stops counting a banned or demoted admin once the short cache has passed', async () => {
    const check = createAdminCheck(auth.client, 0);
    await auth.client.setBanned({ callerId: ids.root!, userId: ids.promoted!, banned: true });
    await expect(check.requireAdmin(ids.promoted!)).rejects.toMatchObject({ code: 'permission_denied' });
    await auth.client.setBanned({ callerId: ids.root!, userId: ids.promoted!, banned: false });
    await auth.client.setAdmin({ callerId: ids.root!, userId: ids.promoted!, isAdmin: false });
    await expect(check.requireAdmin(ids.promoted!)).rejects.toMatchObject({ code: 'permission_denied' });
  });
});
