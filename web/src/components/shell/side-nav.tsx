import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { SidebarIcon, UserIcon } from '../icons.tsx';
import { LanguageSwitcher } from '../language-switcher.tsx';
import { AdminNavLink } from './admin-nav-link.tsx';
import { ChatNavLink } from './chat-nav-link.tsx';
import { PRIMARY_LINKS } from './nav-links.tsx';
import { UpgradeBanner } from './upgrade-banner.tsx';
import { displayName, UserAvatar } from './user-avatar.tsx';

interface SideNavProps {
  collapsed: boolean;
  onToggle: () => void;
  /** On narrow windows an expanded side navigation overlays the page; following a link folds it again. */
  onNavigate: () => void;
}

export function SideNav({ collapsed, onToggle, onNavigate }: SideNavProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, openSignIn } = useAuth();
  const year = new Date().getFullYear();

  return (
    <aside
      className={collapsed ? 'side-nav side-nav--collapsed' : 'side-nav'}
      aria-label={t('shell.sidebar')}
    >
      <div className="side-nav__inner">
        <button
          type="button"
          className="side-nav__toggle"
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar')}
          title={collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar')}
          onClick={onToggle}
        >
          <SidebarIcon className="icon-flip" />
        </button>
        <nav aria-label={t('nav.label')} className="side-nav__nav">
          <ul className="side-nav__list">
            {PRIMARY_LINKS.map((link) => (
              <li key={link.key}>
                <NavLink
                  to={localizedPath(locale, link.path)}
                  end={link.path === '/'}
                  className="side-nav__link"
                  title={collapsed ? t(`nav.${link.key}`) : undefined}
                  onClick={onNavigate}
                >
                  {link.icon}
                  <span className="side-nav__label">{t(`nav.${link.key}`)}</span>
                </NavLink>
              </li>
            ))}
            <ChatNavLink collapsed={collapsed} onNavigate={onNavigate} />
            <AdminNavLink collapsed={collapsed} onNavigate={onNavigate} />
          </ul>
        </nav>

        <div className="side-nav__bottom">
          <UpgradeBanner compact={collapsed} onNavigate={onNavigate} />
          {user ? (
            <Link
              to={localizedPath(locale, '/settings')}
              className="side-nav__user"
              title={collapsed ? displayName(user) : undefined}
              onClick={onNavigate}
            >
              <UserAvatar user={user} size={30} />
              <span className="side-nav__label side-nav__user-name">{displayName(user)}</span>
            </Link>
          ) : (
            <button
              type="button"
              className="side-nav__link side-nav__signin"
              title={collapsed ? t('auth.signIn') : undefined}
              onClick={openSignIn}
            >
              <UserIcon />
              <span className="side-nav__label">{t('auth.signIn')}</span>
            </button>
          )}
          {collapsed ? null : (
            <div className="side-nav__meta">
              <LanguageSwitcher />
              <p className="side-nav__legal">
                <Link to={localizedPath(locale, '/privacy')}>{t('nav.privacy')}</Link>
                <span aria-hidden="true">·</span>
                <Link to={localizedPath(locale, '/terms')}>{t('nav.terms')}</Link>
              </p>
              <p className="side-nav__fineprint">
                {t('app.copyright', { year })}
                <br />
                {t('app.version', { version: __APP_VERSION__ })}
              </p>
            </div>
          )}
        </div>
      </div>
    </aside>
  );
}
