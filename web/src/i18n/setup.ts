import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, type Locale, SUPPORTED_LOCALES, textDirection } from './locale.ts';
import { storeLocale } from './locale-storage.ts';
import en from './locales/en.json';

export const LANGUAGE_CHANGED_EVENT = 'languageChanged';

export interface LanguageChangedDetail {
  locale: Locale;
  dir: 'ltr' | 'rtl';
}

// English ships in the main bundle (it is also the fallback); every other locale is its own chunk,
// fetched when first used.
const localeLoaders = import.meta.glob<ResourceKey>(['./locales/*.json', '!./locales/en.json'], {
  import: 'default',
});

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = localeLoaders[`./locales/${language}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Sets <html lang/dir> at once, before translations load, so the first paint has the right direction. */
export function applyDocumentLocale(locale: Locale): void {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = textDirection(locale);
}

function onLanguageChanged(language: string): void {
  if (!isLocale(language)) return;
  applyDocumentLocale(language);
  storeLocale(language);
  window.dispatchEvent(
    new CustomEvent<LanguageChangedDetail>(LANGUAGE_CHANGED_EVENT, {
      detail: { locale: language, dir: textDirection(language) },
    }),
  );
}

export async function setupI18n(initialLocale: Locale): Promise<typeof i18n> {
  applyDocumentLocale(initialLocale);
  i18n.on('languageChanged', onLanguageChanged);
  await i18n
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      lng: initialLocale,
      fallbackLng: 'en',
      supportedLngs: [...SUPPORTED_LOCALES],
      load: 'currentOnly',
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      // Keep showing the current language until the next one has loaded, instead of suspending the page.
      react: { useSuspense: false },
    });
  return i18n;
}

export { i18n };
