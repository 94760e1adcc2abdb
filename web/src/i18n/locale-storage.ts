// The stored language preference (spec 3, local storage key `userLocale`). Storage can be unavailable
// (private browsing, blocked cookies); the app then simply falls back to the path or browser language.
import { isLocale, LOCALE_STORAGE_KEY, type Locale, preferredLocale } from './locale.ts';

export function readStoredLocale(): Locale | null {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not stored: the path prefix still carries the language.
  }
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

/** The locale for a path that names none: stored, else browser, else en. */
export function currentPreferredLocale(): Locale {
  return preferredLocale(readStoredLocale(), browserLanguages());
}
