import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { BrowserRouter, matchRoutes, type RouteObject, useRoutes } from 'react-router-dom';
import { RequireAdmin, RequireSignIn } from './auth/route-guards.tsx';
import { AppShell } from './components/app-shell.tsx';
import { HydrationProvider } from './components/hydration.tsx';
import { SecurityCheckDialog } from './components/security-check-dialog.tsx';
import { primeSiteContent } from './content/load-content.ts';
import { isLocale } from './i18n/locale.ts';
import { LocaleGate, LocaleRedirect } from './i18n/locale-routing.tsx';
import type { PagePath } from './page-paths.ts';
import { HomePage } from './pages/home/home-page.tsx';

type Guard = ComponentType<{ children: ReactNode }>;

type PageModule = { default: ComponentType };

interface PageHandle {
  preload: () => Promise<unknown>;
  /** The page shows the site's long texts (content/texts), fetched with its code. */
  siteContent?: boolean;
}

/**
 * A route whose page is its own chunk, fetched on first visit (only the home page ships in the main
 * bundle), optionally behind a guard of spec 4 (sign-in or admin). Until the chunk is in, the shell's
 * Suspense boundary keeps the page that was showing (navigations are transitions); `preload` fetches it
 * ahead, and once loaded the page renders without suspending at all.
 */
function lazyPage(
  path: PagePath | '*',
  load: () => Promise<PageModule>,
  Guard?: Guard,
  options: { siteContent?: boolean } = {},
): RouteObject {
  let Loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  return {
    path,
    handle: { preload, ...options } satisfies PageHandle,
    element: Guard ? (
      <Guard>
        <Page />
      </Guard>
    ) : (
      <Page />
    ),
  };
}

const withContent = { siteContent: true };

// Every page lives under /{locale}/ (spec 2), with the access of spec sections 2 and 6. A new page's path
// goes into page-paths.ts too: the gateway answers 404 for any path not listed there.
const routes: RouteObject[] = [
  {
    path: '/:locale',
    element: <LocaleGate />,
    children: [
      {
        element: <AppShell />,
        children: [
          { index: true, element: <HomePage /> },
          lazyPage('upscaler', () => import('./pages/upscaler/upscaler-page.tsx')),
          lazyPage('features', () => import('./pages/features/features-page.tsx')),
          lazyPage('examples', () => import('./pages/examples/examples-page.tsx')),
          lazyPage('faq', () => import('./pages/faq/faq-page.tsx')),
          lazyPage('privacy', () => import('./pages/legal/privacy-page.tsx'), undefined, withContent),
          lazyPage('terms', () => import('./pages/legal/terms-page.tsx'), undefined, withContent),
          lazyPage('cookies', () => import('./pages/legal/cookies-page.tsx'), undefined, withContent),
          lazyPage('about', () => import('./pages/about/about-page.tsx'), undefined, withContent),
          lazyPage('contact', () => import('./pages/contact/contact-page.tsx')),
          lazyPage('blog', () => import('./pages/blog/blog-page.tsx'), undefined, withContent),
          lazyPage('blog/:slug', () => import('./pages/blog/blog-post-page.tsx'), undefined, withContent),
          lazyPage('login', () => import('./pages/login/login-page.tsx')),
          lazyPage('register', () => import('./pages/register/register-page.tsx')),
          lazyPage('forgot-password', () => import('./pages/forgot-password/forgot-password-page.tsx')),
          lazyPage('reset-password', () => import('./pages/reset-password/reset-password-page.tsx')),
          lazyPage('verify-email', () => import('./pages/verify-email/verify-email-page.tsx')),
          lazyPage('pricing', () => import('./pages/pricing/pricing-page.tsx')),
          // Always allowed (spec 4); the success page verifies the return and needs a session for the details.
          lazyPage('payment/success', () => import('./pages/payment/payment-success-page.tsx')),
          lazyPage('payment/cancel', () => import('./pages/payment/payment-cancel-page.tsx')),
          lazyPage('subscription/success', () => import('./pages/payment/subscription-success-page.tsx')),
          lazyPage('history', () => import('./pages/history/history-page.tsx'), RequireSignIn),
          lazyPage('community', () => import('./pages/community/community-page.tsx')),
          lazyPage('community/post/:id', () => import('./pages/community/post-page.tsx')),
          lazyPage('user/posts', () => import('./pages/user-posts/user-posts-page.tsx'), RequireSignIn),
          lazyPage('settings', () => import('./pages/settings/settings-page.tsx'), RequireSignIn),
          lazyPage('chat', () => import('./pages/chat/chat-page.tsx'), RequireSignIn),
          lazyPage('admin', () => import('./pages/admin/admin-dashboard-page.tsx'), RequireAdmin),
          lazyPage('admin/users', () => import('./pages/admin/admin-users-page.tsx'), RequireAdmin),
          lazyPage('admin/reports', () => import('./pages/admin/admin-reports-page.tsx'), RequireAdmin),
          lazyPage(
            'admin/community-stats',
            () => import('./pages/admin/admin-community-stats-page.tsx'),
            RequireAdmin,
          ),
          lazyPage('admin/content', () => import('./pages/admin/admin-content-page.tsx'), RequireAdmin),
          lazyPage('admin/models', () => import('./pages/admin/admin-models-page.tsx'), RequireAdmin),
          lazyPage('admin/settings', () => import('./pages/admin/admin-settings-page.tsx'), RequireAdmin),
          lazyPage('admin/support', () => import('./pages/admin/admin-support-page.tsx'), RequireAdmin),
          lazyPage('admin/audit', () => import('./pages/admin/admin-audit-page.tsx'), RequireAdmin),
          lazyPage('oauth-callback', () => import('./pages/oauth-callback/oauth-callback-page.tsx')),
          lazyPage('auth/callback', () => import('./pages/oauth-callback/oauth-callback-page.tsx')),
          lazyPage('*', () => import('./pages/not-found/not-found-page.tsx')),
        ],
      },
    ],
  },
  { path: '*', element: <LocaleRedirect /> },
];

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * Fetches the page chunk the address needs (and the long texts it shows), so the first render has the
 * whole page at once, as the pre-rendered page does. What fails here is fetched again when the page
 * renders, and failing then shows the shell's page error.
 */
export async function preloadPageFor(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const locale = matches[0]?.params.locale;
  await Promise.all(
    matches.map((match) => {
      const handle = match.route.handle as PageHandle | undefined;
      return Promise.all([
        handle?.preload(),
        handle?.siteContent && isLocale(locale) ? primeSiteContent(queryClient, locale) : undefined,
      ]).catch(() => undefined);
    }),
  );
}

/** The routes alone, for a router of the caller's (the build-time pre-renderer uses a static one). */
export function Pages() {
  return useRoutes(routes);
}

/** The app in the browser; `hydrating` when it takes over a pre-rendered page (main.tsx). */
export function App({ hydrating }: { hydrating: boolean }) {
  return (
    <HydrationProvider hydrating={hydrating}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Pages />
        </BrowserRouter>
        <SecurityCheckDialog />
      </QueryClientProvider>
    </HydrationProvider>
  );
}
