import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchJob, followJobEvents, type GenerationJob, isFinished } from '../api/generation.ts';
import { ApiError } from '../api/http.ts';
import { readToken } from '../auth/auth-storage.ts';
import { queryKeys } from './query-keys.ts';

const POLL_INTERVAL_MS = 1000;

/**
 * The job's event stream URL: the one the submission gave (kept in the cache), else, for a signed-in
 * user, a fresh one from GET /api/jobs/:id (it carries a token scoped to the job, since EventSource cannot
 * send the session header); a guest's job is readable without one.
 */
async function eventsUrlFor(jobId: string, known: GenerationJob | undefined, signal: AbortSignal) {
  if (known?.events_url) return known.events_url;
  if (!readToken()) return `/api/jobs/${encodeURIComponent(jobId)}/events`;
  return (await fetchJob(jobId, signal)).events_url ?? null;
}

/**
 * Follows a generation job: the browser's EventSource writes each snapshot into the query cache (keeping the
 * job's events_url, which the stream's snapshots do not repeat); if the stream cannot be opened or is
 * closed before the job ends, the query polls GET /api/jobs/:id every second.
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
    const known = queryClient.getQueryData<GenerationJob>(key);
    const onJob = (job: GenerationJob) =>
      queryClient.setQueryData<GenerationJob>(key, (previous) => ({
        ...job,
        ...(previous?.events_url ? { events_url: previous.events_url } : {}),
      }));
    eventsUrlFor(jobId, known, controller.signal)
      .then((url) => (url ? followJobEvents(url, onJob, controller.signal) : false))
      .then((finished) => {
        if (!finished) fallBackToPolling();
      }, fallBackToPolling);
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
