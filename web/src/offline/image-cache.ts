// Which images this page has already loaded (or failed to), so grids (history, community) show a picture at
// once on a second visit, load the ones coming into view a few at a time and do not hammer a broken link.
// Spec 9: in memory 100 entries for 30 minutes; the configured tier keeps 200 for an hour in session storage
// (so a reload still knows); images from another host time out after 5 s; loads run 5 at a time; an image
// that failed is not asked for again before 60 s. Entries are pending, loaded or error. The key is the full
// URL, signature query included. The bytes themselves stay in the browser's own caches (and the offline
// worker's, which drops them after 7 days): this index only decides what to show and when to ask.
// Past 300 lines as one module: the tiers, the load queue and the timers share one state (tested beside it).
import {
  CROSS_HOST_TIMEOUT_MS,
  ERROR_RETRY_MS,
  IMAGE_CACHE_INDEX_KEY,
  MEMORY_IMAGE_CACHE,
  PRELOAD_CONCURRENCY,
  SESSION_IMAGE_CACHE,
} from './cache-limits.ts';

export type ImageState = 'pending' | 'loaded' | 'error';

/** A settled entry: when it loaded or failed. */
interface Entry {
  state: 'loaded' | 'error';
  at: number;
}

type IndexStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface TierLimits {
  maxEntries: number;
  ttlMs: number;
}

export interface ImageCacheOptions extends TierLimits {
  /** The second tier, whose index survives a reload (spec: session storage, 200 entries, 1 hour). */
  session?: (TierLimits & { storage: IndexStorage | null; storageKey?: string }) | null;
  now?: () => number;
  /** Loads one image; `timeoutMs` is set for images from another host. */
  loadImage?: (url: string, timeoutMs: number | undefined) => Promise<void>;
  /** The page's origin, to tell other hosts' images apart. */
  origin?: string;
  /** How many loads run at once; the rest wait their turn. */
  concurrency?: number;
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

/** One tier: a least-recently-used index with a size limit and an expiry, optionally kept in storage. */
class Tier {
  /** Insertion order is recency: the first entry is the least recently used. */
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly limits: TierLimits,
    private readonly now: () => number,
    private readonly storage: IndexStorage | null = null,
    private readonly storageKey = IMAGE_CACHE_INDEX_KEY,
  ) {
    this.restore();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live entry for `url` (none once expired, or once a failure is 60 s old); `touch` marks it used. */
  get(url: string, touch: boolean): Entry | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    if (!isLive(entry, this.now(), this.limits.ttlMs)) {
      if (touch) this.delete(url);
      return undefined;
    }
    if (touch) {
      this.entries.delete(url);
      this.entries.set(url, entry);
    }
    return entry;
  }

  set(url: string, entry: Entry): void {
    this.entries.delete(url);
    this.entries.set(url, entry);
    while (this.entries.size > this.limits.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.persist();
  }

  delete(url: string): void {
    if (this.entries.delete(url)) this.persist();
  }

  clear(): void {
    this.entries.clear();
    this.persist();
  }

  private restore(): void {
    if (!this.storage) return;
    try {
      const saved = JSON.parse(this.storage.getItem(this.storageKey) ?? '[]') as [string, Entry][];
      const now = this.now();
      for (const [url, entry] of saved.slice(-this.limits.maxEntries)) {
        const valid =
          typeof url === 'string' &&
          (entry?.state === 'loaded' || entry?.state === 'error') &&
          typeof entry.at === 'number';
        if (valid && isLive(entry, now, this.limits.ttlMs)) this.entries.set(url, entry);
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
      // Storage full or blocked: the in-memory tier still works for this page.
    }
  }
}

function isLive(entry: Entry, now: number, ttlMs: number): boolean {
  const age = now - entry.at;
  return age >= 0 && age < ttlMs && !(entry.state === 'error' && age >= ERROR_RETRY_MS);
}

export class ImageCache {
  private readonly memory: Tier;
  private readonly session: Tier | null;
  private readonly inFlight = new Map<string, Promise<boolean>>();
  /** Loads waiting for a free lane, in order; an urgent one goes first. */
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly loadImage: (url: string, timeoutMs: number | undefined) => Promise<void>;
  private readonly origin: string;
  private readonly concurrency: number;

  constructor(options: ImageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.memory = new Tier(options, this.now);
    this.session = options.session
      ? new Tier(options.session, this.now, options.session.storage, options.session.storageKey)
      : null;
    this.loadImage = options.loadImage ?? loadImageElement;
    this.origin = options.origin ?? (typeof location === 'undefined' ? 'http://localhost' : location.origin);
    this.concurrency = options.concurrency ?? PRELOAD_CONCURRENCY;
  }

  /** Entries in the in-memory tier. */
  get size(): number {
    return this.memory.size;
  }

  /** Entries in the session-storage tier. */
  get sessionSize(): number {
    return this.session?.size ?? 0;
  }

  /** Loads running now (at most 5). */
  get activeLoads(): number {
    return this.running;
  }

  /** What is known about an image, without marking it used: nothing means "not asked for yet". */
  peek(url: string): ImageState | undefined {
    if (this.inFlight.has(url)) return 'pending';
    return (this.memory.get(url, false) ?? this.session?.get(url, false))?.state;
  }

  /** Like `peek`, and marks the image as recently used (an entry from session storage comes into memory). */
  state(url: string): ImageState | undefined {
    if (this.inFlight.has(url)) return 'pending';
    const inMemory = this.memory.get(url, true);
    if (inMemory) return inMemory.state;
    const saved = this.session?.get(url, true);
    if (!saved) return undefined;
    this.memory.set(url, saved);
    return saved.state;
  }

  /** When a failed image may be asked for again (epoch ms), or undefined when it has not failed. */
  retryAt(url: string): number | undefined {
    const entry = this.memory.get(url, false) ?? this.session?.get(url, false);
    return entry?.state === 'error' ? entry.at + ERROR_RETRY_MS : undefined;
  }

  /**
   * Loads an image once, however many callers ask at the same time; true when it loaded. A known image
   * answers at once; a failed one answers false until its 60 s are up. `urgent` (the picture a page is
   * about) jumps the queue of lazy images.
   */
  load(url: string, options: { urgent?: boolean } = {}): Promise<boolean> {
    const known = this.state(url);
    if (known === 'loaded' || known === 'error') return Promise.resolve(known === 'loaded');
    const running = this.inFlight.get(url);
    if (running) return running;
    const timeout = isCrossHost(url, this.origin) ? CROSS_HOST_TIMEOUT_MS : undefined;
    const done = this.lane(options.urgent === true)
      .then(() => this.loadImage(url, timeout))
      .then(
        () => true,
        () => false,
      )
      .then((loaded) => {
        this.release();
        this.inFlight.delete(url);
        this.remember(url, loaded ? 'loaded' : 'error');
        return loaded;
      });
    this.inFlight.set(url, done);
    this.notify();
    return done;
  }

  /** Loads images ahead of need, at most 5 at a time, and reports which loaded. */
  async preload(urls: readonly string[]): Promise<{ loaded: string[]; failed: string[] }> {
    const unique = [...new Set(urls)];
    const results = await Promise.all(unique.map((url) => this.load(url)));
    return {
      loaded: unique.filter((_, i) => results[i]),
      failed: unique.filter((_, i) => !results[i]),
    };
  }

  /** Records that an image known as loaded failed after all (say a signed link that has expired). */
  fail(url: string): void {
    if (!this.inFlight.has(url)) this.remember(url, 'error');
  }

  /** Tells `listener` whenever an image's state changes; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  delete(url: string): void {
    this.memory.delete(url);
    this.session?.delete(url);
    this.notify();
  }

  clear(): void {
    this.memory.clear();
    this.session?.clear();
    this.notify();
  }

  private lane(urgent: boolean): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const start = () => {
        this.running++;
        resolve();
      };
      if (urgent) this.waiting.unshift(start);
      else this.waiting.push(start);
    });
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.();
  }

  private remember(url: string, state: Entry['state']): void {
    const entry = { state, at: this.now() };
    this.memory.set(url, entry);
    this.session?.set(url, entry);
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** A cache with the spec's in-memory defaults (100 entries, 30 minutes), overridable for tests. */
export function createImageCache(options: Partial<ImageCacheOptions> = {}): ImageCache {
  return new ImageCache({ ...MEMORY_IMAGE_CACHE, ...options });
}

let pageCache: ImageCache | undefined;

/**
 * The page-wide cache: 100 entries for 30 minutes in memory, over the configured tier of 200 entries for
 * an hour whose index lives in session storage.
 */
export function imageCache(): ImageCache {
  if (!pageCache) {
    let storage: IndexStorage | null = null;
    try {
      storage = window.sessionStorage;
    } catch {
      // Storage blocked: memory only.
    }
    pageCache = createImageCache({ session: { ...SESSION_IMAGE_CACHE, storage } });
  }
  return pageCache;
}
