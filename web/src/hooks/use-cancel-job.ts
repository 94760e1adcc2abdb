import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelJob, type GenerationJob } from '../api/generation.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Cancels a waiting or running job (DELETE /api/jobs/:id). A waiting job comes back cancelled at once; a
 * running one stops at its next step, and its event stream then brings the cancelled state.
 */
export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => {
      // A guest's job is cancelled with the token from its submission, kept with the job in the cache.
      const known = queryClient.getQueryData<GenerationJob>(queryKeys.job(jobId));
      return cancelJob(jobId, known?.events_url);
    },
    onSuccess: (job, jobId) => {
      queryClient.setQueryData<GenerationJob>(queryKeys.job(jobId), (previous) =>
        previous && previous.status !== 'waiting' && job.status !== 'cancelled'
          ? previous
          : { ...job, ...(previous?.events_url ? { events_url: previous.events_url } : {}) },
      );
    },
  });
}
