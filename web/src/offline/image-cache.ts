// Which images this page has already loaded (or failed to), so grids (history, community) can show a
// picture at once, preload the next ones a few at a time and not hammer a broken link. Spec 9: in memory
// 100 entries for 30 minutes by default; the configured cache keeps 200 for an hour in session storage.
import {
  CROSS_HOST_TIMEOUT_MS,
  ERROR_RETRY_MS,
  IMAGE_CACHE_INDEX_KEY,
  MEMORY_IMAGE_CACHE,
  PRELOAD_CONCURRENCY,
  SESSION_IMAGE_CACHE,
} from './cache-limits.ts';

export type ImageState = 'loaded' | 'failed';

interface Entry {
  state: ImageState;
  at: number;
}

type IndexStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface ImageCacheOptions {
  maxEntries: number;
  ttlMs: number;
  /** Where the index survives a reload; none keeps it in memory only. */
  storage?: IndexStorage | null;
  storageKey?: string;
  now?: () => number;
  /** Loads one image; `timeoutMs` is set for images from another host. */
  loadImage?: (url: string, timeoutMs: number | undefined) => Promise<void>;
  /** The page's origin, to tell other hosts' images apart. */
  origin?: string;
}

/** Resolves when the browser has the image decoded; rejects on error or after `timeoutMs`. */
export function loadImageElement(url: string, timeoutMs: number | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (error?: Error) => {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      if (error) reject(error);
      else resolve();
    };
    image.onload = () => settle();
    image.onerror = () => settle(new Error(`image failed to load: ${url}`));
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        image.src = '';
        settle(new Error(`image timed out after ${timeoutMs} ms: ${url}`));
      }, timeoutMs);
    }
    image.decoding = 'async';
    image.src = url;
  });
}

export function isCrossHost(url: string, origin: string): boolean {
  try {
    return new URL(url, origin).host !== new URL(origin).host;
  } catch {
    return true;
  }
}

export class ImageCache {
  /** Insertion order is recency: the first entry is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<boolean>>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly storage: IndexStorage | null;
  private readonly storageKey: string;
  private readonly now: () => number;
  private readonly loadImage: (url: string, timeoutMs: number | undefined) => Promise<void>;
  private readonly origin: string;

  constructor(options: ImageCacheOptions) {
    this.maxEntries = options.maxEntries;
    this.ttlMs = options.ttlMs;
    this.storage = options.storage ?? null;
    this.storageKey = options.storageKey ?? IMAGE_CACHE_INDEX_KEY;
    this.now = options.now ?? Date.now;
    this.loadImage = options.loadImage ?? loadImageElement;
    this.origin = options.origin ?? (typeof location === 'undefined' ? 'http://localhost' : location.origin);
    this.restore();
  }

  get size(): number {
    return this.entries.size;
  }

  /** What is known about an image: loaded, failed within the last minute, or nothing (load it). */
  state(url: string): ImageState | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    const age = this.now() - entry.at;
    if (age >= this.ttlMs || (entry.state === 'failed' && age >= ERROR_RETRY_MS)) {
      this.entries.delete(url);
      this.persist();
      return undefined;
    }
    this.entries.delete(url);
    this.entries.set(url, entry);
    return entry.state;
  }

  /** Loads an image once, however many callers ask at the same time; true when it loaded. */
  load(url: string): Promise<boolean> {
    const known = this.state(url);
    if (known) return Promise.resolve(known === 'loaded');
    const running = this.inFlight.get(url);
    if (running) return running;
    const timeout = isCrossHost(url, this.origin) ? CROSS_HOST_TIMEOUT_MS : undefined;
    const attempt = this.loadImage(url, timeout).then(
      () => true,
      () => false,
    );
    const done = attempt.then((loaded) => {
      this.inFlight.delete(url);
      this.remember(url, loaded ? 'loaded' : 'failed');
      return loaded;
    });
    this.inFlight.set(url, done);
    return done;
  }

  /** Loads images in order, at most `concurrency` at a time. */
  async preload(
    urls: readonly string[],
    concurrency = PRELOAD_CONCURRENCY,
  ): Promise<{ loaded: string[]; failed: string[] }> {
    const queue = [...new Set(urls)];
    const loaded: string[] = [];
    const failed: string[] = [];
    const lane = async () => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        ((await this.load(url)) ? loaded : failed).push(url);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, lane));
    return { loaded, failed };
  }

  delete(url: string): void {
    if (this.entries.delete(url)) this.persist();
  }

  clear(): void {
    this.entries.clear();
    this.persist();
  }

  private remember(url: string, state: ImageState): void {
    this.entries.delete(url);
    this.entries.set(url, { state, at: this.now() });
    while (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.persist();
  }

  private restore(): void {
    if (!this.storage) return;
    try {
      const saved = JSON.parse(this.storage.getItem(this.storageKey) ?? '[]') as [string, Entry][];
      const now = this.now();
      for (const [url, entry] of saved.slice(-this.maxEntries)) {
        if (typeof url === 'string' && now - entry.at < this.ttlMs) this.entries.set(url, entry);
      }
    } catch {
      // A damaged index is just forgotten.
    }
  }

  private persist(): void {
    if (!this.storage) return;
    try {
      if (this.entries.size === 0) this.storage.removeItem(this.storageKey);
      else this.storage.setItem(this.storageKey, JSON.stringify([...this.entries]));
    } catch {
      // Storage full or blocked: the in-memory index still works for this page.
    }
  }
}

export function createImageCache(options: Partial<ImageCacheOptions> = {}): ImageCache {
  return new ImageCache({ ...MEMORY_IMAGE_CACHE, ...options });
}

let memoryCache: ImageCache | undefined;
let sessionCache: ImageCache | undefined;

/** The page-wide in-memory cache (100 entries, 30 minutes). */
export function memoryImageCache(): ImageCache {
  memoryCache ??= createImageCache();
  return memoryCache;
}

/** The configured cache (200 entries, 1 hour) whose index lives in session storage. */
export function sessionImageCache(): ImageCache {
  if (!sessionCache) {
    let storage: IndexStorage | null = null;
    try {
      storage = window.sessionStorage;
    } catch {
      // Storage blocked: fall back to memory only.
    }
    sessionCache = createImageCache({ ...SESSION_IMAGE_CACHE, storage });
  }
  return sessionCache;
}
