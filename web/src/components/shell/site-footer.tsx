import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { LogoMark } from '../icons.tsx';
import { FOOTER_LABEL_KEYS, FOOTER_LINKS } from './nav-links.tsx';

export function SiteFooter() {
  const { t } = useTranslation();
  const locale = useLocale();
  const columns = [
    ['product', FOOTER_LINKS.product],
    ['company', FOOTER_LINKS.company],
    ['legal', FOOTER_LINKS.legal],
  ] as const;
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <p className="footer__logo">
            <LogoMark width={28} height={28} />
            <span>{t('app.name')}</span>
          </p>
          <p className="footer__tagline">{t('footer.tagline')}</p>
        </div>
        {columns.map(([name, paths]) => (
          <div key={name} className="footer__column">
            <p className="footer__heading">{t(`footer.${name}`)}</p>
            <ul>
              {paths.map((path) => (
                <li key={path}>
                  <Link to={localizedPath(locale, path)}>{t(FOOTER_LABEL_KEYS[path])}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="footer__base">
        <span>{t('app.copyright', { year: new Date().getFullYear() })}</span>
        <span className="footer__version">{t('app.version', { version: __APP_VERSION__ })}</span>
      </div>
    </footer>
  );
}
