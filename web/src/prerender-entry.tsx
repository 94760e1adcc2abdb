// Build time only (web/scripts/prerender.ts bundles this file for Node): renders one page of the app to HTML
// with React's own static renderer, no browser. The page is what a first visitor sees before any data
// arrives: every locale's messages are bundled in and set synchronously, the static site texts are given
// to the query cache, and nothing fetches (queries stay pending, as they do until the API answers), so
// data shows its loading or empty state, never an error.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n, { type ResourceKey } from 'i18next';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router-dom';
import { Pages } from './app.tsx';
import { primeSiteContent } from './content/load-content.ts';
import { type Locale, SUPPORTED_LOCALES } from './i18n/locale.ts';

const messageFiles = import.meta.glob<ResourceKey>(['./i18n/locales/*.json', './i18n/locales/*/*.json'], {
  eager: true,
  import: 'default',
});

/** `./i18n/locales/<lng>.json` is the default namespace, `./i18n/locales/<ns>/<lng>.json` the others. */
function allMessages(): Record<string, Record<string, ResourceKey>> {
  const resources: Record<string, Record<string, ResourceKey>> = {};
  for (const [path, messages] of Object.entries(messageFiles)) {
    const parts = path
      .replace('./i18n/locales/', '')
      .replace(/\.json$/, '')
      .split('/');
    const [namespace, language] = parts.length === 1 ? ['translation', parts[0]!] : [parts[0]!, parts[1]!];
    resources[language] ??= {};
    resources[language][namespace] = messages;
  }
  return resources;
}

async function selectLocale(locale: Locale): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: allMessages(),
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: [...SUPPORTED_LOCALES],
      load: 'currentOnly',
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  await i18n.changeLanguage(locale);
}

/** The markup of `#root` for one address (e.g. /ar/faq) in its locale. */
export async function renderPage(pathname: string, locale: Locale): Promise<string> {
  await selectLocale(locale);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  await primeSiteContent(queryClient, locale);
  // An error inside a Suspense boundary would leave that part to the browser: a build error instead.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={pathname}>
          <Pages />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
    // One piece: no boundary is sent apart with a script to put it in place (the CSP would stop that script).
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw errors[0];
  const html = await new Response(prelude).text();
  queryClient.clear();
  return html;
}
