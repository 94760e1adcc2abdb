// Password: change it with the current one (every other session ends); accounts that sign in only with Google
// have none, and are told so rather than offered a form.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordProblem, recoveryErrorKey } from '../../auth/recovery-model.ts';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { type NewPasswordField, NewPasswordFields } from '../../components/new-password-fields.tsx';
import { useToast } from '../../components/toast.tsx';
import { useAccountSecurity, useChangePassword } from '../../hooks/use-account-recovery.ts';
import { SettingsSection } from './settings-section.tsx';

export function PasswordSection({ userId }: { userId: number }) {
  return (
    <NamespaceGate namespace="account">
      <Password userId={userId} />
    </NamespaceGate>
  );
}

type Field = 'current' | NewPasswordField | 'form';

function Password({ userId }: { userId: number }) {
  const { t } = useTranslation('account');
  const security = useAccountSecurity(userId);
  return (
    <SettingsSection id="password" title={t('password.heading')} intro={t('password.intro')}>
      {security.isPending ? (
        <span className="skeleton skeleton--text" aria-label={t('common.loading')} role="img" />
      ) : security.isError ? (
        <p className="field-error" role="alert">
          {t('errors.generic')}
        </p>
      ) : security.data.has_password ? (
        <PasswordForm />
      ) : (
        <p className="notice notice--info">{t('password.google')}</p>
      )}
    </SettingsSection>
  );
}

function PasswordForm() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ field: Field; key: string } | null>(null);
  const ids = { current: useId(), error: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setError({ field: 'current', key: 'errors.passwordRequired' });
    const problem = newPasswordProblem(next, confirm);
    if (problem)
      return setError({ field: problem === 'errors.mismatch' ? 'confirm' : 'password', key: problem });
    setError(null);
    change.mutate(
      { current, next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
          toast('success', t('password.changed'));
        },
        onError: (caught) => {
          const key = recoveryErrorKey(caught);
          const field: Field =
            key === 'errors.wrongPassword' ? 'current' : key === 'errors.weakPassword' ? 'password' : 'form';
          setError({ field, key });
        },
      },
    );
  };

  const newPasswordError =
    error?.field === 'password' || error?.field === 'confirm' ? { id: ids.error, field: error.field } : null;

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={ids.current} className="field-label">
          {t('password.current')}
        </label>
        <input
          id={ids.current}
          type="password"
          className="text-input"
          autoComplete="current-password"
          maxLength={1024}
          value={current}
          aria-invalid={error?.field === 'current' ? true : undefined}
          aria-describedby={error?.field === 'current' ? ids.error : undefined}
          onChange={(event) => setCurrent(event.target.value)}
        />
      </div>
      <NewPasswordFields
        password={next}
        confirm={confirm}
        onPasswordChange={setNext}
        onConfirmChange={setConfirm}
        labels={{
          password: t('common.newPassword'),
          hint: t('common.passwordRules'),
          confirm: t('common.confirmPassword'),
        }}
        error={newPasswordError}
      />
      {error ? (
        <p id={ids.error} className="field-error" role="alert">
          {t(error.key)}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? <span className="spinner" aria-hidden="true" /> : null}
          {t('password.submit')}
        </button>
      </div>
    </form>
  );
}
