// The rules of the toast stack, kept apart from React so they can be tested: identical messages collapse
// into one, at most MAX_TOASTS show at once (the oldest goes), and a message the page already shows in an
// alert or status line is not repeated as a toast.

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** More than this and toasts stop being read: the oldest makes room. */
export const MAX_TOASTS = 3;

/** The stack with `toast` added: a twin (same text) is replaced, so it shows once, newest last. */
export function withToast(current: readonly Toast[], toast: Toast, max = MAX_TOASTS): Toast[] {
  return [...current.filter((shown) => shown.text !== toast.text), toast].slice(-max);
}

const INLINE_MESSAGES = '[role="alert"], [role="status"], [aria-live]';

/**
 * Whether the page already shows `text` in an alert, a status line or a live region outside the toasts:
 * an inline error (or a dialog's own confirmation) needs no second voice.
 */
export function shownInline(text: string, root: ParentNode, toasts: Element | null): boolean {
  const wanted = text.trim();
  if (!wanted) return false;
  for (const element of root.querySelectorAll<HTMLElement>(INLINE_MESSAGES)) {
    if (toasts?.contains(element)) continue;
    if (!element.textContent?.includes(wanted)) continue;
    const visible =
      typeof element.checkVisibility === 'function'
        ? element.checkVisibility()
        : element.offsetParent !== null;
    if (visible) return true;
  }
  return false;
}
