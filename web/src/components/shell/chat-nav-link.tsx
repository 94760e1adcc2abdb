// The link to /chat. Chat needs sign-in (spec 2 and 6) and is not among the guest's navigation links of
// spec 2, so, like the admin link, it joins the side navigation and drawer only for signed-in users.
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { ChatIcon } from '../icons.tsx';

interface ChatNavLinkProps {
  /** Folded side navigation: the label is visually hidden and shown as a tooltip. */
  collapsed?: boolean;
  onNavigate: () => void;
}

export function ChatNavLink({ collapsed = false, onNavigate }: ChatNavLinkProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <li>
      <NavLink
        to={localizedPath(locale, '/chat')}
        className="side-nav__link"
        title={collapsed ? t('nav.chat') : undefined}
        onClick={onNavigate}
      >
        <ChatIcon />
        <span className="side-nav__label">{t('nav.chat')}</span>
      </NavLink>
    </li>
  );
}
