// What moderation decided, as the people involved see it: a reporter's own reports with their outcome, and
// the author's appeal against a takedown (after which the post's page shows the appeal's state).
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { appealPost, fetchUserReports } from '../api/community.ts';
import { queryKeys } from './query-keys.ts';
import { useViewerId } from './use-community.ts';

export function useUserReports(enabled = true) {
  const userId = useViewerId();
  return useInfiniteQuery({
    queryKey: queryKeys.userReports(userId),
    queryFn: ({ pageParam, signal }) => fetchUserReports(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled: enabled && userId !== 0,
  });
}

export function useAppealPost(postId: string) {
  const client = useQueryClient();
  const viewer = useViewerId();
  return useMutation({
    mutationFn: (message: string) => appealPost(postId, message),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.communityPost(viewer, postId) }),
  });
}
