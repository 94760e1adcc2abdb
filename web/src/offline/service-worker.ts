// The offline worker, bundled on its own to dist/sw.js (web/scripts/build-service-worker.ts) and registered
// as /sw.js?v={version}. It keeps the app shell and images so the site opens and shows pictures offline.
import { CLEAN_IMAGE_CACHE_TAG, PRELOAD_CONCURRENCY, WORKER_IMAGE_ENTRIES } from './cache-limits.ts';
import {
  CACHED_AT_HEADER,
  type CachedImage,
  IMAGES_CACHE,
  imagesToDrop,
  isStale,
  MAX_CACHED_PAGES,
  PAGES_CACHE,
  pageKey,
  parseWorkerMessage,
  SHELL_CACHE_PREFIX,
  SHELL_STATIC_FILES,
  SHELL_URL,
  shellAssetUrls,
  shellCacheName,
  strategyFor,
  type WorkerMessage,
} from './worker-policy.ts';

// The app is type-checked against the DOM library; these are the few worker types it lacks.
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
  ports: readonly MessagePort[];
  source: { postMessage(message: unknown): void } | null;
}
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
}

const worker = globalThis as unknown as WorkerScope;
const origin = worker.location.origin;
const version = new URL(worker.location.href).searchParams.get('v') ?? 'unversioned';
const SHELL_CACHE = shellCacheName(version);

async function precacheShell(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  const response = await fetch(SHELL_URL, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`shell: HTTP ${response.status}`);
  const html = await response.clone().text();
  await cache.put(SHELL_URL, response);
  await cache.addAll([...shellAssetUrls(html), ...SHELL_STATIC_FILES]);
}

async function dropOldShells(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE)
      .map((name) => caches.delete(name)),
  );
}

/** Deletes the oldest entries of a cache beyond `max` (a cache lists its keys in insertion order). */
async function trim(cache: Cache, max: number): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

async function navigation(request: Request): Promise<Response> {
  const key = pageKey(request.url);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      const pages = await caches.open(PAGES_CACHE);
      await pages.delete(key); // re-inserted last, so trimming drops the least recently visited
      await pages.put(key, response.clone());
      await trim(pages, MAX_CACHED_PAGES);
    }
    return response;
  } catch {
    const cached =
      (await caches.match(key, { cacheName: PAGES_CACHE })) ??
      (await caches.match(SHELL_URL, { cacheName: SHELL_CACHE }));
    return cached ?? new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain' } });
  }
}

async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

function cachedAt(response: Response): number {
  return Number(response.headers.get(CACHED_AT_HEADER));
}

/** Fetches an image and stores a copy stamped with the time; returns the network response. */
async function fetchAndStoreImage(url: string, request: Request | string = url): Promise<Response> {
  const response = await fetch(request);
  // Only whole same-origin successes: a range (206) or an error page must not stand in for the image.
  if (response.status === 200 && response.type === 'basic') {
    const headers = new Headers(response.headers);
    headers.set(CACHED_AT_HEADER, String(Date.now()));
    const copy = new Response(await response.clone().blob(), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
    const cache = await caches.open(IMAGES_CACHE);
    await cache.put(url, copy);
    await trim(cache, WORKER_IMAGE_ENTRIES);
  }
  return response;
}

async function image(request: Request): Promise<Response> {
  const cache = await caches.open(IMAGES_CACHE);
  const cached = await cache.match(request.url);
  if (cached && !isStale(cachedAt(cached), Date.now())) return cached;
  try {
    return await fetchAndStoreImage(request.url, request);
  } catch (error) {
    // Offline: an old copy is better than a broken image.
    if (cached) return cached;
    throw error;
  }
}

async function cleanImageCache(): Promise<number> {
  const cache = await caches.open(IMAGES_CACHE);
  const keys = await cache.keys();
  const images: CachedImage[] = [];
  for (const key of keys) {
    const response = await cache.match(key);
    images.push({ url: key.url, cachedAt: response ? cachedAt(response) : Number.NaN });
  }
  const drop = imagesToDrop(images, Date.now());
  await Promise.all(drop.map((url) => cache.delete(url)));
  return drop.length;
}

async function prefetchImages(urls: readonly string[]): Promise<{ cached: number; failed: number }> {
  const cache = await caches.open(IMAGES_CACHE);
  const queue = [
    ...new Set(urls.map((url) => new URL(url, origin)).filter((url) => url.origin === origin)),
  ].map((url) => url.href);
  let cached = 0;
  let failed = 0;
  const lane = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        const existing = await cache.match(url);
        if (existing && !isStale(cachedAt(existing), Date.now())) {
          cached++;
          continue;
        }
        const response = await fetchAndStoreImage(url);
        if (response.status === 200) cached++;
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PRELOAD_CONCURRENCY, queue.length) }, lane));
  return { cached, failed };
}

async function handle(message: WorkerMessage): Promise<object> {
  switch (message.type) {
    case 'skipWaiting':
      await worker.skipWaiting();
      return { type: message.type, ok: true };
    case 'cleanImageCache':
      return { type: message.type, removed: await cleanImageCache() };
    case 'prefetchImages':
      return { type: message.type, ...(await prefetchImages(message.urls)) };
  }
}

worker.addEventListener('install', (event) => event.waitUntil(precacheShell()));

worker.addEventListener('activate', (event) =>
  event.waitUntil(dropOldShells().then(() => worker.clients.claim())),
);

worker.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, origin);
  if (strategy === 'navigation') event.respondWith(navigation(event.request));
  else if (strategy === 'asset') event.respondWith(asset(event.request));
  else if (strategy === 'image') event.respondWith(image(event.request));
});

worker.addEventListener('message', (event) => {
  const message = parseWorkerMessage(event.data);
  if (!message) return;
  const reply = (answer: object) => (event.ports[0] ?? event.source)?.postMessage(answer);
  event.waitUntil(
    handle(message).then(reply, (error: unknown) =>
      reply({ type: message.type, error: error instanceof Error ? error.message : String(error) }),
    ),
  );
});

worker.addEventListener('sync', (event) => {
  if (event.tag === CLEAN_IMAGE_CACHE_TAG) event.waitUntil(cleanImageCache());
});
