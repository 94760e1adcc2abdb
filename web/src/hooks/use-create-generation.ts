import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createGeneration, type GenerateRequest, jobFromAccepted } from '../api/generation.ts';
import { queryKeys } from './query-keys.ts';

export function useCreateGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: GenerateRequest) => createGeneration(request),
    onSuccess: (accepted) => {
      // Seed the job cache with the queue position from the 202, so "waiting" shows at once.
      queryClient.setQueryData(queryKeys.job(accepted.job_id), jobFromAccepted(accepted));
    },
  });
}
