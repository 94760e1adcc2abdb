// Spec 4 route guards. Pages that need sign-in show the sign-in modal to a guest and cancel the navigation
// (the wanted path is remembered in `redirectAfterLogin` and followed once signed in). A visitor whose
// session ends on the page by choice (signing out, deleting the account) is just sent home; one whose
// session expired is asked to sign in by the 401 handler and comes back here after. Admin pages ask a guest
// to sign in the same way, and send a signed-in visitor who is not an admin to the locale home. While the
// startup check runs nothing is decided: the loading overlay covers the page. A stored token that the
// startup check could not confirm (a time-out) is checked once more before a visitor is turned away. The
// services check every call again; these guards only spare a dead end.
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { localizedPath } from '../i18n/locale.ts';
import { useLocale } from '../i18n/locale-routing.tsx';
import { useAuth } from './auth-context.tsx';
import { readToken, storeRedirectAfterLogin } from './auth-storage.ts';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const { checking, user, signInOpen, openSignIn, recheck } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const locale = useLocale();
  const guest = !checking && !user;
  const recheckedFor = useRef<string | null>(null);
  const signedInHere = useRef(false);
  if (user) signedInHere.current = true;

  useEffect(() => {
    if (!guest) return;
    if (readToken() && recheckedFor.current !== location.key) {
      recheckedFor.current = location.key;
      void recheck();
      return;
    }
    const leftOnPurpose = signedInHere.current && !signInOpen;
    if (!leftOnPurpose) storeRedirectAfterLogin(`${location.pathname}${location.search}${location.hash}`);
    if (!signedInHere.current) openSignIn();
    navigate(localizedPath(locale), { replace: true });
  }, [
    guest,
    location.key,
    location.pathname,
    location.search,
    location.hash,
    signInOpen,
    openSignIn,
    recheck,
    navigate,
    locale,
  ]);

  if (checking || !user) return null;
  return <>{children}</>;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { checking, user, isAdmin } = useAuth();
  const locale = useLocale();
  const signedInHere = useRef(false);
  if (user) signedInHere.current = true;
  if (checking) return null;
  // A guest (an administrator who is signed out, following a bookmark) is asked to sign in, as on any page
  // that needs it, and comes back to this admin page after; one who signed out here just goes home.
  if (!user && !signedInHere.current) return <RequireSignIn>{children}</RequireSignIn>;
  if (!isAdmin) return <Navigate to={localizedPath(locale)} replace />;
  return <>{children}</>;
}
