import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '../i18n/locale.ts';
import type { SiteContent } from './content-types.ts';

const loaders = import.meta.glob<SiteContent>('./texts/*.ts', { import: 'default' });

export function loadContent(locale: Locale): Promise<SiteContent> {
  const load = loaders[`./texts/${locale}.ts`] ?? loaders['./texts/en.ts']!;
  return load();
}

/** The long texts in the interface language; the previous language stays on screen while the next loads. */
export function useSiteContent(): SiteContent | undefined {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return useQuery({
    queryKey: ['site-content', locale],
    queryFn: () => loadContent(locale),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: (previous) => previous,
  }).data;
}
