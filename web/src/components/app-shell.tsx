import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { localizedPath } from '../i18n/locale.ts';
import { useLocale } from '../i18n/locale-routing.tsx';
import { LogoMark } from './icons.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { ToastProvider } from './toast.tsx';
import './app-shell.css';

const SCROLLED_THRESHOLD_PX = 10;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

export function AppShell() {
  const { t } = useTranslation();
  const locale = useLocale();
  const scrolled = useScrolledPast(SCROLLED_THRESHOLD_PX);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <header className={scrolled ? 'topbar topbar--scrolled' : 'topbar'}>
        <div className="topbar__inner">
          <Link to={localizedPath(locale)} className="brand" aria-label={t('app.homeLink')}>
            <LogoMark className="brand__mark" />
            <span className="brand__name">{t('app.name')}</span>
            <span className="brand__tagline">{t('app.tagline')}</span>
          </Link>
          <nav className="topbar__nav" aria-label={t('nav.label')}>
            <NavLink to={localizedPath(locale)} end className="topbar__link">
              {t('nav.generator')}
            </NavLink>
            <NavLink to={localizedPath(locale, '/upscaler')} className="topbar__link">
              {t('nav.upscaler')}
            </NavLink>
          </nav>
          <div className="topbar__actions">
            <LanguageSwitcher />
          </div>
        </div>
      </header>

      <main id="main-content" className="app-shell__main" tabIndex={-1}>
        <ToastProvider>
          <Outlet />
        </ToastProvider>
      </main>

      <footer className="footer">
        <div className="footer__inner">
          <span>{t('app.copyright', { year: new Date().getFullYear() })}</span>
          <span className="footer__version">{t('app.version', { version: __APP_VERSION__ })}</span>
        </div>
      </footer>
    </div>
  );
}
