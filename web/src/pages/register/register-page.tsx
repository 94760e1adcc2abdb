import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { register } from '../../api/auth.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { authErrorText } from '../../auth/auth-errors.ts';
import { GoogleLogo } from '../../components/icons.tsx';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { useToast } from '../../components/toast.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useSignInMethods } from '../../hooks/use-sign-in-methods.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import '../../components/marketing/marketing.css';

type FieldError = 'username' | 'password' | 'confirm' | null;

/** Which field a server refusal is about, so it is marked invalid. */
const FIELD_BY_KEY: Record<string, FieldError> = {
  'auth.errors.invalidUsername': 'username',
  'auth.errors.usernameTaken': 'username',
  'auth.errors.weakPassword': 'password',
};

/** Registration with a username and password (POST /api/auth/register); the auth service judges the rules. */
export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const toast = useToast();
  const { completeSignIn, openSignIn, user } = useAuth();
  // Google is offered only where the server has it (the sign-in dialog starts it).
  const google = useSignInMethods().methods?.google === true;
  useDocumentTitle(`${t('register.title')} · ${t('app.name')}`);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: FieldError; text: string } | null>(null);
  const ids = { user: useId(), userHint: useId(), error: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return setError({ field: 'username', text: t('register.usernameRequired') });
    if (!password) return setError({ field: 'password', text: t('register.passwordRequired') });
    if (password !== confirm) return setError({ field: 'confirm', text: t('register.mismatch') });
    setBusy(true);
    setError(null);
    try {
      const signed = await register(username.trim(), password);
      toast('success', t('register.success'));
      if (!completeSignIn(signed.token, signed.user)) navigate(localizedPath(locale));
    } catch (caught) {
      const text = authErrorText(caught, 'register.failed', i18n.language);
      const field = 'key' in text ? (FIELD_BY_KEY[text.key] ?? null) : null;
      setError({ field, text: 'key' in text ? t(text.key, text.values) : text.text });
    } finally {
      setBusy(false);
    }
  };

  const describedBy = (field: FieldError, hint?: string) =>
    [error && (error.field === field || error.field === null) ? ids.error : '', hint ?? '']
      .filter(Boolean)
      .join(' ') || undefined;
  const passwordError = error && error.field !== 'username' ? { id: ids.error, field: error.field } : null;

  return (
    <div className="content-page auth-page">
      <PageHeader title={t('register.title')} intro={t('register.intro')} />
      <form className="panel auth-form" onSubmit={submit} noValidate>
        {user ? (
          <p className="notice notice--info">{t('register.signedInAs', { name: user.username })}</p>
        ) : null}
        <div className="field">
          <label htmlFor={ids.user} className="field-label">
            {t('auth.username')}
          </label>
          <input
            id={ids.user}
            className="text-input"
            autoComplete="username"
            value={username}
            maxLength={32}
            aria-invalid={error?.field === 'username' ? true : undefined}
            aria-describedby={describedBy('username', ids.userHint)}
            onChange={(event) => setUsername(event.target.value)}
          />
          <p id={ids.userHint} className="field-hint">
            {t('register.usernameHint')}
          </p>
        </div>
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          labels={{
            password: t('auth.password'),
            hint: t('register.passwordHint'),
            confirm: t('register.confirm'),
          }}
          error={passwordError}
        />
        {error ? (
          <p id={ids.error} className="field-error" role="alert">
            {error.text}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('register.submit')}
        </button>
        {google ? (
          <>
            <div className="auth-form__divider">
              <span>{t('register.or')}</span>
            </div>
            <button type="button" className="button button--large google-button" onClick={openSignIn}>
              <GoogleLogo />
              {t('auth.google')}
            </button>
          </>
        ) : null}
        <p className="auth-form__switch">
          {t('register.haveAccount')}{' '}
          <button type="button" className="link-button" onClick={openSignIn}>
            {t('auth.signIn')}
          </button>
        </p>
      </form>
    </div>
  );
}
