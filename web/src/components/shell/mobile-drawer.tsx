import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { DialogCloseButton, DialogFrame } from '../dialog-frame.tsx';
import { LogoMark, SettingsIcon } from '../icons.tsx';
import { LanguageSwitcher } from '../language-switcher.tsx';
import { AdminNavLink } from './admin-nav-link.tsx';
import { ChatNavLink } from './chat-nav-link.tsx';
import { PRIMARY_LINKS } from './nav-links.tsx';
import { UpgradeBanner } from './upgrade-banner.tsx';

/** Spec 2: every navigation link, the upgrade banner for free users, settings when signed in, privacy,
 * terms, language, copyright and version. Page scrolling is locked while it is open. */
export default function MobileDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useAuth();

  return (
    <DialogFrame
      variant="drawer"
      id="mobile-drawer"
      onClose={onClose}
      className="drawer__panel"
      label={t('shell.menu')}
    >
      <div className="drawer__head">
        <Link to={localizedPath(locale)} className="brand" onClick={onClose} aria-label={t('app.homeLink')}>
          <LogoMark className="brand__mark" />
          <span className="brand__name">{t('app.name')}</span>
        </Link>
        <DialogCloseButton label={t('shell.closeMenu')} onClick={onClose} autoFocus />
      </div>
      <nav aria-label={t('shell.mobileNav')} className="drawer__nav">
        <ul className="side-nav__list">
          {PRIMARY_LINKS.map((link) => (
            <li key={link.key}>
              <NavLink
                to={localizedPath(locale, link.path)}
                end={link.path === '/'}
                className="side-nav__link"
                onClick={onClose}
              >
                {link.icon}
                <span className="side-nav__label">{t(`nav.${link.key}`)}</span>
              </NavLink>
            </li>
          ))}
          <ChatNavLink onNavigate={onClose} />
          {user ? (
            <li>
              <NavLink to={localizedPath(locale, '/settings')} className="side-nav__link" onClick={onClose}>
                <SettingsIcon />
                <span className="side-nav__label">{t('nav.settings')}</span>
              </NavLink>
            </li>
          ) : null}
          <AdminNavLink onNavigate={onClose} />
        </ul>
      </nav>
      <UpgradeBanner onNavigate={onClose} />
      <div className="drawer__foot">
        <LanguageSwitcher />
        <p className="side-nav__legal">
          <Link to={localizedPath(locale, '/privacy')} onClick={onClose}>
            {t('nav.privacy')}
          </Link>
          <span aria-hidden="true">·</span>
          <Link to={localizedPath(locale, '/terms')} onClick={onClose}>
            {t('nav.terms')}
          </Link>
        </p>
        <p className="side-nav__fineprint">
          {t('app.copyright', { year: new Date().getFullYear() })} ·{' '}
          {t('app.version', { version: __APP_VERSION__ })}
        </p>
      </div>
    </DialogFrame>
  );
}
