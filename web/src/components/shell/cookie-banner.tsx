import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { useHydrated } from '../hydration.tsx';

/**
 * Spec 3: local storage `cookieConsent` = accepted | declined; the banner shows until one is stored. On a
 * pre-rendered page a choice made before the app has started is stored by index.html's inline script (it
 * listens for clicks on `data-cookie-choice`) and read here when the app starts.
 */
export const COOKIE_CONSENT_KEY = 'cookieConsent';
export type CookieConsent = 'accepted' | 'declined';

export function readCookieConsent(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

export function CookieBanner() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [choice, setChoice] = useState<CookieConsent | null>(readCookieConsent);
  // A stored choice hides the banner once the app has taken over a pre-rendered page (which shows it).
  const hydrated = useHydrated();
  if (choice && hydrated) return null;

  const choose = (value: CookieConsent) => {
    try {
      window.localStorage.setItem(COOKIE_CONSENT_KEY, value);
    } catch {}
    setChoice(value);
  };

  return (
    <section className="cookie-banner" aria-label={t('cookies.bannerLabel')} data-transient="">
      <p className="cookie-banner__text">
        {t('cookies.bannerText')} <Link to={localizedPath(locale, '/privacy')}>{t('cookies.learnMore')}</Link>
      </p>
      <div className="cookie-banner__actions">
        <button
          type="button"
          className="button button--small"
          data-cookie-choice="declined"
          onClick={() => choose('declined')}
        >
          {t('cookies.decline')}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          data-cookie-choice="accepted"
          onClick={() => choose('accepted')}
        >
          {t('cookies.accept')}
        </button>
      </div>
    </section>
  );
}
