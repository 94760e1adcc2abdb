// The origin written into canonical links, alternates, social cards and the sitemap at build time. The
// gateway swaps it for its own PUBLIC_URL when it serves these files (prerender-manifest.json lists them).
export const BUILD_ORIGIN = (process.env.PUBLIC_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
