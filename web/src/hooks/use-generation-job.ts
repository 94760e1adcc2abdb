import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchJob, type GenerationJob, isFinished, jobEventsUrl, parseJobEvent } from '../api/generation.ts';
import { ApiError } from '../api/http.ts';
import { queryKeys } from './query-keys.ts';

const POLL_INTERVAL_MS = 1000;

/**
 * Follows a generation job: Server-Sent Events write each snapshot into the query cache; if the stream
 * cannot be opened or breaks before the job finishes, the query polls GET /api/jobs/:id every second.
 */
export function useGenerationJob(jobId: string | null) {
  const queryClient = useQueryClient();
  const [pollingJobId, setPollingJobId] = useState<string | null>(null);
  const polling = jobId !== null && pollingJobId === jobId;

  useEffect(() => {
    if (!jobId) return;
    if (typeof EventSource === 'undefined') {
      setPollingJobId(jobId);
      return;
    }
    const key = queryKeys.job(jobId);
    const source = new EventSource(jobEventsUrl(jobId));
    source.onmessage = (event: MessageEvent<string>) => {
      const job = parseJobEvent(event.data);
      if (!job) return;
      queryClient.setQueryData(key, job);
      if (isFinished(job.status)) source.close();
    };
    // Also fires when the server ends the stream after the last event; only an unfinished job needs polling.
    source.onerror = () => {
      source.close();
      const known = queryClient.getQueryData<GenerationJob>(key);
      if (!isFinished(known?.status)) setPollingJobId(jobId);
    };
    return () => source.close();
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
