import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_CHECK_TIMEOUT_MS, clearTokenCookie, tokenFromCookie } from '../../api/auth.ts';
import { checkAuth } from '../../auth/auth-check.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';

const COOKIE_CLEAR_DELAY_MS = 500;
const REDIRECT_DELAY_MS = 500;

/**
 * The end of Google sign-in (spec 4): the token comes from the cookie endpoint (fallback: ?token=), the
 * cookie is cleared after 500 ms, the session checked, a toast shown and the locale home opened after 500 ms.
 */
export default function OAuthCallbackPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const toast = useToast();
  const { completeSignIn } = useAuth();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      setFailure(message);
      toast('error', message);
    };
    const providerError = params.get('message') || params.get('error');
    if (providerError) {
      fail(providerError);
      return;
    }
    (async () => {
      let token = await tokenFromCookie().catch(() => null);
      token ??= params.get('token');
      setTimeout(() => void clearTokenCookie(), COOKIE_CLEAR_DELAY_MS);
      if (!token) return fail(t('auth.noToken'));
      const result = await checkAuth(token, AUTH_CHECK_TIMEOUT_MS);
      if (result.kind !== 'authenticated') return fail(t('auth.callbackFailed'));
      toast('success', t('auth.googleSuccess'));
      if (!completeSignIn(token, result.user)) {
        setTimeout(() => navigate(localizedPath(locale), { replace: true }), REDIRECT_DELAY_MS);
      }
    })().catch(() => fail(t('auth.unknownError')));
  }, [params, t, toast, completeSignIn, navigate, locale]);

  return (
    <div className="content-page content-page--narrow callback-page">
      {failure ? (
        <>
          <h1 className="page-heading">{t('auth.loginFailedTitle')}</h1>
          <div className="notice notice--danger" role="alert">
            <AlertIcon className="notice__icon" />
            <p className="notice__body">{failure}</p>
          </div>
          <Link to={localizedPath(locale, '/login')} className="button button--primary">
            {t('status.retry')}
          </Link>
        </>
      ) : (
        <>
          <h1 className="page-heading">{t('auth.completing')}</h1>
          <span className="spinner" aria-hidden="true" />
        </>
      )}
    </div>
  );
}
