// "Are you sure?" before something that cannot be undone (deleting images, a conversation, an API key, the
// account) or that costs money (a plan change). The caller translates the texts; Cancel has the focus
// first, so Enter on an accidental open does no harm; Escape and the overlay say no too. It is placed on
// <body>, so no blurred or transformed card of the page becomes the containing block of its overlay.
import { type ReactNode, useCallback, useId } from 'react';
import { DialogFrame } from './dialog-frame.tsx';
import { AlertIcon } from './icons.tsx';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  /** While the action runs: the buttons wait and the dialog stays open. */
  busy?: boolean;
  /** A refusal of the action, shown in place so it is read before the dialog closes. */
  error?: string | null;
  /** Destructive actions (the default) get the warning sign and the red button. */
  tone?: 'danger' | 'primary';
  /** More to read or fill in below the text (e.g. typing a name to confirm). */
  children?: ReactNode;
  /** Until what `children` asks for is done. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  busy = false,
  error = null,
  tone = 'danger',
  children,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const cancel = useCallback(() => {
    if (!busy) onCancel();
  }, [busy, onCancel]);

  return (
    <DialogFrame
      onClose={cancel}
      className="confirm-dialog"
      role="alertdialog"
      labelledBy={titleId}
      describedBy={textId}
      portal
    >
      {tone === 'danger' ? (
        <span className="confirm-dialog__icon">
          <AlertIcon />
        </span>
      ) : null}
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <p id={textId} className="confirm-dialog__text">
        {text}
      </p>
      {children ? <div className="confirm-dialog__extra">{children}</div> : null}
      {error ? (
        <div className="notice notice--danger confirm-dialog__error" role="alert">
          <AlertIcon className="notice__icon" />
          <span className="notice__body">{error}</span>
        </div>
      ) : null}
      <div className="confirm-dialog__actions">
        <button type="button" className="button" onClick={cancel} disabled={busy} data-autofocus>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={tone === 'danger' ? 'button button--danger' : 'button button--primary'}
          onClick={onConfirm}
          disabled={busy || confirmDisabled}
          aria-busy={busy || undefined}
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {confirmLabel}
        </button>
      </div>
    </DialogFrame>
  );
}
