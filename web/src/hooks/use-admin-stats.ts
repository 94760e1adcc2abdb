// The admin dashboard's and community statistics' queries, and the sales and support inbox.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchAdminStats, fetchCommunityStats, fetchSupportRequests } from '../api/admin.ts';
import { queryKeys } from './query-keys.ts';

/** One retry: an admin would rather see a failure (with its own retry button) than wait through four. */
const ADMIN_RETRY = 1;

/** Numbers move slowly; a minute keeps tab switches instant without showing stale data for long. */
const STATS_STALE_MS = 60_000;

export function useAdminStats(days: number) {
  return useQuery({
    queryKey: queryKeys.adminStats(days),
    retry: ADMIN_RETRY,
    queryFn: ({ signal }) => fetchAdminStats(days, signal),
    staleTime: STATS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useCommunityStats(days: number) {
  return useQuery({
    queryKey: queryKeys.adminCommunityStats(days),
    retry: ADMIN_RETRY,
    queryFn: ({ signal }) => fetchCommunityStats(days, signal),
    staleTime: STATS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** Sales and support requests, paid plans first (the server's order), a few at a time. */
export function useSupportRequests(pageSize = 5) {
  return useInfiniteQuery({
    queryKey: queryKeys.adminSupportRequests,
    retry: ADMIN_RETRY,
    queryFn: ({ pageParam, signal }) => fetchSupportRequests({ cursor: pageParam, limit: pageSize }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: STATS_STALE_MS,
  });
}
