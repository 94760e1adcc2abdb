import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '../i18n/locale.ts';
import type { SiteContent } from './content-types.ts';

const loaders = import.meta.glob<SiteContent>('./texts/*.ts', { import: 'default' });

export function loadContent(locale: Locale): Promise<SiteContent> {
  const load = loaders[`./texts/${locale}.ts`] ?? loaders['./texts/en.ts']!;
  return load();
}

const siteContentKey = (locale: Locale) => ['site-content', locale] as const;

/** Puts a locale's long texts in the cache before a page that shows them first renders (the build-time
 * render and a hydrated page need them at once, not after a loading state). */
export async function primeSiteContent(queryClient: QueryClient, locale: Locale): Promise<void> {
  queryClient.setQueryData(siteContentKey(locale), await loadContent(locale));
}

/** The long texts in the interface language; the previous language stays on screen while the next loads. */
export function useSiteContent(): SiteContent | undefined {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return useQuery({
    queryKey: siteContentKey(locale),
    queryFn: () => loadContent(locale),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: (previous) => previous,
  }).data;
}
