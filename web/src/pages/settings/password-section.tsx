// Password: change it with the current one (every other session ends); accounts that sign in only with Google
// have none, and are told so rather than offered a form.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordProblem, recoveryErrorKey } from '../../auth/recovery-model.ts';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
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

type Field = 'current' | 'next' | 'confirm' | 'form';

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
  const ids = { current: useId(), next: useId(), hint: useId(), confirm: useId(), error: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setError({ field: 'current', key: 'errors.passwordRequired' });
    const problem = newPasswordProblem(next, confirm);
    if (problem) return setError({ field: problem === 'errors.mismatch' ? 'confirm' : 'next', key: problem });
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
            key === 'errors.wrongPassword' ? 'current' : key === 'errors.weakPassword' ? 'next' : 'form';
          setError({ field, key });
        },
      },
    );
  };

  const describedBy = (field: Field, hint?: string) =>
    [hint ?? '', error?.field === field ? ids.error : ''].join(' ').trim() || undefined;
  const input = (field: 'current' | 'next' | 'confirm', value: string, set: (value: string) => void) => (
    <input
      id={ids[field]}
      type="password"
      className="text-input"
      autoComplete={field === 'current' ? 'current-password' : 'new-password'}
      maxLength={1024}
      value={value}
      aria-invalid={error?.field === field ? true : undefined}
      aria-describedby={describedBy(field, field === 'next' ? ids.hint : undefined)}
      onChange={(event) => set(event.target.value)}
    />
  );

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={ids.current} className="field-label">
          {t('password.current')}
        </label>
        {input('current', current, setCurrent)}
      </div>
      <div className="field">
        <label htmlFor={ids.next} className="field-label">
          {t('common.newPassword')}
        </label>
        {input('next', next, setNext)}
        <p id={ids.hint} className="field-hint">
          {t('common.passwordRules')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={ids.confirm} className="field-label">
          {t('common.confirmPassword')}
        </label>
        {input('confirm', confirm, setConfirm)}
      </div>
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
