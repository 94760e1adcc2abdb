import { describe, expect, it } from 'vitest';
import {
  CROSS_HOST_TIMEOUT_MS,
  ERROR_RETRY_MS,
  IMAGE_CACHE_INDEX_KEY,
  MEMORY_IMAGE_CACHE,
  PRELOAD_CONCURRENCY,
  SESSION_IMAGE_CACHE,
  STALE_IMAGE_MS,
} from './cache-limits.ts';
import { createImageCache, isCrossHost } from './image-cache.ts';

const ORIGIN = 'https://pictura.example';

/** A loader whose images load or fail on command, recording what it was asked. */
function fakeLoader(fails: (url: string) => boolean = () => false) {
  const calls: { url: string; timeoutMs: number | undefined }[] = [];
  let active = 0;
  let peak = 0;
  const loadImage = async (url: string, timeoutMs: number | undefined) => {
    calls.push({ url, timeoutMs });
    active++;
    peak = Math.max(peak, active);
    await new Promise((resolve) => setTimeout(resolve, 1));
    active--;
    if (fails(url)) throw new Error('broken');
  };
  return { loadImage, calls, peak: () => peak };
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

describe('image cache limits (spec 9)', () => {
  it('are the spec numbers', () => {
    expect(MEMORY_IMAGE_CACHE).toEqual({ maxEntries: 100, ttlMs: 1_800_000 });
    expect(SESSION_IMAGE_CACHE).toEqual({ maxEntries: 200, ttlMs: 3_600_000 });
    expect(CROSS_HOST_TIMEOUT_MS).toBe(5000);
    expect(PRELOAD_CONCURRENCY).toBe(5);
    expect(ERROR_RETRY_MS).toBe(60_000);
    expect(STALE_IMAGE_MS).toBe(604_800_000);
  });
});

describe('ImageCache', () => {
  it('loads an image once, even when asked twice at the same time', async () => {
    const loader = fakeLoader();
    const cache = createImageCache({ loadImage: loader.loadImage, origin: ORIGIN });
    const [a, b] = await Promise.all([cache.load('/files/a.png'), cache.load('/files/a.png')]);
    expect([a, b]).toEqual([true, true]);
    expect(await cache.load('/files/a.png')).toBe(true);
    expect(loader.calls).toHaveLength(1);
    expect(cache.state('/files/a.png')).toBe('loaded');
  });

  it('gives images from another host 5 s, and its own host no timeout', async () => {
    const loader = fakeLoader();
    const cache = createImageCache({ loadImage: loader.loadImage, origin: ORIGIN });
    await cache.load('/files/own.png');
    await cache.load('https://cdn.example.org/other.png');
    expect(loader.calls).toEqual([
      { url: '/files/own.png', timeoutMs: undefined },
      { url: 'https://cdn.example.org/other.png', timeoutMs: 5000 },
    ]);
    expect(isCrossHost(`${ORIGIN}/files/x.png`, ORIGIN)).toBe(false);
  });

  it('forgets the least recently used image beyond 100 entries by default', async () => {
    const loader = fakeLoader();
    const cache = createImageCache({ loadImage: loader.loadImage, origin: ORIGIN });
    await cache.preload(Array.from({ length: 100 }, (_, i) => `/files/${i}.png`));
    expect(cache.state('/files/0.png')).toBe('loaded'); // now the most recently used
    await cache.load('/files/100.png');
    expect(cache.size).toBe(100);
    expect(cache.state('/files/1.png')).toBeUndefined();
    expect(cache.state('/files/0.png')).toBe('loaded');
  });

  it('expires entries after 30 minutes by default', async () => {
    let now = 1_000_000;
    const cache = createImageCache({ loadImage: fakeLoader().loadImage, origin: ORIGIN, now: () => now });
    await cache.load('/files/a.png');
    now += 30 * 60_000 - 1;
    expect(cache.state('/files/a.png')).toBe('loaded');
    now += 1;
    expect(cache.state('/files/a.png')).toBeUndefined();
  });

  it('does not ask for a failed image again within 60 s', async () => {
    let now = 5_000_000;
    const loader = fakeLoader((url) => url.includes('broken'));
    const cache = createImageCache({ loadImage: loader.loadImage, origin: ORIGIN, now: () => now });
    expect(await cache.load('/files/broken.png')).toBe(false);
    now += 59_999;
    expect(await cache.load('/files/broken.png')).toBe(false);
    expect(loader.calls).toHaveLength(1);
    now += 1;
    expect(await cache.load('/files/broken.png')).toBe(false);
    expect(loader.calls).toHaveLength(2);
  });

  it('preloads at most 5 at a time and reports what loaded', async () => {
    const loader = fakeLoader((url) => url.endsWith('7.png'));
    const cache = createImageCache({ loadImage: loader.loadImage, origin: ORIGIN });
    const urls = Array.from({ length: 12 }, (_, i) => `/files/${i}.png`);
    const result = await cache.preload(urls);
    expect(loader.peak()).toBe(5);
    expect(result.failed).toEqual(['/files/7.png']);
    expect(result.loaded).toHaveLength(11);
  });

  it('keeps the configured cache (200 entries, 1 hour) in session storage across a reload', async () => {
    let now = 10_000_000;
    const storage = memoryStorage();
    const options = { ...SESSION_IMAGE_CACHE, storage, origin: ORIGIN, now: () => now };
    const first = createImageCache({ ...options, loadImage: fakeLoader().loadImage });
    await first.preload(Array.from({ length: 201 }, (_, i) => `/files/${i}.png`));
    expect(first.size).toBe(200);
    expect(JSON.parse(storage.data.get(IMAGE_CACHE_INDEX_KEY)!)).toHaveLength(200);

    const loader = fakeLoader();
    const reloaded = createImageCache({ ...options, loadImage: loader.loadImage });
    expect(reloaded.size).toBe(200);
    expect(await reloaded.load('/files/200.png')).toBe(true);
    expect(loader.calls).toHaveLength(0);

    now += 60 * 60_000;
    const later = createImageCache({ ...options, loadImage: loader.loadImage });
    expect(later.size).toBe(0);
  });

  it('survives a damaged or unavailable storage', async () => {
    const storage = memoryStorage();
    storage.data.set(IMAGE_CACHE_INDEX_KEY, '{not json');
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {},
    };
    for (const store of [storage, broken]) {
      const cache = createImageCache({ storage: store, loadImage: fakeLoader().loadImage, origin: ORIGIN });
      expect(await cache.load('/files/a.png')).toBe(true);
      expect(cache.state('/files/a.png')).toBe('loaded');
    }
  });
});
