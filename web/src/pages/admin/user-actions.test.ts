import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../api/admin.ts';
import { currentCursor, FIRST_PAGE, nextPage, previousPage, rowActions } from './user-actions.ts';

const user = (overrides: Partial<AdminUser>): AdminUser => ({
  id: 5,
  name: 'Alice',
  username: 'alice',
  email: '',
  picture: '',
  role: 'user',
  is_admin: false,
  banned: false,
  created_at: '2025-05-01T00:00:00Z',
  ...overrides,
});

describe('rowActions', () => {
  it('offers ban and make-admin to an ordinary member, unban and remove-admin when they apply', () => {
    expect(rowActions(user({}), 2)).toEqual({ ban: 'ban', role: 'admin', locked: null });
    expect(rowActions(user({ banned: true, is_admin: true }), 2)).toEqual({
      ban: 'unban',
      role: 'unadmin',
      locked: null,
    });
  });

  it('locks the admin’s own row: nobody bans or demotes themselves', () => {
    expect(rowActions(user({ id: 2, is_admin: true }), 2).locked).toBe('self');
  });

  it('locks the first account for other admins: it is always an administrator', () => {
    expect(rowActions(user({ id: 1, is_admin: true }), 2).locked).toBe('owner');
    expect(rowActions(user({ id: 1, is_admin: true }), 1).locked).toBe('self');
  });
});

describe('the user list pager', () => {
  it('walks forward with the server’s cursors and back again', () => {
    let state = FIRST_PAGE;
    expect(currentCursor(state)).toBe('');
    state = nextPage(state, 'c20');
    state = nextPage(state, 'c40');
    expect(state.cursors).toEqual(['', 'c20', 'c40']);
    expect(currentCursor(state)).toBe('c40');
    state = previousPage(state);
    expect(currentCursor(state)).toBe('c20');
  });

  it('stays put at either end', () => {
    expect(nextPage(FIRST_PAGE, null)).toBe(FIRST_PAGE);
    expect(previousPage(FIRST_PAGE)).toBe(FIRST_PAGE);
  });
});
