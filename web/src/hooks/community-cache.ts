// Cache edits for the community data: one post can sit in several lists at once (a feed, a tag's feed, my
// posts, my likes, its own page), so a like or a delete is applied to every cached copy alike.
import type { InfiniteData } from '@tanstack/react-query';
import type { Post, PostPage } from '../api/community.ts';

type CachedCommunityData = InfiniteData<PostPage> | Post | readonly unknown[] | undefined;

function isInfinitePostData(data: unknown): data is InfiniteData<PostPage> {
  return (
    data !== null &&
    typeof data === 'object' &&
    Array.isArray((data as InfiniteData<PostPage>).pages) &&
    Array.isArray((data as InfiniteData<PostPage>).pageParams)
  );
}

function isPost(data: unknown): data is Post {
  return (
    data !== null &&
    typeof data === 'object' &&
    typeof (data as Post).id === 'string' &&
    typeof (data as Post).likes === 'number'
  );
}

/** The cached value with `patch` applied to the post `id` wherever it appears; other values untouched. */
export function patchPost<T extends CachedCommunityData>(
  data: T,
  id: string,
  patch: (post: Post) => Post,
): T {
  if (isInfinitePostData(data)) {
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.items.some((post) => post.id === id)) return page;
      changed = true;
      return { ...page, items: page.items.map((post) => (post.id === id ? patch(post) : post)) };
    });
    return (changed ? { ...data, pages } : data) as T;
  }
  if (isPost(data) && data.id === id) return patch(data) as T;
  return data;
}

/** The cached value without the post `id` (lists drop it; a post's own page is left for a refetch). */
export function removePost<T extends CachedCommunityData>(data: T, id: string): T {
  if (!isInfinitePostData(data)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.filter((post) => post.id !== id) })),
  } as T;
}

/** The like as the user sees it at once: toggled, the count moved by one and never below zero. */
export function optimisticLike(post: Post, liked: boolean): Post {
  if (post.liked_by_me === liked) return post;
  return { ...post, liked_by_me: liked, likes: Math.max(0, post.likes + (liked ? 1 : -1)) };
}

/** The posts of every loaded page, one entry per id (a post moving up while scrolling is not doubled). */
export function flattenPages(data: InfiniteData<PostPage> | undefined): Post[] {
  if (!data) return [];
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const page of data.pages) {
    for (const post of page.items) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}
