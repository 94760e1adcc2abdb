import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobFromAccepted } from '../api/generation.ts';
import { startUpscale, type UpscaleRequest } from '../api/upload.ts';
import { queryKeys } from './query-keys.ts';

export function useStartUpscale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, timeoutMs }: { request: UpscaleRequest; timeoutMs: number }) =>
      startUpscale(request, timeoutMs),
    onSuccess: (accepted) => {
      queryClient.setQueryData(queryKeys.job(accepted.job_id), jobFromAccepted(accepted));
    },
  });
}
