import { describe, expect, it } from 'vitest';
import { STALE_IMAGE_MS } from './cache-limits.ts';
import { imagesToDrop, pageKey, parseWorkerMessage, shellAssetUrls, strategyFor } from './worker-policy.ts';

const origin = 'https://pictura.example';
const get = (path: string, mode = 'no-cors', destination = '') => ({
  method: 'GET',
  mode,
  url: path.startsWith('http') ? path : `${origin}${path}`,
  destination,
});

describe('offline worker policy', () => {
  it('picks network-first for pages, cache-first for assets and images, and leaves the rest alone', () => {
    expect(strategyFor(get('/en/faq', 'navigate', 'document'), origin)).toBe('navigation');
    expect(strategyFor(get('/assets/index-abc.js', 'cors', 'script'), origin)).toBe('asset');
    expect(strategyFor(get('/files/outputs/a.png', 'no-cors', 'image'), origin)).toBe('image');
    expect(strategyFor(get('/files/outputs/a.png', 'cors', ''), origin)).toBe('image');
    expect(strategyFor(get('/samples/upscale-example.png'), origin)).toBe('image');
    expect(strategyFor(get('/api/jobs/1/events', 'cors'), origin)).toBe('none');
    expect(strategyFor(get('/api/auth/me', 'navigate'), origin)).toBe('none');
    expect(strategyFor({ ...get('/files/a.png'), method: 'POST' }, origin)).toBe('none');
    expect(strategyFor(get('https://cdn.example.org/a.png', 'no-cors', 'image'), origin)).toBe('none');
    expect(strategyFor(get('/manifest.webmanifest', 'cors', 'manifest'), origin)).toBe('none');
  });

  it('keys pages by path so query variants share one entry', () => {
    expect(pageKey(`${origin}/en/upscaler?imageUrl=x#top`)).toBe(`${origin}/en/upscaler`);
  });

  it('reads the shell assets from its HTML', () => {
    const html = `<script type="module" crossorigin src="/assets/index-B7.js"></script>
      <link rel="modulepreload" href="/assets/vendor-C1.js"><link rel="stylesheet" href="/assets/index-IF.css">
      <link rel="icon" href="/favicon.svg"><script src="/assets/index-B7.js"></script>`;
    expect(shellAssetUrls(html)).toEqual([
      '/assets/index-B7.js',
      '/assets/vendor-C1.js',
      '/assets/index-IF.css',
    ]);
  });

  it('drops images older than 7 days, then the oldest beyond 200', () => {
    const now = 10 * STALE_IMAGE_MS;
    const images = Array.from({ length: 203 }, (_, i) => ({
      url: `/files/${i}.png`,
      cachedAt: now - 1000 - i,
    }));
    images.push({ url: '/files/old.png', cachedAt: now - STALE_IMAGE_MS });
    images.push({ url: '/files/no-date.png', cachedAt: Number.NaN });
    expect(imagesToDrop(images, now)).toEqual([
      '/files/old.png',
      '/files/no-date.png',
      '/files/202.png',
      '/files/201.png',
      '/files/200.png',
    ]);
    expect(imagesToDrop(images.slice(0, 5), now)).toEqual([]);
  });

  it('understands the three messages in either form', () => {
    expect(parseWorkerMessage('skipWaiting')).toEqual({ type: 'skipWaiting' });
    expect(parseWorkerMessage({ type: 'cleanImageCache' })).toEqual({ type: 'cleanImageCache' });
    expect(parseWorkerMessage({ type: 'prefetchImages', urls: ['/files/a.png', 3] })).toEqual({
      type: 'prefetchImages',
      urls: ['/files/a.png'],
    });
    expect(parseWorkerMessage('prefetchImages')).toEqual({ type: 'prefetchImages', urls: [] });
    expect(parseWorkerMessage({ type: 'deleteEverything' })).toBeNull();
    expect(parseWorkerMessage(null)).toBeNull();
  });
});
