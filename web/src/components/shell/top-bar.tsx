import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { LogoMark, MenuIcon } from '../icons.tsx';
import { LanguageSwitcher } from '../language-switcher.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserControl } from './user-menu.tsx';

/** Spec 9: the top bar changes style once the page has scrolled more than 10 px. */
export const SCROLLED_THRESHOLD_PX = 10;

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

export function TopBar({ drawerOpen, onOpenDrawer }: { drawerOpen: boolean; onOpenDrawer: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const scrolled = useScrolledPast(SCROLLED_THRESHOLD_PX);

  return (
    <header className={scrolled ? 'topbar topbar--scrolled' : 'topbar'}>
      <div className="topbar__inner">
        <button
          type="button"
          className="icon-button topbar__menu"
          aria-label={t('shell.openMenu')}
          aria-expanded={drawerOpen}
          aria-controls="mobile-drawer"
          onClick={onOpenDrawer}
        >
          <MenuIcon />
        </button>
        <Link to={localizedPath(locale)} className="brand" aria-label={t('app.homeLink')}>
          <LogoMark className="brand__mark" />
          <span className="brand__name">{t('app.name')}</span>
        </Link>
        <nav className="topbar__nav" aria-label={t('shell.quickLinks')}>
          <NavLink to={localizedPath(locale, '/features')} className="topbar__link">
            {t('nav.features')}
          </NavLink>
          <NavLink to={localizedPath(locale, '/pricing')} className="topbar__link">
            {t('nav.pricing')}
          </NavLink>
        </nav>
        <div className="topbar__actions">
          <div className="topbar__language">
            <LanguageSwitcher />
          </div>
          <ThemeToggle />
          <UserControl />
        </div>
      </div>
    </header>
  );
}
