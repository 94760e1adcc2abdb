// A modal question before an action that cannot be taken back (cancel a plan, revoke a key, delete the
// account): Escape, the overlay and the cancel button all say no; focus stays inside while it is open.
import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../components/icons.tsx';
import { useDialog } from '../../components/use-dialog.ts';

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  busy?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const close = () => {
    if (!busy) onClose();
  };
  useDialog(true, close, panelRef);

  // On <body>: a section's blurred card would otherwise be the containing block of the fixed overlay.
  return createPortal(
    <div className="modal settings-dialog">
      <div className="modal__overlay" aria-hidden="true" onClick={close} />
      <div
        ref={panelRef}
        className="modal__panel confirm-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
        <button
          type="button"
          className="icon-button modal__close"
          aria-label={t('common.cancel')}
          onClick={close}
        >
          <CloseIcon />
        </button>
        <h2 id={titleId} className="confirm-dialog__title">
          {title}
        </h2>
        <div id={bodyId} className="confirm-dialog__body">
          {children}
        </div>
        <div className="confirm-dialog__actions">
          <button type="button" className="button" onClick={close} disabled={busy} data-autofocus>
            {cancelLabel ?? t('common.cancel')}
          </button>
          <button
            type="button"
            className={tone === 'danger' ? 'button button--danger' : 'button button--primary'}
            onClick={onConfirm}
            disabled={busy || confirmDisabled}
          >
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
