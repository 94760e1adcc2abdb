// The pages under /{locale}/ (spec 2) in react-router's path syntax ('' is the locale's home). app.tsx routes
// exactly these, and the build writes them to dist/route-manifest.json, from which the gateway answers any
// other address with 404 and the app's not-found page.
import english from './content/texts/en.ts';

export const PAGE_PATHS = [
  '',
  'upscaler',
  'features',
  'examples',
  'faq',
  'privacy',
  'terms',
  'cookies',
  'about',
  'contact',
  'blog',
  'blog/:slug',
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'verify-email',
  'pricing',
  'payment/success',
  'payment/cancel',
  'subscription/success',
  'history',
  'community',
  'community/post/:id',
  'user/posts',
  'settings',
  'chat',
  'admin',
  'admin/users',
  'admin/reports',
  'admin/community-stats',
  'admin/content',
  'admin/models',
  'admin/settings',
  'admin/support',
  'admin/audit',
  'oauth-callback',
  'auth/callback',
] as const;

/** A page with its own route (the home page is the locale's index route). */
export type PagePath = Exclude<(typeof PAGE_PATHS)[number], ''>;

/**
 * The values a page's parameter can take where the app knows them all: a blog post's slug (every locale has
 * English's posts, content.test.ts). Any other value shows the not-found page, so the gateway answers 404.
 */
export const PAGE_PARAMS: Partial<Record<PagePath, readonly string[]>> = {
  'blog/:slug': english.blog.map((post) => post.slug),
};
