// The community writes: publish, like (optimistic, rolled back on failure), report and delete. Each keeps
// every cached copy of the post in step, so a count never differs between the feed and the post's page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deletePost,
  type PublishRequest,
  publishPost,
  type ReportRequest,
  reportPost,
  setPostLike,
} from '../api/community.ts';
import { optimisticLike, patchPost, removePost } from './community-cache.ts';
import { queryKeys } from './query-keys.ts';
import { useViewerId } from './use-community.ts';

export function usePublishPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PublishRequest) => publishPost(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.community }),
  });
}

interface LikeVariables {
  id: string;
  liked: boolean;
}

type Snapshot = [readonly unknown[], unknown][];

export function useLikePost() {
  const queryClient = useQueryClient();
  const userId = useViewerId();
  return useMutation({
    mutationFn: ({ id, liked }: LikeVariables) => setPostLike(id, liked),
    onMutate: async ({ id, liked }): Promise<{ snapshot: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: queryKeys.community });
      const snapshot = queryClient.getQueriesData({ queryKey: queryKeys.community }) as Snapshot;
      for (const [key, data] of snapshot) {
        queryClient.setQueryData(
          key,
          patchPost(data as never, id, (post) => optimisticLike(post, liked)),
        );
      }
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (state) => {
      // The server's count wins (others may have liked meanwhile).
      for (const [key, data] of queryClient.getQueriesData({ queryKey: queryKeys.community })) {
        queryClient.setQueryData(
          key,
          patchPost(data as never, state.post_id, (post) => ({
            ...post,
            liked_by_me: state.liked,
            likes: state.likes,
          })),
        );
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.userLikes(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userStats(userId) });
    },
  });
}

export function useReportPost() {
  return useMutation({
    mutationFn: ({ id, report }: { id: string; report: ReportRequest }) => reportPost(id, report),
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePost(id),
    onSuccess: (_result, id) => {
      for (const [key, data] of queryClient.getQueriesData({ queryKey: queryKeys.community })) {
        queryClient.setQueryData(key, removePost(data as never, id));
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.community });
    },
  });
}
