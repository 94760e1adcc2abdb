// The one frame every dialog of the app sits in: a backdrop, a panel labelled by its title, and the modal
// behaviour of use-dialog.ts (Escape closes, Tab stays inside, focus moves in and back, the page does not
// scroll). What the panel holds, and its own look (a class on the panel), stays with each dialog.
import { type KeyboardEvent, type ReactNode, type RefObject, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons.tsx';
import { useDialog } from './use-dialog.ts';
import './dialog-frame.css';

interface DialogFrameProps {
  /** Escape, the close button and (unless `backdropCloses` is false) a click on the backdrop. */
  onClose: () => void;
  /** The panel's own classes (its size and look). */
  className: string;
  /** More classes on the frame around backdrop and panel. */
  frameClassName?: string;
  /** A centred card, or the navigation drawer sliding in from the start edge. */
  variant?: 'modal' | 'drawer';
  role?: 'dialog' | 'alertdialog';
  /** The id of the visible title; `label` where the dialog has none. */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  /** False while another dialog is open above this one: it then leaves the keyboard and focus alone. */
  active?: boolean;
  /** A click beside the panel closes it; off where closing would only ever be by accident. */
  backdropCloses?: boolean;
  /** Placed on <body>, so no blurred or transformed card of the page becomes its containing block. */
  portal?: boolean;
  /** For callers that look inside the panel (to focus a field). */
  panelRef?: RefObject<HTMLDivElement | null>;
  id?: string;
  testId?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  children: ReactNode;
}

export function DialogFrame({
  onClose,
  className,
  frameClassName,
  variant = 'modal',
  role = 'dialog',
  labelledBy,
  label,
  describedBy,
  active = true,
  backdropCloses = true,
  portal = false,
  panelRef,
  id,
  testId,
  onKeyDown,
  children,
}: DialogFrameProps) {
  const ownRef = useRef<HTMLDivElement>(null);
  const ref = panelRef ?? ownRef;
  useDialog(active, onClose, ref);

  const frame = (
    <div className={frameClassName ? `${variant} ${frameClassName}` : variant} id={id}>
      <div
        className={`${variant}__overlay`}
        aria-hidden="true"
        onClick={backdropCloses ? onClose : undefined}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is 'dialog' or 'alertdialog', both modal */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keys a dialog adds (a viewer's arrows) */}
      <div
        ref={ref}
        className={className}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={label}
        aria-describedby={describedBy}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
  return portal ? createPortal(frame, document.body) : frame;
}

/** The round × button of a dialog's corner or header. */
export function DialogCloseButton({
  label,
  onClick,
  className,
  autoFocus = false,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  /** Takes the focus when the dialog opens. */
  autoFocus?: boolean;
}) {
  return (
    <button
      type="button"
      className={className ? `icon-button ${className}` : 'icon-button'}
      aria-label={label}
      onClick={onClick}
      data-autofocus={autoFocus || undefined}
    >
      <CloseIcon />
    </button>
  );
}
