import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';

/** Beside the progress of a waiting or running job (generator, chat, upscaler): stops it, keeping nothing. */
export function CancelJobButton({ onCancel, cancelling }: { onCancel: () => void; cancelling: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button button--small cancel-job"
      onClick={onCancel}
      disabled={cancelling}
    >
      <CloseIcon />
      {cancelling ? t('translation:status.cancelling') : t('translation:status.cancel')}
    </button>
  );
}
