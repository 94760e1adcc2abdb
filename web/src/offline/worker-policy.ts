// The offline worker's decisions as plain functions (tested in Node); service-worker.ts applies them.
import { STALE_IMAGE_MS, WORKER_IMAGE_ENTRIES } from './cache-limits.ts';

/** Versioned: a new worker fills its own shell cache and deletes the old ones when it takes over. */
export const SHELL_CACHE_PREFIX = 'pictura-shell-';
/** Pages visited while online, for reading them again offline. */
export const PAGES_CACHE = 'pictura-pages';
export const IMAGES_CACHE = 'pictura-images';
/** The app shell: the SPA's index.html, the offline fallback for any page not visited before. */
export const SHELL_URL = '/index.html';
export const SHELL_STATIC_FILES = ['/favicon.svg', '/manifest.webmanifest'] as const;
export const MAX_CACHED_PAGES = 50;
/** Cached images carry the time they were stored, so staleness survives browser restarts. */
export const CACHED_AT_HEADER = 'x-offline-cached-at';

export function shellCacheName(version: string): string {
  return `${SHELL_CACHE_PREFIX}${version}`;
}

export type Strategy = 'navigation' | 'asset' | 'image' | 'none';

export interface RequestFacts {
  method: string;
  mode: string;
  url: string;
  destination: string;
}

/**
 * Network-first for page loads (offline: the page as last seen, else the shell), cache-first for the
 * fingerprinted /assets/ and for images; the API, other hosts and non-GET requests are never touched.
 */
export function strategyFor(request: RequestFacts, origin: string): Strategy {
  if (request.method !== 'GET') return 'none';
  const url = new URL(request.url);
  if (url.origin !== origin || url.pathname.startsWith('/api/')) return 'none';
  if (request.mode === 'navigate') return 'navigation';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (url.pathname.startsWith('/files/') || url.pathname.startsWith('/samples/')) return 'image';
  if (request.destination === 'image') return 'image';
  return 'none';
}

/** The page cache's key: the path alone, so `?imageUrl=` variants share the page. */
export function pageKey(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** The fingerprinted scripts and styles the shell loads, read from its HTML. */
export function shellAssetUrls(html: string): string[] {
  const urls = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
  return [...new Set(urls)];
}

export interface CachedImage {
  url: string;
  cachedAt: number;
}

export function isStale(cachedAt: number, now: number, staleMs = STALE_IMAGE_MS): boolean {
  return !Number.isFinite(cachedAt) || now - cachedAt >= staleMs;
}

/** Images to delete: the stale ones, then the oldest beyond the entry limit. */
export function imagesToDrop(
  images: readonly CachedImage[],
  now: number,
  limits: { maxEntries: number; staleMs: number } = {
    maxEntries: WORKER_IMAGE_ENTRIES,
    staleMs: STALE_IMAGE_MS,
  },
): string[] {
  const stale = images.filter((image) => isStale(image.cachedAt, now, limits.staleMs));
  const fresh = images
    .filter((image) => !isStale(image.cachedAt, now, limits.staleMs))
    .sort((a, b) => a.cachedAt - b.cachedAt);
  const overflow = fresh.slice(0, Math.max(0, fresh.length - limits.maxEntries));
  return [...stale, ...overflow].map((image) => image.url);
}

export type WorkerMessage =
  | { type: 'skipWaiting' }
  | { type: 'cleanImageCache' }
  | { type: 'prefetchImages'; urls: string[] };

/** Accepts `'skipWaiting'` or `{ type: 'skipWaiting' }` alike; anything else is ignored. */
export function parseWorkerMessage(data: unknown): WorkerMessage | null {
  const type = typeof data === 'string' ? data : (data as { type?: unknown } | null)?.type;
  if (type === 'skipWaiting' || type === 'cleanImageCache') return { type };
  if (type === 'prefetchImages') {
    const urls = (data as { urls?: unknown }).urls;
    return {
      type,
      urls: Array.isArray(urls) ? urls.filter((url): url is string => typeof url === 'string') : [],
    };
  }
  return null;
}
