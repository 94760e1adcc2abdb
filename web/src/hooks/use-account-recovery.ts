// The account's password and e-mail address (settings), and whether reset by e-mail works here.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changePassword,
  fetchAccountSecurity,
  fetchRecoveryOptions,
  requestEmailVerification,
} from '../api/recovery.ts';
import { queryKeys } from './query-keys.ts';

export function useAccountSecurity(userId: number) {
  return useQuery({
    queryKey: queryKeys.accountSecurity(userId),
    queryFn: ({ signal }) => fetchAccountSecurity(signal),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: ({ current, next }: { current: string; next: string }) => changePassword(current, next),
  });
}

export function useRequestEmailVerification(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, lang }: { email: string; lang: string }) => requestEmailVerification(email, lang),
    onSuccess: (security) => queryClient.setQueryData(queryKeys.accountSecurity(userId), security),
  });
}

export function useRecoveryOptions() {
  return useQuery({
    queryKey: queryKeys.recoveryOptions,
    queryFn: ({ signal }) => fetchRecoveryOptions(signal),
    staleTime: 5 * 60_000,
  });
}
