// Which account actions an admin may take on a row of the user list. The auth service enforces the same
// rules (answering cannot_ban / cannot_demote_self); the page says so up front instead of offering a
// button that can only fail.
import type { AdminUser, UserAction } from '../../api/admin.ts';

/** User 1 is the first account: always an administrator, never banned (spec 6). */
export const OWNER_ID = 1;

export type LockReason = 'self' | 'owner';

export interface RowActions {
  ban: UserAction;
  role: UserAction;
  /** Why ban and role changes are unavailable for this row, if they are. */
  locked: LockReason | null;
}

export function rowActions(user: AdminUser, currentUserId: number): RowActions {
  const ban: UserAction = user.banned ? 'unban' : 'ban';
  const role: UserAction = user.is_admin ? 'unadmin' : 'admin';
  const locked: LockReason | null =
    user.id === currentUserId ? 'self' : user.id === OWNER_ID ? 'owner' : null;
  return { ban, role, locked };
}

/**
 * The cursor pages of the user list as a stack: page n is fetched with `cursors[n]`. Going forward pushes
 * the server's next cursor; going back pops; a new search starts again at page 0.
 */
export interface PagerState {
  cursors: string[];
}

export const FIRST_PAGE: PagerState = { cursors: [''] };

export function nextPage(state: PagerState, nextCursor: string | null): PagerState {
  return nextCursor ? { cursors: [...state.cursors, nextCursor] } : state;
}

export function previousPage(state: PagerState): PagerState {
  return state.cursors.length > 1 ? { cursors: state.cursors.slice(0, -1) } : state;
}

export function currentCursor(state: PagerState): string {
  return state.cursors.at(-1) ?? '';
}
