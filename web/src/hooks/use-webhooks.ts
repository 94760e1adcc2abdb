import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchWebhooks, rotateWebhookSecret, type WebhooksOverview } from '../api/webhooks.ts';
import { queryKeys } from './query-keys.ts';

export function useWebhooks(userId: number) {
  return useQuery({
    queryKey: queryKeys.webhooks(userId),
    queryFn: ({ signal }) => fetchWebhooks(signal),
  });
}

export function useRotateWebhookSecret(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: (secret) =>
      queryClient.setQueryData<WebhooksOverview>(queryKeys.webhooks(userId), (current) =>
        current ? { ...current, secret } : current,
      ),
  });
}
