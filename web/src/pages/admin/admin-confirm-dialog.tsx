// "Are you sure?" before a moderation action: names what will happen, keeps focus inside, shows the
// server's refusal in place (the dialog stays open so the admin reads it), Escape or Cancel backs out.
import { useCallback, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/icons.tsx';
import { useDialog } from '../../components/use-dialog.ts';

export interface ConfirmRequest {
  title: string;
  text: string;
  confirmLabel: string;
  /** Destructive actions get the red button. */
  tone: 'danger' | 'primary';
  run: () => Promise<unknown>;
}

interface ConfirmDialogProps {
  request: ConfirmRequest;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ request, busy, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('admin');
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();
  const cancel = useCallback(() => {
    if (!busy) onCancel();
  }, [busy, onCancel]);
  useDialog(true, cancel, panelRef);

  return (
    <div className="modal">
      <div className="modal__overlay" aria-hidden="true" onClick={cancel} />
      <div
        ref={panelRef}
        className="admin-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <h2 id={titleId} className="admin-dialog__title">
          {request.title}
        </h2>
        <p id={textId} className="admin-dialog__text">
          {request.text}
        </p>
        {error ? (
          <div className="notice notice--danger admin-dialog__error" role="alert">
            <AlertIcon className="notice__icon" />
            <span className="notice__body">{error}</span>
          </div>
        ) : null}
        <div className="admin-dialog__buttons">
          <button type="button" className="button" onClick={cancel} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={request.tone === 'danger' ? 'button button--solid-danger' : 'button button--primary'}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {request.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
