import { type FormEvent, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { googleLoginUrl, login, type SessionUser } from '../../api/auth.ts';
import { ApiError } from '../../api/http.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { authErrorText } from '../../auth/auth-errors.ts';
import { useSignInMethods } from '../../hooks/use-sign-in-methods.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { DialogCloseButton, DialogFrame } from '../dialog-frame.tsx';
import { GoogleLogo, LogoMark } from '../icons.tsx';
import { useToast } from '../toast.tsx';

/**
 * Spec 2: a title, one Google sign-in option, terms and privacy links; closes on outside click, the close
 * button or Escape. A username and password form sits behind a secondary link for accounts made on /register.
 * Only the ways this server offers are shown: without a Google client, the password form is the option.
 * Errors show inside the dialog, where the eye already is (a toast would sit behind its backdrop).
 */
export default function SignInModal() {
  const { closeSignIn } = useAuth();
  return <SignInDialog onClose={closeSignIn} />;
}

function SignInDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { completeSignIn } = useAuth();
  const { methods } = useSignInMethods();
  const titleId = useId();
  const googleErrorId = useId();
  const [googleBusy, setGoogleBusy] = useState(false);
  const [googleError, setGoogleError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const close = useCallback(() => onClose(), [onClose]);

  const signInWithGoogle = async () => {
    setGoogleBusy(true);
    setGoogleError(null);
    try {
      window.location.assign(await googleLoginUrl(locale));
    } catch (error) {
      setGoogleBusy(false);
      // 409: this server has no Google client configured (it was, when the methods were read).
      setGoogleError(
        error instanceof ApiError && error.status === 409
          ? t('auth.googleUnavailable')
          : t('auth.googleInitFailed'),
      );
    }
  };
  const passwordForm = (
    <>
      <PasswordSignIn onSignedIn={completeSignIn} autoFocus={!methods?.google} />
      <Link className="modal__secondary" to={localizedPath(locale, '/forgot-password')} onClick={close}>
        {t('auth.forgotPassword')}
      </Link>
    </>
  );

  return (
    <DialogFrame onClose={close} className="modal__panel" labelledBy={titleId}>
      <DialogCloseButton className="modal__close" label={t('auth.close')} onClick={close} />
      <LogoMark className="modal__logo" width={44} height={44} />
      <h2 id={titleId} className="modal__title">
        {t('auth.modalTitle')}
      </h2>
      <p className="modal__text">{t('auth.modalText')}</p>
      {methods === undefined ? (
        <span className="spinner spinner--dark modal__pending" aria-hidden="true" />
      ) : methods.google ? (
        <>
          <button
            type="button"
            className="button button--large google-button"
            disabled={googleBusy}
            onClick={() => void signInWithGoogle()}
            aria-describedby={googleError ? googleErrorId : undefined}
            data-autofocus
          >
            {googleBusy ? <span className="spinner spinner--dark" aria-hidden="true" /> : <GoogleLogo />}
            {t('auth.google')}
          </button>
          {googleError ? (
            <p id={googleErrorId} className="field-error modal__error" role="alert">
              {googleError}
            </p>
          ) : null}
          {showPassword ? (
            passwordForm
          ) : (
            <button
              type="button"
              className="link-button modal__secondary"
              onClick={() => setShowPassword(true)}
            >
              {t('auth.usePassword')}
            </button>
          )}
        </>
      ) : (
        passwordForm
      )}
      <p className="modal__register">
        {t('auth.noAccount')}{' '}
        <Link to={localizedPath(locale, '/register')} onClick={close}>
          {t('auth.createAccount')}
        </Link>
      </p>
      <p className="modal__legal">
        {t('auth.agreePrefix')}{' '}
        <Link to={localizedPath(locale, '/terms')} onClick={close}>
          {t('nav.terms')}
        </Link>{' '}
        {t('auth.agreeAnd')}{' '}
        <Link to={localizedPath(locale, '/privacy')} onClick={close}>
          {t('nav.privacy')}
        </Link>
        .
      </p>
    </DialogFrame>
  );
}

function PasswordSignIn({
  onSignedIn,
  autoFocus,
}: {
  onSignedIn: (token: string, user: SessionUser) => void;
  /** The first field takes the focus when the form is the dialog's only way in. */
  autoFocus: boolean;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { user: useId(), pass: useId(), error: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(t('auth.credentialsRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const signed = await login(username.trim(), password);
      onSignedIn(signed.token, signed.user);
      toast('success', t('auth.loginSuccess'));
    } catch (caught) {
      const text = authErrorText(caught, 'auth.loginFailed', i18n.language);
      setError('key' in text ? t(text.key, text.values) : text.text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="modal__form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={ids.user} className="field-label">
          {t('auth.username')}
        </label>
        <input
          id={ids.user}
          className="text-input"
          autoComplete="username"
          // biome-ignore lint/a11y/noAutofocus: the dialog opened for this; its first field is where to type
          autoFocus={autoFocus}
          data-autofocus={autoFocus || undefined}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-describedby={error ? ids.error : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.pass} className="field-label">
          {t('auth.password')}
        </label>
        <input
          id={ids.pass}
          type="password"
          className="text-input"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby={error ? ids.error : undefined}
        />
      </div>
      {error ? (
        <p id={ids.error} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('auth.signIn')}
      </button>
    </form>
  );
}
