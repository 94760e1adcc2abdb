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
import {
  type AppealStatus,
  bulkModeratePosts,
  bulkResolveReports,
  decideAppeal,
  fetchAppeals,
  fetchReportGroups,
  type ReportGroupSort,
  reopenReport,
} from '../api/admin-moderation.ts';
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

/** The open reports, one group per post, grouped and paged by the server. */
export function useReportGroups(sort: ReportGroupSort) {
  return useInfiniteQuery({
    queryKey: queryKeys.adminReportGroups(sort),
    retry: ADMIN_RETRY,
    queryFn: ({ pageParam, signal }) =>
      fetchReportGroups({ sort, cursor: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useAppeals(status: AppealStatus) {
  return useInfiniteQuery({
    queryKey: queryKeys.adminAppeals(status),
    retry: ADMIN_RETRY,
    queryFn: ({ pageParam, signal }) => fetchAppeals({ status, cursor: pageParam, limit: PAGE_SIZE }, signal),
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

export function useReopenReport() {
  const refresh = useRefreshModerated();
  return useMutation({ mutationFn: (id: string) => reopenReport(id), onSuccess: refresh });
}

/** Approve or reject the open reports of several posts in one request; one result per post. */
export function useBulkResolveReports() {
  const refresh = useRefreshModerated();
  return useMutation({
    mutationFn: ({ decision, postIds }: { decision: 'approve' | 'reject'; postIds: string[] }) =>
      bulkResolveReports(decision, postIds),
    onSettled: refresh,
  });
}

export function useBulkModeratePosts() {
  const refresh = useRefreshModerated();
  return useMutation({
    mutationFn: ({ action, postIds }: { action: 'hide' | 'restore'; postIds: string[] }) =>
      bulkModeratePosts(action, postIds),
    onSettled: refresh,
  });
}

export function useDecideAppeal() {
  const refresh = useRefreshModerated();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'restore' | 'uphold' }) =>
      decideAppeal(id, decision),
    onSuccess: refresh,
  });
}
