// The admin audit log page's query, and the support requests list with its new/answered status.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchSupportRequests, type SupportRequestStatus } from '../api/admin.ts';
import { type AuditFilter, fetchAuditLog, setSupportRequestStatus } from '../api/admin-audit.ts';
import { queryKeys } from './query-keys.ts';

export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.adminAudit(filter),
    retry: 1,
    queryFn: ({ pageParam, signal }) => fetchAuditLog(filter, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Every request or only new or answered ones, paid plans first (the server's order). */
export function useSupportRequestList(status: SupportRequestStatus | '') {
  return useInfiniteQuery({
    queryKey: queryKeys.adminSupportRequestsBy(status),
    retry: 1,
    queryFn: ({ pageParam, signal }) =>
      fetchSupportRequests({ cursor: pageParam, limit: 20, status }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useSetSupportRequestStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: SupportRequestStatus }) =>
      setSupportRequestStatus(id, status),
    // The lists (and the dashboard's widget) and the audit log both change.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin }),
  });
}
