// The community reads: the feed (latest or popular, optionally of one tag), a post, hot tags, the signed-in
// user's posts, likes and stats, and the public settings that carry the tag limit.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type FeedSort,
  fetchHotTags,
  fetchPost,
  fetchPosts,
  fetchUserLikes,
  fetchUserPosts,
  fetchUserStats,
  type PostPage,
} from '../api/community.ts';
import { ApiError } from '../api/http.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { DEFAULT_MAX_TAGS } from '../components/publish-post-model.ts';
import { queryKeys } from './query-keys.ts';
import { usePublicSettings } from './use-public-settings.ts';

export const FEED_PAGE_SIZE = 24;

const nextCursor = (page: PostPage) => page.next_cursor ?? undefined;

/** While the session check settles who is viewing, the page keeps what it shows: a query keyed by viewer
 * shows the previous viewer's answer for the same feed or post until its own arrives, rather than
 * dropping back to placeholders (cards vanishing and coming back the moment a stored sign-in is confirmed).
 * True when two such keys differ at most in the viewer, their third part. */
export function sameButViewer(previous: readonly unknown[] | undefined, next: readonly unknown[]): boolean {
  const rest = (parts: readonly unknown[]) => JSON.stringify([...parts.slice(0, 2), ...parts.slice(3)]);
  return previous !== undefined && rest(previous) === rest(next);
}

export function useViewerId(): number {
  return useAuth().user?.id ?? 0;
}

export function useCommunityFeed(sort: FeedSort, tag: string) {
  const viewer = useViewerId();
  const queryKey = queryKeys.communityFeed(viewer, sort, tag);
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      fetchPosts({ sort, tag, cursor: pageParam, limit: FEED_PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    placeholderData: (previous, query) => (sameButViewer(query?.queryKey, queryKey) ? previous : undefined),
  });
}

export function usePost(id: string) {
  const viewer = useViewerId();
  const queryKey = queryKeys.communityPost(viewer, id);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchPost(id, signal),
    // A missing or taken-down post stays missing: no retries for 404.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    placeholderData: (previous, query) => (sameButViewer(query?.queryKey, queryKey) ? previous : undefined),
  });
}

export function useHotTags() {
  return useQuery({
    queryKey: queryKeys.communityHotTags,
    queryFn: ({ signal }) => fetchHotTags(12, signal),
    staleTime: 5 * 60_000,
  });
}

export function useUserPosts(enabled = true) {
  const userId = useViewerId();
  return useInfiniteQuery({
    queryKey: queryKeys.userPosts(userId),
    queryFn: ({ pageParam, signal }) => fetchUserPosts(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    enabled: enabled && userId !== 0,
  });
}

export function useUserLikes(enabled = true) {
  const userId = useViewerId();
  return useInfiniteQuery({
    queryKey: queryKeys.userLikes(userId),
    queryFn: ({ pageParam, signal }) => fetchUserLikes(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    enabled: enabled && userId !== 0,
  });
}

export function useUserStats() {
  const userId = useViewerId();
  return useQuery({
    queryKey: queryKeys.userStats(userId),
    queryFn: ({ signal }) => fetchUserStats(signal),
    enabled: userId !== 0,
  });
}

/** The most tags a post may carry (the admin's setting; the server's default until it loads). */
export function useMaxTags(): number {
  const max = usePublicSettings().data?.max_tags_per_post;
  return typeof max === 'number' && max > 0 ? max : DEFAULT_MAX_TAGS;
}
