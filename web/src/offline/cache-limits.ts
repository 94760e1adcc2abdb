// The image cache and offline worker numbers of spec section 9, in one place for the page and the worker.

/** The in-memory image cache's defaults. */
export const MEMORY_IMAGE_CACHE = { maxEntries: 100, ttlMs: 30 * 60_000 } as const;
/** The configured cache: kept in session storage so a reload still knows what is loaded. */
export const SESSION_IMAGE_CACHE = { maxEntries: 200, ttlMs: 60 * 60_000 } as const;
/** Session storage key of the configured cache's index (spec 3 "image cache index"). */
export const IMAGE_CACHE_INDEX_KEY = 'image_cache_index';
/** An image from another host that has not loaded by then counts as failed. */
export const CROSS_HOST_TIMEOUT_MS = 5_000;
/** Preloads run this many at a time. */
export const PRELOAD_CONCURRENCY = 5;
/** A failed image is not asked for again before this. */
export const ERROR_RETRY_MS = 60_000;
/** Lazy images start loading this far before they scroll into view. */
export const LAZY_ROOT_MARGIN = '100px';
/** The offline worker drops cached images older than this (604800000 ms). */
export const STALE_IMAGE_MS = 7 * 24 * 60 * 60_000;
/** The offline worker keeps at most this many images. */
export const WORKER_IMAGE_ENTRIES = SESSION_IMAGE_CACHE.maxEntries;
/** How often an open page asks whether a new offline worker exists. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60_000;
/** Session storage key remembering "Later" on the update notice (spec 3). */
export const UPDATE_DISMISSED_KEY = 'sw_update_dismissed';
/** Background sync tag that cleans the image cache when the browser next has a moment. */
export const CLEAN_IMAGE_CACHE_TAG = 'clean-image-cache';
