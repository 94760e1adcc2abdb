// Route-level locale handling: every page lives under /{locale}/; anything else is redirected.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { DEFAULT_LOCALE, isLocale, type Locale, localeRedirectTarget, localizedPath } from './locale.ts';
import { currentPreferredLocale } from './locale-storage.ts';

/** Sends a path without a supported locale prefix to the preferred locale, keeping query and hash. */
export function LocaleRedirect() {
  const location = useLocation();
  const target = localeRedirectTarget(location, currentPreferredLocale()) ?? localizedPath(DEFAULT_LOCALE);
  return <Navigate to={target} replace />;
}

/** The `/:locale` route: redirects unsupported prefixes and makes the interface follow the prefix. */
export function LocaleGate() {
  const { locale } = useParams();
  const { i18n } = useTranslation();
  const supported = isLocale(locale);

  useEffect(() => {
    // The languageChanged listener (setup.ts) then stores the choice and updates <html lang dir>.
    if (supported && i18n.resolvedLanguage !== locale) void i18n.changeLanguage(locale);
  }, [supported, locale, i18n]);

  if (!supported) return <LocaleRedirect />;
  return <Outlet />;
}

/** The locale of the current route (the path prefix). */
export function useLocale(): Locale {
  const { locale } = useParams();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}
