// The admin user list (search and cursor pages), the ban / admin-role actions and plan grants.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeUser,
  fetchAdminUsers,
  grantPlan,
  type PlanGrantInput,
  type UserAction,
} from '../api/admin.ts';
import { queryKeys } from './query-keys.ts';

/** One retry: an admin would rather see a failure (with its own retry button) than wait through four. */
const ADMIN_RETRY = 1;

export const USERS_PAGE_SIZE = 20;

export function useAdminUsers(q: string, cursor: string) {
  return useQuery({
    queryKey: queryKeys.adminUsers(q, cursor),
    retry: ADMIN_RETRY,
    queryFn: ({ signal }) => fetchAdminUsers({ q, cursor, limit: USERS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useChangeUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: UserAction }) => changeUser(id, action),
    // A ban hides the author's posts too: every admin view and the community feeds may change.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.admin }),
        client.invalidateQueries({ queryKey: queryKeys.community }),
      ]),
  });
}

/** Gives a user a plan without payment (from the users page or a sales request). */
export function useGrantPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: PlanGrantInput }) => grantPlan(userId, input),
    // The sales inbox shows the plan of each sender; their next request is tagged with the new one.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin }),
  });
}
