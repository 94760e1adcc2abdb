import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchJob, followJobEvents, type GenerationJob, isFinished } from '../api/generation.ts';
import { ApiError } from '../api/http.ts';
import { queryKeys } from './query-keys.ts';

const POLL_INTERVAL_MS = 1000;

/**
 * Follows a generation job: Server-Sent Events (read with fetch, so they carry the session) write each
 * snapshot into the query cache; if the stream cannot be opened or breaks before the job finishes, the
 * query polls GET /api/jobs/:id every second.
 */
export function useGenerationJob(jobId: string | null) {
  const queryClient = useQueryClient();
  const [pollingJobId, setPollingJobId] = useState<string | null>(null);
  const polling = jobId !== null && pollingJobId === jobId;

  useEffect(() => {
    if (!jobId) return;
    const key = queryKeys.job(jobId);
    const controller = new AbortController();
    const fallBackToPolling = () => {
      if (controller.signal.aborted) return;
      const known = queryClient.getQueryData<GenerationJob>(key);
      if (!isFinished(known?.status)) setPollingJobId(jobId);
    };
    followJobEvents(jobId, (job) => queryClient.setQueryData(key, job), controller.signal).then(
      (finished) => {
        if (!finished) fallBackToPolling();
      },
      fallBackToPolling,
    );
    return () => controller.abort();
  }, [jobId, queryClient]);

  return useQuery({
    queryKey: queryKeys.job(jobId ?? ''),
    queryFn: ({ signal }) => fetchJob(jobId!, signal),
    enabled: polling,
    refetchInterval: (query) =>
      query.state.status === 'error' || isFinished(query.state.data?.status) ? false : POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    // A 4xx (unknown job, bad id) will not get better by asking again; a 5xx or network blip may.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 3,
    // The job cache is fed by the event stream too, so the query itself must not refetch on focus.
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
}
