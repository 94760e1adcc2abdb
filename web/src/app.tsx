import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { AppShell } from './components/app-shell.tsx';
import { LocaleGate, LocaleRedirect } from './i18n/locale-routing.tsx';
import { HomePage } from './pages/home/home-page.tsx';

/** A route whose page is its own chunk, fetched on first visit (only the home page ships in the main bundle). */
function lazyPage(path: string, load: () => Promise<{ default: React.ComponentType }>): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

// Every page lives under /{locale}/ (spec 2). Account pages (history, community, pricing, settings…) come
// with issue 8; until then their paths show the not-found page.
export const router = createBrowserRouter([
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
          lazyPage('privacy', () => import('./pages/legal/privacy-page.tsx')),
          lazyPage('terms', () => import('./pages/legal/terms-page.tsx')),
          lazyPage('cookies', () => import('./pages/legal/cookies-page.tsx')),
          lazyPage('about', () => import('./pages/about/about-page.tsx')),
          lazyPage('contact', () => import('./pages/contact/contact-page.tsx')),
          lazyPage('blog', () => import('./pages/blog/blog-page.tsx')),
          lazyPage('blog/:slug', () => import('./pages/blog/blog-post-page.tsx')),
          lazyPage('login', () => import('./pages/login/login-page.tsx')),
          lazyPage('register', () => import('./pages/register/register-page.tsx')),
          lazyPage('oauth-callback', () => import('./pages/oauth-callback/oauth-callback-page.tsx')),
          lazyPage('auth/callback', () => import('./pages/oauth-callback/oauth-callback-page.tsx')),
          lazyPage('*', () => import('./pages/not-found/not-found-page.tsx')),
        ],
      },
    ],
  },
  { path: '*', element: <LocaleRedirect /> },
]);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
