// The image cache against a fake clock: every number of spec 9 is checked at its edge.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CROSS_HOST_TIMEOUT_MS,
  ERROR_RETRY_MS,
  IMAGE_CACHE_INDEX_KEY,
  LAZY_ROOT_MARGIN,
  MEMORY_IMAGE_CACHE,
  PRELOAD_CONCURRENCY,
  SESSION_IMAGE_CACHE,
  STALE_IMAGE_MS,
} from './cache-limits.ts';
import { createImageCache, type ImageCacheOptions, isCrossHost, loadImageElement } from './image-cache.ts';
import { imagesToDrop, isStale } from './worker-policy.ts';

const ORIGIN = 'https://pictura.example';
const MINUTE = 60_000;

/** A loader whose images settle only when the test says so, recording what it was asked. */
function fakeLoader() {
  const calls: { url: string; timeoutMs: number | undefined }[] = [];
  const settle = new Map<string, { load: () => void; fail: () => void }>();
  const loadImage = (url: string, timeoutMs: number | undefined) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ url, timeoutMs });
      settle.set(url, { load: resolve, fail: () => reject(new Error('broken')) });
    });
  return {
    loadImage,
    calls,
    load: (url: string) => settle.get(url)!.load(),
    fail: (url: string) => settle.get(url)!.fail(),
  };
}

/** A loader that answers at once: failing for URLs containing "broken". */
function instantLoader() {
  const calls: string[] = [];
  const loadImage = async (url: string) => {
    calls.push(url);
    if (url.includes('broken')) throw new Error('broken');
  };
  return { loadImage, calls };
}

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

function cacheWith(options: Partial<ImageCacheOptions>) {
  return createImageCache({ origin: ORIGIN, ...options });
}

const urls = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `/files/${from + i}.png`);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-06-01T12:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('image cache numbers (spec 9)', () => {
  it('are the spec numbers', () => {
    expect(MEMORY_IMAGE_CACHE).toEqual({ maxEntries: 100, ttlMs: 1_800_000 });
    expect(SESSION_IMAGE_CACHE).toEqual({ maxEntries: 200, ttlMs: 3_600_000 });
    expect(CROSS_HOST_TIMEOUT_MS).toBe(5000);
    expect(PRELOAD_CONCURRENCY).toBe(5);
    expect(ERROR_RETRY_MS).toBe(60_000);
    expect(LAZY_ROOT_MARGIN).toBe('100px');
    expect(STALE_IMAGE_MS).toBe(604_800_000);
  });
});

describe('image cache states', () => {
  it('is pending while loading, then loaded, and loads an image once however often it is asked', async () => {
    const loader = fakeLoader();
    const cache = cacheWith({ loadImage: loader.loadImage });
    expect(cache.peek('/files/a.png')).toBeUndefined();
    const first = cache.load('/files/a.png');
    const second = cache.load('/files/a.png');
    expect(cache.state('/files/a.png')).toBe('pending');
    await vi.advanceTimersByTimeAsync(0);
    loader.load('/files/a.png');
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(cache.state('/files/a.png')).toBe('loaded');
    expect(await cache.load('/files/a.png')).toBe(true);
    expect(loader.calls).toHaveLength(1);
  });

  it('keys by the full URL, so two signatures of one file are two entries', async () => {
    const loader = instantLoader();
    const cache = cacheWith({ loadImage: loader.loadImage });
    await cache.load('/files/k.png?expires=1&sig=a');
    expect(cache.peek('/files/k.png?expires=1&sig=a')).toBe('loaded');
    expect(cache.peek('/files/k.png?expires=2&sig=b')).toBeUndefined();
  });

  it('tells subscribers when an image changes state', async () => {
    const loader = fakeLoader();
    const cache = cacheWith({ loadImage: loader.loadImage });
    const seen: (string | undefined)[] = [];
    const stop = cache.subscribe(() => seen.push(cache.peek('/files/a.png')));
    const done = cache.load('/files/a.png');
    await vi.advanceTimersByTimeAsync(0);
    loader.fail('/files/a.png');
    await done;
    stop();
    expect(seen).toEqual(['pending', 'error']);
  });
});

describe('in-memory tier: 100 entries, 30 minutes', () => {
  it('forgets the least recently used image when the 101st arrives', async () => {
    const cache = cacheWith({ loadImage: instantLoader().loadImage });
    await cache.preload(urls(100));
    expect(cache.size).toBe(100);
    expect(cache.state('/files/0.png')).toBe('loaded'); // used: now the most recent
    await cache.load('/files/100.png');
    expect(cache.size).toBe(100);
    expect(cache.peek('/files/1.png')).toBeUndefined();
    expect(cache.peek('/files/0.png')).toBe('loaded');
    expect(cache.peek('/files/100.png')).toBe('loaded');
  });

  it('expires an entry at 30 minutes', async () => {
    const loader = instantLoader();
    const cache = cacheWith({ loadImage: loader.loadImage });
    await cache.load('/files/a.png');
    vi.advanceTimersByTime(30 * MINUTE - 1);
    expect(cache.peek('/files/a.png')).toBe('loaded');
    vi.advanceTimersByTime(1);
    expect(cache.peek('/files/a.png')).toBeUndefined();
    await cache.load('/files/a.png');
    expect(loader.calls).toEqual(['/files/a.png', '/files/a.png']);
  });
});

describe('session-storage tier: 200 entries, 1 hour', () => {
  const session = (storage: ReturnType<typeof memoryStorage>) => ({ ...SESSION_IMAGE_CACHE, storage });

  it('keeps 200 entries in session storage, so a reloaded page knows them without asking again', async () => {
    const storage = memoryStorage();
    const first = cacheWith({ loadImage: instantLoader().loadImage, session: session(storage) });
    await first.preload(urls(201));
    expect(first.size).toBe(100);
    expect(first.sessionSize).toBe(200);
    const saved = JSON.parse(storage.data.get(IMAGE_CACHE_INDEX_KEY)!) as [string][];
    expect(saved).toHaveLength(200);
    expect(saved.map(([url]) => url)).not.toContain('/files/0.png');

    const loader = instantLoader();
    const reloaded = cacheWith({ loadImage: loader.loadImage, session: session(storage) });
    expect(reloaded.sessionSize).toBe(200);
    expect(reloaded.peek('/files/1.png')).toBe('loaded');
    expect(await reloaded.load('/files/1.png')).toBe(true);
    expect(reloaded.peek('/files/0.png')).toBeUndefined();
    expect(loader.calls).toEqual([]);
  });

  it('outlives the 30-minute memory tier, and expires at 1 hour', async () => {
    const storage = memoryStorage();
    const loader = instantLoader();
    const cache = cacheWith({ loadImage: loader.loadImage, session: session(storage) });
    await cache.load('/files/a.png');
    vi.advanceTimersByTime(59 * MINUTE);
    expect(cache.state('/files/a.png')).toBe('loaded');
    expect(loader.calls).toHaveLength(1);
    vi.advanceTimersByTime(MINUTE - 1);
    expect(cache.peek('/files/a.png')).toBe('loaded');
    vi.advanceTimersByTime(1);
    expect(cache.peek('/files/a.png')).toBeUndefined();
    expect(cacheWith({ session: session(storage) }).sessionSize).toBe(0);
  });

  it('survives a damaged or blocked storage', async () => {
    const damaged = memoryStorage();
    damaged.data.set(IMAGE_CACHE_INDEX_KEY, '{not json');
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {},
    };
    for (const storage of [damaged, blocked]) {
      const cache = cacheWith({
        loadImage: instantLoader().loadImage,
        session: { ...SESSION_IMAGE_CACHE, storage },
      });
      expect(await cache.load('/files/a.png')).toBe(true);
      expect(cache.peek('/files/a.png')).toBe('loaded');
    }
  });
});

describe('loading', () => {
  it('runs at most 5 loads at a time: the 6th waits for a free lane', async () => {
    const loader = fakeLoader();
    const cache = cacheWith({ loadImage: loader.loadImage });
    const all = cache.preload(urls(6));
    await vi.advanceTimersByTimeAsync(0);
    expect(loader.calls.map((call) => call.url)).toEqual(urls(5));
    expect(cache.activeLoads).toBe(5);
    expect(cache.peek('/files/5.png')).toBe('pending');
    loader.load('/files/2.png');
    await vi.advanceTimersByTimeAsync(0);
    expect(loader.calls.map((call) => call.url)).toEqual(urls(6));
    expect(cache.activeLoads).toBe(5);
    for (const url of ['/files/0.png', '/files/1.png', '/files/3.png', '/files/5.png']) loader.load(url);
    loader.fail('/files/4.png');
    expect(await all).toEqual({
      loaded: ['/files/0.png', '/files/1.png', '/files/2.png', '/files/3.png', '/files/5.png'],
      failed: ['/files/4.png'],
    });
    expect(cache.activeLoads).toBe(0);
  });

  it('lets the picture a page is about jump the queue of lazy ones', async () => {
    const loader = fakeLoader();
    const cache = cacheWith({ loadImage: loader.loadImage });
    void cache.preload(urls(7));
    void cache.load('/files/main.png', { urgent: true });
    await vi.advanceTimersByTimeAsync(0);
    loader.load('/files/0.png');
    await vi.advanceTimersByTimeAsync(0);
    expect(loader.calls.at(-1)?.url).toBe('/files/main.png');
  });

  it('gives images from another host 5 s, and its own host no time limit', async () => {
    const loader = instantLoader();
    const asked: (number | undefined)[] = [];
    const cache = cacheWith({
      loadImage: (url, timeoutMs) => {
        asked.push(timeoutMs);
        return loader.loadImage(url);
      },
    });
    await cache.load('/files/own.png');
    await cache.load(`${ORIGIN}/files/own-absolute.png`);
    await cache.load('https://cdn.example.org/other.png');
    expect(asked).toEqual([undefined, undefined, 5000]);
    expect(isCrossHost('https://cdn.example.org/x.png', ORIGIN)).toBe(true);
  });

  it('counts a cross-host image that has not loaded after 5 s as an error', async () => {
    // An image element that never answers, like a stalled foreign server.
    const images: { src: string }[] = [];
    vi.stubGlobal(
      'Image',
      class {
        src = '';
        decoding = '';
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor() {
          images.push(this);
        }
      },
    );
    const cache = cacheWith({ loadImage: loadImageElement });
    const stalled = cache.load('https://cdn.example.org/slow.png');
    const own = cache.load('/files/slow.png');
    await vi.advanceTimersByTimeAsync(CROSS_HOST_TIMEOUT_MS - 1);
    expect(cache.peek('https://cdn.example.org/slow.png')).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await stalled).toBe(false);
    expect(cache.peek('https://cdn.example.org/slow.png')).toBe('error');
    expect(images[0]!.src).toBe(''); // the request is dropped
    // The page's own images wait as long as the browser does.
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(cache.peek('/files/slow.png')).toBe('pending');
    void own;
  });
});

describe('errors', () => {
  it('are not asked for again before 60 s, and are retried after', async () => {
    const loader = instantLoader();
    const cache = cacheWith({ loadImage: loader.loadImage });
    expect(await cache.load('/files/broken.png')).toBe(false);
    expect(cache.peek('/files/broken.png')).toBe('error');
    expect(cache.retryAt('/files/broken.png')).toBe(Date.now() + ERROR_RETRY_MS);
    vi.advanceTimersByTime(ERROR_RETRY_MS - 1);
    expect(await cache.load('/files/broken.png')).toBe(false);
    expect(loader.calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(cache.peek('/files/broken.png')).toBeUndefined();
    expect(await cache.load('/files/broken.png')).toBe(false);
    expect(loader.calls).toHaveLength(2);
  });

  it('hold across a reload within the minute (session storage)', async () => {
    const storage = memoryStorage();
    const session = { ...SESSION_IMAGE_CACHE, storage };
    await cacheWith({ loadImage: instantLoader().loadImage, session }).load('/files/broken.png');
    vi.advanceTimersByTime(30_000);
    const loader = instantLoader();
    const reloaded = cacheWith({ loadImage: loader.loadImage, session });
    expect(await reloaded.load('/files/broken.png')).toBe(false);
    expect(loader.calls).toEqual([]);
    vi.advanceTimersByTime(30_000);
    await reloaded.load('/files/broken.png');
    expect(loader.calls).toEqual(['/files/broken.png']);
  });

  it('can be recorded for an image that was known as loaded (an expired link)', async () => {
    const cache = cacheWith({ loadImage: instantLoader().loadImage });
    await cache.load('/files/a.png?sig=old');
    cache.fail('/files/a.png?sig=old');
    expect(cache.peek('/files/a.png?sig=old')).toBe('error');
  });
});

describe('stale threshold: 7 days (offline worker)', () => {
  it('keeps an image stored 7 days ago less a millisecond, and drops it at 7 days', () => {
    const cachedAt = Date.now();
    vi.advanceTimersByTime(STALE_IMAGE_MS - 1);
    expect(isStale(cachedAt, Date.now())).toBe(false);
    expect(imagesToDrop([{ url: '/files/a.png', cachedAt }], Date.now())).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(isStale(cachedAt, Date.now())).toBe(true);
    expect(imagesToDrop([{ url: '/files/a.png', cachedAt }], Date.now())).toEqual(['/files/a.png']);
  });
});
