// Spec 4 route guards. Pages that need sign-in show the sign-in modal to a guest and cancel the navigation
// (the wanted path is remembered in `redirectAfterLogin` and followed once signed in); admin pages send
// anyone but an admin to the locale home. While the startup check runs nothing is decided: the loading
// overlay covers the page. The services check every call again; these guards only spare a dead end.
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { localizedPath } from '../i18n/locale.ts';
import { useLocale } from '../i18n/locale-routing.tsx';
import { useAuth } from './auth-context.tsx';
import { storeRedirectAfterLogin } from './auth-storage.ts';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const { checking, user, openSignIn } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const locale = useLocale();
  const guest = !checking && !user;

  useEffect(() => {
    if (!guest) return;
    storeRedirectAfterLogin(`${location.pathname}${location.search}${location.hash}`);
    openSignIn();
    navigate(localizedPath(locale), { replace: true });
  }, [guest, location.pathname, location.search, location.hash, openSignIn, navigate, locale]);

  if (checking || !user) return null;
  return <>{children}</>;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { checking, isAdmin } = useAuth();
  const locale = useLocale();
  if (checking) return null;
  if (!isAdmin) return <Navigate to={localizedPath(locale)} replace />;
  return <>{children}</>;
}
