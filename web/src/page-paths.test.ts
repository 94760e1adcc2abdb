import { describe, expect, it } from 'vitest';
import app from './app.tsx?raw';
import { BLOG_DATES } from './content/content-types.ts';
import { PAGE_PARAMS, PAGE_PATHS } from './page-paths.ts';

describe('the page list the gateway reads', () => {
  // lazyPage's parameter type keeps app.tsx from routing a path the list lacks; this is the other way round.
  it('names every page app.tsx routes, and no other', () => {
    const routed = [...app.matchAll(/lazyPage\(\s*'([^']+)'/g)].map((match) => match[1]);
    expect(app).toMatch(/\{ index: true, element: <HomePage \/> \}/);
    expect(new Set([...routed.filter((path) => path !== '*'), ''])).toEqual(new Set(PAGE_PATHS));
  });

  it('knows every blog post by its slug, so another slug answers 404', () => {
    expect([...(PAGE_PARAMS['blog/:slug'] ?? [])].sort()).toEqual(Object.keys(BLOG_DATES).sort());
  });
});
