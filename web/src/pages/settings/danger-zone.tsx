// Account deletion: confirmed by typing the username (or, for a Google account without one, the e-mail
// address); then the session ends here too and the visitor is sent home.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SessionUser } from '../../api/auth.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { TrashIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { useDeleteAccount } from '../../hooks/use-account.ts';
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
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const phrase = deletionPhrase(user);
  const confirmed = confirmsDeletion(typed, phrase);

  const confirm = () => {
    if (!confirmed) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        toast('success', t('danger.deleted'));
        endSession();
        navigate(localizedPath(locale), { replace: true });
      },
      onError: () => toast('error', t('danger.failed')),
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
      </form>
    </ConfirmDialog>
  );
}
