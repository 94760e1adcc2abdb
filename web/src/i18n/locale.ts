// Locale choice and locale-prefixed paths (spec sections 2 and 4). Pure functions: no DOM, no storage.

import { DEFAULT_LOCALE, isLocale, type Locale, SUPPORTED_LOCALES } from '@pictura/common/locales';

export { DEFAULT_LOCALE, isLocale, type Locale, SUPPORTED_LOCALES };

export type TextDirection = 'ltr' | 'rtl';

export const LOCALE_STORAGE_KEY = 'userLocale';

/** Each language's name in that language, so a reader can find their own in the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ja: '日本語',
  ko: '한국어',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
  ru: 'Русский',
  ar: 'العربية',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  th: 'ไทย',
  vi: 'Tiếng Việt',
};

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(['ar']);
const TRADITIONAL_CHINESE_REGIONS = new Set(['tw', 'hk', 'mo']);

/** A first path segment shaped like a language tag (xx, xx-YY, xx_Hant_TW), as opposed to a route name. */
const LANGUAGE_TAG_SEGMENT = /^[a-z]{2}(?:[-_][a-z0-9]{2,8})*$/i;

export interface PathParts {
  pathname: string;
  search?: string;
  hash?: string;
}

export function textDirection(locale: Locale): TextDirection {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

/**
 * Maps a BCP 47 tag (any case, `-` or `_`) to a supported locale: exact match first, then Chinese by
 * script/region (Hant, TW, HK, MO → zh-TW; other Chinese → zh-CN), then by language alone (pt-BR → pt).
 */
export function matchLocaleTag(tag: string): Locale | null {
  const normalized = tag.trim().replaceAll('_', '-').toLowerCase();
  if (!normalized) return null;
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === normalized);
  if (exact) return exact;

  const [language, ...subtags] = normalized.split('-');
  if (language === 'zh') {
    if (subtags.includes('hant')) return 'zh-TW';
    if (subtags.includes('hans')) return 'zh-CN';
    return subtags.some((subtag) => TRADITIONAL_CHINESE_REGIONS.has(subtag)) ? 'zh-TW' : 'zh-CN';
  }
  return SUPPORTED_LOCALES.find((locale) => locale === language) ?? null;
}

/** The first of the browser's preferred languages that the product supports. */
export function matchBrowserLanguages(languages: readonly string[]): Locale | null {
  for (const language of languages) {
    const locale = matchLocaleTag(language);
    if (locale) return locale;
  }
  return null;
}

/** The locale prefix of a path, if its first segment is exactly a supported locale. */
export function pathLocale(pathname: string): Locale | null {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : null;
}

/** Stored preference, else the browser's languages, else English: the choice when the path names none. */
export function preferredLocale(
  storedLocale: string | null | undefined,
  browserLanguages: readonly string[],
): Locale {
  if (isLocale(storedLocale)) return storedLocale;
  return matchBrowserLanguages(browserLanguages) ?? DEFAULT_LOCALE;
}

/** Spec 4 "Locale choice": first path segment if supported, else stored, else browser language, else en. */
export function resolveLocale(input: {
  pathname: string;
  storedLocale: string | null | undefined;
  browserLanguages: readonly string[];
}): Locale {
  return pathLocale(input.pathname) ?? preferredLocale(input.storedLocale, input.browserLanguages);
}

function suffix(parts: PathParts): string {
  return `${parts.search ?? ''}${parts.hash ?? ''}`;
}

function withLeadingSlash(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

/** `/{locale}` + path, e.g. localizedPath('ja', '/pricing') → '/ja/pricing'; the home is '/ja/'. */
export function localizedPath(locale: Locale, path = '/'): string {
  return `/${locale}${withLeadingSlash(path)}`;
}

/**
 * Where a path without a supported locale prefix must go, or null when it already has one.
 * - No prefix (`/`, `/pricing`): the preferred locale plus the whole path.
 * - A segment shaped like a language tag: a case or region variant of a supported locale is corrected
 *   (`/EN/faq` → `/en/faq`, `/pt-BR/faq` → `/pt/faq`); an unsupported one (`/xx/faq`) is replaced by
 *   the preferred locale, so the visitor lands on the page they asked for instead of a missing page.
 * Query and hash are kept.
 */
export function localeRedirectTarget(parts: PathParts, preferred: Locale): string | null {
  if (pathLocale(parts.pathname)) return null;
  const segments = parts.pathname.split('/');
  const first = segments[1] ?? '';
  if (LANGUAGE_TAG_SEGMENT.test(first)) {
    const rest = segments.slice(2).join('/');
    return `${localizedPath(matchLocaleTag(first) ?? preferred, rest)}${suffix(parts)}`;
  }
  return `${localizedPath(preferred, parts.pathname)}${suffix(parts)}`;
}

/** The language switcher's target: swap the locale prefix, or add one, keeping query and hash. */
export function switchLocalePath(parts: PathParts, target: Locale): string {
  const current = pathLocale(parts.pathname);
  const rest = current ? parts.pathname.slice(current.length + 1) : parts.pathname;
  return `${localizedPath(target, rest)}${suffix(parts)}`;
}
