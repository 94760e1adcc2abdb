// The report queue and content management: lists a page at a time, and the moderation actions.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changePost,
  deletePost,
  fetchAdminPosts,
  fetchAdminReports,
  type PostStatusFilter,
  type ReportStatus,
  resolveReport,
} from '../api/admin.ts';
import { queryKeys } from './query-keys.ts';

/** One retry: an admin would rather see a failure (with its own retry button) than wait through four. */
const ADMIN_RETRY = 1;

const PAGE_SIZE = 24;

export function useAdminReports(status: ReportStatus) {
  return useInfiniteQuery({
    queryKey: queryKeys.adminReports(status),
    retry: ADMIN_RETRY,
    queryFn: ({ pageParam, signal }) =>
      fetchAdminReports({ status, cursor: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useAdminPosts(status: PostStatusFilter, q: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.adminPosts(status, q),
    retry: ADMIN_RETRY,
    queryFn: ({ pageParam, signal }) =>
      fetchAdminPosts({ status, q, cursor: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** After any moderation action: every admin view and the public feeds may have changed. */
function useRefreshModerated() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.admin }),
      client.invalidateQueries({ queryKey: queryKeys.community }),
    ]);
}

export function useResolveReport() {
  const refresh = useRefreshModerated();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      resolveReport(id, decision),
    onSuccess: refresh,
  });
}

export function useModeratePost() {
  const refresh = useRefreshModerated();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'hide' | 'restore' | 'delete' }) =>
      action === 'delete' ? deletePost(id).then(() => null) : changePost(id, action),
    onSuccess: refresh,
  });
}
