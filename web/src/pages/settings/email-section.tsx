// E-mail address: the verified one, one waiting for its link to be opened, and a form that mails a
// confirmation link to a new address. A verified address is what a forgotten password is reset through.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailProblem, recoveryErrorKey } from '../../auth/recovery-model.ts';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useToast } from '../../components/toast.tsx';
import { useAccountSecurity, useRequestEmailVerification } from '../../hooks/use-account-recovery.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { SettingsSection } from './settings-section.tsx';

export function EmailSection({ userId }: { userId: number }) {
  return (
    <NamespaceGate namespace="account">
      <Email userId={userId} />
    </NamespaceGate>
  );
}

function Email({ userId }: { userId: number }) {
  const { t } = useTranslation('account');
  const security = useAccountSecurity(userId);
  const data = security.data;
  return (
    <SettingsSection id="email" title={t('email.heading')} intro={t('email.intro')}>
      {security.isPending ? (
        <span className="skeleton skeleton--text" aria-label={t('common.loading')} role="img" />
      ) : !data ? (
        <p className="field-error" role="alert">
          {t('errors.generic')}
        </p>
      ) : (
        <>
          <dl className="settings-facts">
            <div className="settings-facts__item">
              <dt>{t('email.current')}</dt>
              <dd className="settings-facts__wrap">
                {data.email ? (
                  <>
                    <bdi>{data.email}</bdi>{' '}
                    <span className="settings-badge settings-badge--success">{t('email.verified')}</span>
                  </>
                ) : (
                  <span className="settings-muted">{t('email.none')}</span>
                )}
              </dd>
            </div>
            {data.pending_email ? (
              <div className="settings-facts__item">
                <dt>{t('email.pending')}</dt>
                <dd className="settings-facts__wrap">
                  <bdi>{data.pending_email}</bdi>{' '}
                  <span className="settings-badge settings-badge--warning">{t('email.notVerified')}</span>
                </dd>
              </div>
            ) : null}
          </dl>
          {data.pending_email ? (
            <p className="field-hint" role="status">
              {t('email.checkInbox', { email: data.pending_email })}
            </p>
          ) : null}
          {!data.email && data.has_password ? <p className="field-hint">{t('email.whyAdd')}</p> : null}
          {data.mail_enabled ? (
            <EmailForm userId={userId} hasEmail={data.email !== ''} />
          ) : (
            <p className="notice notice--info">{t('email.mailOff')}</p>
          )}
        </>
      )}
    </SettingsSection>
  );
}

function EmailForm({ userId, hasEmail }: { userId: number; hasEmail: boolean }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const toast = useToast();
  const request = useRequestEmailVerification(userId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { email: useId(), error: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    if (problem) return setError(problem);
    setError(null);
    request.mutate(
      { email: email.trim(), lang: locale },
      {
        onSuccess: () => {
          setEmail('');
          toast('success', t('email.sent'));
        },
        onError: (caught) => setError(recoveryErrorKey(caught)),
      },
    );
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={ids.email} className="field-label">
          {hasEmail ? t('email.newAddress') : t('email.address')}
        </label>
        <input
          id={ids.email}
          type="email"
          inputMode="email"
          dir="ltr"
          className="text-input"
          autoComplete="email"
          maxLength={254}
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      {error ? (
        <p id={ids.error} className="field-error" role="alert">
          {t(error)}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button button--primary" disabled={request.isPending}>
          {request.isPending ? <span className="spinner" aria-hidden="true" /> : null}
          {t('email.submit')}
        </button>
      </div>
    </form>
  );
}
