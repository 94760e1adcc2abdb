import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { LOCALE_NAMES, SUPPORTED_LOCALES, switchLocalePath } from '../i18n/locale.ts';
import { useLocale } from '../i18n/locale-routing.tsx';
import { ChevronDownIcon, GlobeIcon } from './icons.tsx';
import './language-switcher.css';

/**
 * The languages as links to the same page in each of them (the locale prefix swapped, query and hash kept).
 * Real links in a disclosure: on a pre-rendered page they work before the app's script has started, or with
 * none at all; once it runs they navigate in the app.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);

  // Open, it closes on a click elsewhere or Escape (focus back on its button), and after a choice.
  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const close = (focus: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (focus) details.querySelector('summary')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!details.contains(event.target as Node)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        event.stopPropagation();
        close(true);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    details.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      details.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <details ref={menu} className="language-switcher">
      <summary className="language-switcher__select">
        <GlobeIcon className="language-switcher__globe" />
        <span className="visually-hidden">{t('language.label')}: </span>
        <span className="language-switcher__current" lang={locale}>
          {LOCALE_NAMES[locale]}
        </span>
        <ChevronDownIcon className="language-switcher__chevron" />
      </summary>
      <ul className="language-switcher__menu" aria-label={t('language.label')}>
        {SUPPORTED_LOCALES.map((option) => (
          <li key={option}>
            <Link
              to={switchLocalePath(location, option)}
              lang={option}
              hrefLang={option}
              className="language-switcher__option"
              aria-current={option === locale ? 'true' : undefined}
              onClick={() => {
                if (menu.current) menu.current.open = false;
              }}
            >
              {LOCALE_NAMES[option]}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
