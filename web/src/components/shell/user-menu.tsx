import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { LogoutIcon, SettingsIcon } from '../icons.tsx';
import { displayName, UserAvatar } from './user-avatar.tsx';

/** The top bar's sign-in button for guests, or the user's menu with settings and logout. */
export function UserControl() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, openSignIn, logout } = useAuth();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        rootRef.current?.querySelector<HTMLElement>('.user-menu__button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) {
    return (
      <button
        type="button"
        className="button button--primary button--small topbar__signin"
        onClick={openSignIn}
      >
        {t('auth.signIn')}
      </button>
    );
  }

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        type="button"
        className="user-menu__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('shell.userMenu', { name: displayName(user) })}
        onClick={() => setOpen((current) => !current)}
      >
        <UserAvatar user={user} size={32} />
      </button>
      {open ? (
        <div id={menuId} className="user-menu__panel">
          <p className="user-menu__name">{displayName(user)}</p>
          <Link
            to={localizedPath(locale, '/settings')}
            className="user-menu__item"
            onClick={() => setOpen(false)}
          >
            <SettingsIcon />
            {t('nav.settings')}
          </Link>
          <button
            type="button"
            className="user-menu__item"
            onClick={() => {
              setOpen(false);
              void logout();
            }}
          >
            <LogoutIcon className="icon-flip" />
            {t('auth.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
