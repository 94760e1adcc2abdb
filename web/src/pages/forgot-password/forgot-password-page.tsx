// /{locale}/forgot-password: asks for a username or e-mail address and always answers the same, whether an
// account matches or not; without mail on this server it says who can reset the password instead.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../../api/recovery.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { recoveryErrorKey } from '../../auth/recovery-model.ts';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useRecoveryOptions } from '../../hooks/use-account-recovery.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import '../../components/marketing/marketing.css';
import '../reset-password/recovery-pages.css';

export default function ForgotPasswordPage() {
  return (
    <NamespaceGate namespace="account">
      <ForgotPassword />
    </NamespaceGate>
  );
}

function ForgotPassword() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { openSignIn } = useAuth();
  const options = useRecoveryOptions();
  useDocumentTitle(`${t('forgot.title')} · ${t('app.name', { ns: 'translation' })}`);
  const [login, setLogin] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { login: useId(), hint: useId(), error: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!login.trim()) return setError(t('errors.loginRequired'));
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(login.trim(), locale);
      setSent(true);
    } catch (caught) {
      setError(t(recoveryErrorKey(caught)));
    } finally {
      setBusy(false);
    }
  };

  const signInAgain = (
    <button type="button" className="button" onClick={openSignIn}>
      {t('common.backToSignIn')}
    </button>
  );

  return (
    <div className="content-page auth-page">
      <PageHeader title={t('forgot.title')} intro={t('forgot.intro')} />
      <div className="panel auth-form">
        {options.isPending ? (
          <span className="skeleton skeleton--text" aria-label={t('common.loading')} role="img" />
        ) : options.data && !options.data.email_reset ? (
          <>
            <p className="notice notice--info">{t('forgot.mailOff')}</p>
            <p className="recovery-command">
              <code dir="ltr">npm run admin -- reset-password &lt;username&gt;</code>
            </p>
            {signInAgain}
          </>
        ) : sent ? (
          <>
            <p className="notice notice--info" role="status">
              {t('forgot.sent')}
            </p>
            {signInAgain}
          </>
        ) : (
          <form className="recovery-form" onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor={ids.login} className="field-label">
                {t('forgot.login')}
              </label>
              <input
                id={ids.login}
                className="text-input"
                autoComplete="username"
                maxLength={254}
                value={login}
                aria-invalid={error ? true : undefined}
                aria-describedby={[ids.hint, error ? ids.error : ''].join(' ').trim()}
                onChange={(event) => setLogin(event.target.value)}
              />
              <p id={ids.hint} className="field-hint">
                {t('forgot.hint')}
              </p>
            </div>
            {error ? (
              <p id={ids.error} className="field-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              {t('forgot.submit')}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
