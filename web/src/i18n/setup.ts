import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, type Locale, SUPPORTED_LOCALES, textDirection } from './locale.ts';
import { storeLocale } from './locale-storage.ts';

export const LANGUAGE_CHANGED_EVENT = 'languageChanged';

export interface LanguageChangedDetail {
  locale: Locale;
  dir: 'ltr' | 'rtl';
}

// Every locale, English included, is a hashed JSON file fetched when first used: JSON.parse is cheaper
// than evaluating the same object as JavaScript, and the home page's script stays small. The shell and the
// public pages use the default namespace (`locales/<locale>.json`); each signed-in area has a namespace of
// its own (`locales/<namespace>/<locale>.json`), fetched only when one of its pages opens.
const localeUrls = import.meta.glob<string>(['./locales/*.json', './locales/*/*.json'], {
  query: '?url',
  import: 'default',
  eager: true,
});

const DEFAULT_NAMESPACE = 'translation';

function messagesPath(language: string, namespace: string): string {
  return namespace === DEFAULT_NAMESPACE
    ? `./locales/${language}.json`
    : `./locales/${namespace}/${language}.json`;
}

async function fetchMessages(url: string): Promise<ResourceKey> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`messages: HTTP ${response.status}`);
  return (await response.json()) as ResourceKey;
}

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const url = localeUrls[messagesPath(language, namespace)];
    if (!url) {
      callback(null, {});
      return;
    }
    fetchMessages(url).then(
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
      interpolation: { escapeValue: false },
      // Keep showing the current language until the next one has loaded, instead of suspending the page.
      react: { useSuspense: false },
    });
  return i18n;
}

export { i18n };
