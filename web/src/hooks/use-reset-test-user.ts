import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetTestUser } from '../api/payments.ts';
import { queryKeys } from './query-keys.ts';

/** Test mode's reset (spec 4): clears the user's subscriptions, then the plan is read again. */
export function useResetTestUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTestUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments(userId) }),
      ]);
    },
  });
}
