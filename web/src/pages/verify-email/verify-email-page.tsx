// /{locale}/verify-email?token=…: the link of a confirmation mail. Opening it confirms the address (no sign-in
// needed: the link is the proof); the link works once.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { verifyEmail } from '../../api/recovery.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { recoveryErrorKey } from '../../auth/recovery-model.ts';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import '../../components/marketing/marketing.css';
import '../reset-password/recovery-pages.css';

export default function VerifyEmailPage() {
  return (
    <NamespaceGate namespace="account">
      <VerifyEmail />
    </NamespaceGate>
  );
}

type Outcome = { state: 'working' } | { state: 'done'; email: string } | { state: 'failed'; key: string };

function VerifyEmail() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useAuth();
  const queryClient = useQueryClient();
  useDocumentTitle(`${t('verify.title')} · ${t('app.name', { ns: 'translation' })}`);
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { state: 'working' } : { state: 'failed', key: 'errors.linkExpired' },
  );
  // The link works once: one request, even when an effect runs twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verifyEmail(token).then(
      (answer) => {
        setOutcome({ state: 'done', email: answer.user.email });
        void queryClient.invalidateQueries({ queryKey: ['account'] });
      },
      (caught: unknown) => setOutcome({ state: 'failed', key: recoveryErrorKey(caught) }),
    );
  }, [token, queryClient]);

  return (
    <div className="content-page auth-page">
      <PageHeader title={t('verify.title')} />
      <div className="panel auth-form" aria-live="polite">
        {outcome.state === 'working' ? (
          <p className="field-hint">
            <span className="spinner spinner--dark" aria-hidden="true" /> {t('verify.working')}
          </p>
        ) : outcome.state === 'done' ? (
          <p className="notice notice--info" role="status">
            {t('verify.done', { email: outcome.email })}
          </p>
        ) : (
          <p className="field-error" role="alert">
            {t(outcome.key)}
          </p>
        )}
        {outcome.state !== 'working' ? (
          <Link to={localizedPath(locale, user ? '/settings#email' : '/')} className="button">
            {user ? t('verify.toSettings') : t('verify.toHome')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
