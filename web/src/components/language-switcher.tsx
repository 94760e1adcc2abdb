import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { isLocale, LOCALE_NAMES, SUPPORTED_LOCALES, switchLocalePath } from '../i18n/locale.ts';
import { useLocale } from '../i18n/locale-routing.tsx';
import { ChevronDownIcon, GlobeIcon } from './icons.tsx';
import './language-switcher.css';

/** Swaps (or adds) the locale prefix of the current address, keeping query and hash. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <GlobeIcon className="language-switcher__globe" />
      <select
        id={id}
        className="language-switcher__select"
        value={locale}
        onChange={(event) => {
          const target = event.target.value;
          if (isLocale(target)) navigate(switchLocalePath(location, target));
        }}
      >
        {SUPPORTED_LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="language-switcher__chevron" />
    </div>
  );
}
