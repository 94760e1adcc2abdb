import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import type { useConfirmedAction } from './use-confirmed-action.ts';

/** The dialog of a page's pending moderation action, if there is one. */
export function ConfirmationDialog({
  confirmation,
}: {
  confirmation: ReturnType<typeof useConfirmedAction>;
}) {
  const { t } = useTranslation('admin');
  const { pending } = confirmation;
  if (!pending) return null;
  return (
    <ConfirmDialog
      title={pending.request.title}
      text={pending.request.text}
      confirmLabel={pending.request.confirmLabel}
      cancelLabel={t('common.cancel')}
      tone={pending.request.tone}
      busy={confirmation.busy}
      error={confirmation.error}
      onConfirm={() => void confirmation.confirm()}
      onCancel={confirmation.cancel}
    />
  );
}
