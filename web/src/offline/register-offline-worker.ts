// Registers the offline worker (/sw.js?v={version}), checks for a new one every 4 hours and tells the
// update notice when one is waiting. Refresh hands over to the new worker, then reloads once.
import { CLEAN_IMAGE_CACHE_TAG, UPDATE_CHECK_INTERVAL_MS, UPDATE_DISMISSED_KEY } from './cache-limits.ts';

export function offlineWorkerUrl(version: string = __APP_VERSION__): string {
  return `/sw.js?v=${encodeURIComponent(version)}`;
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

let registering: Promise<ServiceWorkerRegistration | null> | undefined;
let waiting: ServiceWorker | null = null;
let applying = false;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null): void {
  if (waiting === worker) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

/** A worker installed while another controls the page is an update, not the first install. */
function watch(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing);
      if (installing.state === 'redundant' && waiting === installing) setWaiting(null);
    });
  });
}

function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

async function register(url: string, updateIntervalMs: number): Promise<ServiceWorkerRegistration | null> {
  // After load: the first paint and the page's own requests come first.
  await afterLoad();
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await navigator.serviceWorker.register(url, { scope: '/' });
  } catch {
    return null; // e.g. a private window that refuses workers: the site still works online
  }
  // Automation that blocks workers (the build's pre-renderer) answers with nothing at all.
  if (!registration) return null;
  watch(registration);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Only after the visitor chose Refresh; the first install also changes the controller.
    if (applying) {
      applying = false;
      window.location.reload();
    }
  });
  window.setInterval(() => registration.update().catch(() => {}), updateIntervalMs);
  (registration as SyncRegistration).sync?.register(CLEAN_IMAGE_CACHE_TAG).catch(() => {});
  return registration;
}

/**
 * Registers once per page; later calls return the same registration. Null where workers are unavailable
 * (insecure origins, the Vite dev server).
 */
export function registerOfflineWorker(
  options: { url?: string; updateIntervalMs?: number } = {},
): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) {
    return Promise.resolve(null);
  }
  registering ??= register(
    options.url ?? offlineWorkerUrl(),
    options.updateIntervalMs ?? UPDATE_CHECK_INTERVAL_MS,
  );
  return registering;
}

export function subscribeOfflineWorker(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateWaiting(): boolean {
  return waiting !== null;
}

/** Refresh: the waiting worker takes over, and the page reloads when it has. */
export function applyUpdate(): void {
  if (!waiting) return;
  applying = true;
  waiting.postMessage({ type: 'skipWaiting' });
}

export function isUpdateDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(UPDATE_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Later: not asked again in this browser session. */
export function dismissUpdate(): void {
  try {
    window.sessionStorage.setItem(UPDATE_DISMISSED_KEY, 'true');
  } catch {
    // Storage blocked: the notice still hides for this page.
  }
  for (const listener of listeners) listener();
}

/** Sends a message to the worker controlling the page and waits for its answer. */
export async function sendToOfflineWorker<T = unknown>(message: object, timeoutMs = 30_000): Promise<T> {
  const registration = await (registering ?? registerOfflineWorker());
  const target = navigator.serviceWorker?.controller ?? registration?.active;
  if (!target) throw new Error('No offline worker is active');
  const channel = new MessageChannel();
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error('The offline worker did not answer')), timeoutMs);
    channel.port1.onmessage = (event) => {
      window.clearTimeout(timer);
      resolve(event.data as T);
    };
    target.postMessage(message, [channel.port2]);
  });
}

/** Asks the worker to store images for offline use, 5 at a time. */
export function prefetchImages(urls: readonly string[]): Promise<{ cached: number; failed: number }> {
  return sendToOfflineWorker({ type: 'prefetchImages', urls });
}

/** Asks the worker to drop images older than 7 days and the oldest beyond 200. */
export function cleanImageCache(): Promise<{ removed: number }> {
  return sendToOfflineWorker({ type: 'cleanImageCache' });
}
