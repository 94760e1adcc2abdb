import { useEffect } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context.tsx';
import { storeRedirectAfterLogin } from '../../auth/auth-storage.ts';
import { safeRedirectPath } from '../../auth/redirect-path.ts';
import { localizedPath, pathLocale } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';

/**
 * Spec 2 /login: remembers the wanted path (?redirect= or the navigation state's `from`) in session storage
 * `redirectAfterLogin`, goes to the home page and opens the sign-in modal.
 */
export default function LoginPage() {
  const locale = useLocale();
  const location = useLocation();
  const [params] = useSearchParams();
  const { user, openSignIn } = useAuth();
  const wanted =
    safeRedirectPath(params.get('redirect')) ??
    safeRedirectPath((location.state as { from?: unknown } | null)?.from);

  useEffect(() => {
    if (user) return;
    if (wanted) storeRedirectAfterLogin(wanted);
    openSignIn();
  }, [user, wanted, openSignIn]);

  if (user && wanted)
    return <Navigate to={pathLocale(wanted) ? wanted : localizedPath(locale, wanted)} replace />;
  return <Navigate to={localizedPath(locale)} replace />;
}
