// Each locale's search and sharing texts, fetched on first use: only the current locale's ever loads.
import type { Locale } from '../i18n/locale.ts';
import type { SeoTexts } from './route-head.ts';

const loaders = import.meta.glob<SeoTexts>('./texts/*.json', { import: 'default' });
const loaded = new Map<Locale, Promise<SeoTexts>>();

export function loadSeoTexts(locale: Locale): Promise<SeoTexts> {
  let texts = loaded.get(locale);
  if (!texts) {
    const load = loaders[`./texts/${locale}.json`] ?? loaders['./texts/en.json']!;
    texts = load();
    // A failed fetch (offline, new deployment) may succeed on the next route change.
    texts.catch(() => loaded.delete(locale));
    loaded.set(locale, texts);
  }
  return texts;
}
