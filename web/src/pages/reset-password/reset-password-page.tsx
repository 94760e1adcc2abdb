// /{locale}/reset-password?token=…: the link of a reset mail. Sets the new password (every session of the
// account ends) and then asks the user to sign in with it, as the OWASP cheat sheet advises.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { resetPassword } from '../../api/recovery.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { newPasswordProblem, recoveryErrorKey } from '../../auth/recovery-model.ts';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import '../../components/marketing/marketing.css';
import './recovery-pages.css';

export default function ResetPasswordPage() {
  return (
    <NamespaceGate namespace="account">
      <ResetPassword />
    </NamespaceGate>
  );
}

function ResetPassword() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, endSession, openSignIn } = useAuth();
  useDocumentTitle(`${t('reset.title')} · ${t('app.name', { ns: 'translation' })}`);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<{ key: string; field: 'password' | 'confirm' | 'link' } | null>(null);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    if (problem)
      return setError({ key: problem, field: problem === 'errors.mismatch' ? 'confirm' : 'password' });
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      // Every session ended, this browser's too.
      if (user) endSession();
      setDone(true);
    } catch (caught) {
      const key = recoveryErrorKey(caught);
      setError({ key, field: key === 'errors.weakPassword' ? 'password' : 'link' });
    } finally {
      setBusy(false);
    }
  };

  const fieldError = error && error.field !== 'link' ? { id: errorId, field: error.field } : null;
  const requestAgain = (
    <Link to={localizedPath(locale, '/forgot-password')} className="button">
      {t('reset.requestAgain')}
    </Link>
  );

  return (
    <div className="content-page auth-page">
      <PageHeader title={t('reset.title')} intro={t('reset.intro')} />
      <div className="panel auth-form">
        {!token ? (
          <>
            <p className="notice notice--info">{t('errors.linkExpired')}</p>
            {requestAgain}
          </>
        ) : done ? (
          <>
            <p className="notice notice--info" role="status">
              {t('reset.done')}
            </p>
            <button type="button" className="button button--primary" onClick={openSignIn}>
              {t('common.signIn')}
            </button>
          </>
        ) : (
          <form className="recovery-form" onSubmit={submit} noValidate>
            <NewPasswordFields
              password={password}
              confirm={confirm}
              onPasswordChange={setPassword}
              onConfirmChange={setConfirm}
              labels={{
                password: t('common.newPassword'),
                hint: t('common.passwordRules'),
                confirm: t('common.confirmPassword'),
              }}
              error={fieldError}
            />
            {error ? (
              <p id={errorId} className="field-error" role="alert">
                {t(error.key)}
              </p>
            ) : null}
            {error?.field === 'link' && error.key === 'errors.linkExpired' ? requestAgain : null}
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              {t('reset.submit')}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
