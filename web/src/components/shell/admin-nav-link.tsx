// The side navigation's and drawer's link to the admin console, for administrators only. Its label lives in
// the admin namespace, fetched only for administrators; until it is in, the link waits rather than show a key.
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { ADMIN_LINK } from './nav-links.tsx';

interface AdminNavLinkProps {
  /** Folded side navigation: the label is visually hidden and shown as a tooltip. */
  collapsed?: boolean;
  onNavigate: () => void;
}

export function AdminNavLink(props: AdminNavLinkProps) {
  const { isAdmin } = useAuth();
  return isAdmin ? <AdminNavItem {...props} /> : null;
}

function AdminNavItem({ collapsed = false, onNavigate }: AdminNavLinkProps) {
  const { t, ready } = useTranslation('admin');
  const locale = useLocale();
  if (!ready) return null;
  const label = t('nav.link');
  return (
    <li>
      <NavLink
        to={localizedPath(locale, ADMIN_LINK.path)}
        className="side-nav__link"
        title={collapsed ? label : undefined}
        onClick={onNavigate}
      >
        {ADMIN_LINK.icon}
        <span className="side-nav__label">{label}</span>
      </NavLink>
    </li>
  );
}
