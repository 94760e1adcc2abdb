// Account deletion: confirmed by typing the username (or, for a Google account without one, the e-mail
// address) and, for an account with a password, the password again (the server checks it; an account without
// one must have signed in within 10 minutes). Then the session ends here too and the visitor is sent home.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SessionUser } from '../../api/auth.ts';
import { ApiError } from '../../api/http.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { TrashIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { useDeleteAccount } from '../../hooks/use-account.ts';
import { useAccountSecurity } from '../../hooks/use-account-recovery.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { confirmsDeletion, deletionPhrase } from './settings-model.ts';
import { SentenceWith, SettingsSection, SLOT } from './settings-section.tsx';

export function DangerZone({ user }: { user: SessionUser }) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection id="delete-account" title={t('danger.heading')} tone="danger">
      <div className="danger-row">
        <div className="danger-row__text">
          <h3 className="settings-subheading">{t('danger.title')}</h3>
          <p className="settings-muted">{t('danger.text')}</p>
        </div>
        <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
          <TrashIcon />
          {t('danger.action')}
        </button>
      </div>
      {open ? <DeleteAccountDialog user={user} onClose={() => setOpen(false)} /> : null}
    </SettingsSection>
  );
}

function DeleteAccountDialog({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const navigate = useNavigate();
  const locale = useLocale();
  const { endSession } = useAuth();
  const remove = useDeleteAccount();
  // Until the answer comes, ask for the password: most accounts have one.
  const hasPassword = useAccountSecurity(user.id).data?.has_password ?? true;
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const inputId = useId();
  const passwordId = useId();
  const refusalId = useId();
  const phrase = deletionPhrase(user);
  const confirmed = confirmsDeletion(typed, phrase) && (!hasPassword || password !== '');

  const confirm = () => {
    if (!confirmed) return;
    setRefusal(undefined);
    remove.mutate(hasPassword ? { password, confirmation: typed } : { confirmation: typed }, {
      onSuccess: () => {
        toast('success', t('danger.deleted'));
        endSession();
        navigate(localizedPath(locale), { replace: true });
      },
      onError: (caught) => {
        const code = caught instanceof ApiError ? caught.code : '';
        if (code === 'wrong_password') setRefusal(t('danger.wrongPassword'));
        else if (code === 'recent_sign_in_required') setRefusal(t('danger.recentSignIn'));
        else if (code === 'deletion_incomplete') setRefusal(t('danger.incomplete'));
        else toast('error', t('danger.failed'));
      },
    });
  };

  return (
    <ConfirmDialog
      title={t('danger.confirmTitle')}
      text={t('danger.confirmText')}
      confirmLabel={t('danger.confirm')}
      cancelLabel={t('common.cancel')}
      busy={remove.isPending}
      confirmDisabled={!confirmed}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <form
        className="field danger-confirm"
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <label htmlFor={inputId} className="field-label">
          <SentenceWith text={t('danger.typeToConfirm', { phrase: SLOT })}>
            <strong className="danger-confirm__phrase">
              <bdi>{phrase}</bdi>
            </strong>
          </SentenceWith>
        </label>
        <input
          id={inputId}
          className="text-input"
          value={typed}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          data-autofocus
          onChange={(event) => setTyped(event.target.value)}
        />
        {hasPassword ? (
          <>
            <label htmlFor={passwordId} className="field-label">
              {t('danger.passwordLabel')}
            </label>
            <input
              id={passwordId}
              type="password"
              className="text-input"
              autoComplete="current-password"
              maxLength={1024}
              value={password}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? refusalId : undefined}
              onChange={(event) => setPassword(event.target.value)}
            />
          </>
        ) : null}
        {refusal ? (
          <p id={refusalId} className="field-error" role="alert">
            {refusal}
          </p>
        ) : null}
      </form>
    </ConfirmDialog>
  );
}
