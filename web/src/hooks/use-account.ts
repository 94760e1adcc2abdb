// The account settings' queries and changes: profile, API keys and deletion.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccountDeletionProof,
  type ApiKey,
  createApiKey,
  deleteAccount,
  fetchAccount,
  fetchApiKeys,
  type ProfileChanges,
  revokeApiKey,
  updateApiKeyWebhook,
  updateProfile,
} from '../api/account.ts';
import { queryKeys } from './query-keys.ts';

export function useAccount(userId: number) {
  return useQuery({
    queryKey: queryKeys.account(userId),
    queryFn: ({ signal }) => fetchAccount(signal),
  });
}

export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => updateProfile(changes),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.account(userId), user),
  });
}

export function useApiKeys(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.apiKeys(userId),
    queryFn: ({ signal }) => fetchApiKeys(signal),
    enabled,
  });
}

export function useCreateApiKey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, webhookUrl = '' }: { name: string; webhookUrl?: string }) =>
      createApiKey(name, webhookUrl),
    onSuccess: ({ api_key }) =>
      queryClient.setQueryData<ApiKey[]>(queryKeys.apiKeys(userId), (keys = []) => [api_key, ...keys]),
  });
}

export function useUpdateApiKeyWebhook(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, webhookUrl }: { id: string; webhookUrl: string }) =>
      updateApiKeyWebhook(id, webhookUrl),
    onSuccess: (updated) =>
      queryClient.setQueryData<ApiKey[]>(queryKeys.apiKeys(userId), (keys = []) =>
        keys.map((key) => (key.id === updated.id ? updated : key)),
      ),
  });
}

export function useRevokeApiKey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeApiKey(id),
    onSuccess: (_result, id) =>
      queryClient.setQueryData<ApiKey[]>(queryKeys.apiKeys(userId), (keys = []) =>
        keys.filter((key) => key.id !== id),
      ),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (proof: AccountDeletionProof) => deleteAccount(proof) });
}
