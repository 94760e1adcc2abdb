// The community gallery calls (GET/POST /api/community/..., /api/user/posts, likes and stats) and the public
// settings that carry the tag limit of a post.
import type { ImageScene } from '@pictura/common/scene';
import { requestJson } from './http.ts';

export type FeedSort = 'latest' | 'popular';

export interface PostImage {
  /** /files/<key> */
  url: string;
  width: number;
  height: number;
  /** The safety classifier flagged it: shown blurred until the viewer reveals it. */
  flagged: boolean;
}

export interface PostAuthor {
  id: number;
  name: string;
  /** Empty means the default avatar. */
  avatar: string;
}

export interface Post {
  id: string;
  title: string;
  description: string;
  prompt: string;
  tags: string[];
  image: PostImage;
  author: PostAuthor;
  likes: number;
  views: number;
  liked_by_me: boolean;
  created_at: string;
  /** hidden: taken down by a moderator (only its author and admins still see it). */
  status: 'visible' | 'hidden';
}

/** What POST /api/generate takes to create a similar image. */
export interface SimilarOptions {
  aspect_ratio?: string;
  style?: string;
  color?: string;
  lighting?: string;
  composition?: string;
  /** 'transparent' when the source image was made on a transparent background. */
  background?: string;
  seed?: number;
}

export interface ReasonCount {
  reason: string;
  count: number;
}

export type AppealStatus = 'open' | 'restored' | 'upheld';

/** The author's appeal against a takedown: open, then restored (the post is back) or upheld. */
export interface Appeal {
  id: string;
  post_id: string;
  message: string;
  status: AppealStatus;
  created_at: string;
  resolved_at: string | null;
}

export interface PostDetail extends Post {
  negative_prompt: string;
  model: string;
  options: SimilarOptions;
  /** What Pictura Scenes drew for the prompt; null for other models and older posts. */
  scene?: ImageScene | null;
  /** Only on a taken-down post shown to its author (or an admin): the report categories, and the appeal. */
  takedown?: { reasons: ReasonCount[]; appeal: Appeal | null };
}

/** The most characters an appeal may have. */
export const APPEAL_MAX = 500;

export type ReportStatus = 'open' | 'actioned' | 'dismissed';

/** One of the signed-in user's reports and what became of it. */
export interface MyReport {
  id: string;
  post_id: string;
  reason: string;
  details: string;
  status: ReportStatus;
  reported_at: string;
  resolved_at: string | null;
  /** Null when the post was deleted. */
  post: { id: string; title: string } | null;
}

export interface PostPage {
  items: Post[];
  next_cursor: string | null;
}

export interface FeedFilter {
  sort: FeedSort;
  tag?: string;
  cursor?: string;
  limit?: number;
}

export interface PublishRequest {
  history_id: string;
  image_index?: number;
  title: string;
  description: string;
  tags: string[];
  agree: boolean;
}

export interface LikeState {
  post_id: string;
  liked: boolean;
  likes: number;
}

export const REPORT_REASONS = ['spam', 'nudity', 'violence', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export interface ReportRequest {
  reason: ReportReason;
  details: string;
}

export interface TagCount {
  tag: string;
  count: number;
}

export interface UserStats {
  total_posts: number;
  total_likes_given: number;
  likes_received: number;
}

const postPath = (id: string) => `/api/community/posts/${encodeURIComponent(id)}`;

function pageParams(cursor?: string, limit?: number): URLSearchParams {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  if (limit) params.set('limit', String(limit));
  return params;
}

export function fetchPosts(filter: FeedFilter, signal?: AbortSignal): Promise<PostPage> {
  const params = pageParams(filter.cursor, filter.limit);
  params.set('sort', filter.sort);
  if (filter.tag) params.set('tag', filter.tag);
  return requestJson<PostPage>(`/api/community/posts?${params}`, { signal });
}

export function fetchPost(id: string, signal?: AbortSignal): Promise<PostDetail> {
  return requestJson<PostDetail>(postPath(id), { signal });
}

export function publishPost(request: PublishRequest): Promise<PostDetail> {
  return requestJson<PostDetail>('/api/community/posts', {
    method: 'POST',
    body: JSON.stringify(request),
  });
}

export function deletePost(id: string): Promise<{ success: boolean }> {
  return requestJson<{ success: boolean }>(postPath(id), { method: 'DELETE' });
}

export function setPostLike(id: string, liked: boolean): Promise<LikeState> {
  return requestJson<LikeState>(`${postPath(id)}/like`, { method: liked ? 'PUT' : 'DELETE' });
}

export function reportPost(id: string, report: ReportRequest): Promise<unknown> {
  const body = report.details.trim() ? report : { reason: report.reason };
  return requestJson<unknown>(`${postPath(id)}/report`, { method: 'POST', body: JSON.stringify(body) });
}

export async function fetchHotTags(limit = 20, signal?: AbortSignal): Promise<TagCount[]> {
  const { items } = await requestJson<{ items: TagCount[] }>(`/api/community/tags/hot?limit=${limit}`, {
    signal,
  });
  return items;
}

export function fetchUserPosts(cursor?: string, signal?: AbortSignal): Promise<PostPage> {
  return requestJson<PostPage>(`/api/user/posts?${pageParams(cursor)}`, { signal });
}

export function fetchUserLikes(cursor?: string, signal?: AbortSignal): Promise<PostPage> {
  return requestJson<PostPage>(`/api/user/likes?${pageParams(cursor)}`, { signal });
}

export function fetchUserStats(signal?: AbortSignal): Promise<UserStats> {
  return requestJson<UserStats>('/api/user/stats', { signal });
}

export function fetchUserReports(
  cursor?: string,
  signal?: AbortSignal,
): Promise<{ items: MyReport[]; next_cursor: string | null }> {
  return requestJson(`/api/user/reports?${pageParams(cursor)}`, { signal });
}

export function appealPost(id: string, message: string): Promise<Appeal> {
  return requestJson<Appeal>(`${postPath(id)}/appeal`, { method: 'POST', body: JSON.stringify({ message }) });
}
