import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppShell } from './components/app-shell.tsx';
import { LocaleGate, LocaleRedirect } from './i18n/locale-routing.tsx';
import { HomePage } from './pages/home/home-page.tsx';
import { NotFoundPage } from './pages/not-found/not-found-page.tsx';
import { UpscalerPage } from './pages/upscaler/upscaler-page.tsx';

// Every page lives under /{locale}/ (spec 2). Later pages are added as children of the shell.
const router = createBrowserRouter([
  {
    path: '/:locale',
    element: <LocaleGate />,
    children: [
      {
        element: <AppShell />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'upscaler', element: <UpscalerPage /> },
          { path: '*', element: <NotFoundPage /> },
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
