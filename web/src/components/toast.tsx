// Minimal toasts: short messages in a polite live region, each gone after a few seconds. Identical ones
// collapse, at most three show, text already on the page (an inline error) is not repeated, and they sit
// above dialogs, under the top bar, clear of the page's controls (toast.css).
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownInline, type Toast, type ToastKind, withToast } from './toast-queue.ts';
import './toast.css';

export type { ToastKind } from './toast-queue.ts';

type ShowToast = (kind: ToastKind, text: string) => void;

const ToastContext = createContext<ShowToast>(() => {});

const TOAST_MS = 4000;

/** Once the caller's own update (an inline message set in the same turn) is on screen: after the next frame. */
function afterNextFrame(run: () => void): void {
  if (document.hidden) setTimeout(run, 50);
  else requestAnimationFrame(() => setTimeout(run, 0));
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const regionRef = useRef<HTMLElement>(null);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback<ShowToast>(
    (kind, text) => {
      const id = ++nextId.current;
      afterNextFrame(() => {
        if (shownInline(text, document, regionRef.current)) return;
        setToasts((current) => withToast(current, { id, kind, text }));
        setTimeout(() => dismiss(id), TOAST_MS);
      });
    },
    [dismiss],
  );

  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <section ref={regionRef} className="toasts" aria-label={t('toast.region')}>
        <div aria-live="polite" className="toasts__list">
          {toasts.map((toast) => (
            <div key={toast.id} className={`toast toast--${toast.kind}`}>
              <span className="toast__text">{toast.text}</span>
              <button
                type="button"
                className="toast__close"
                aria-label={t('toast.dismiss')}
                onClick={() => dismiss(toast.id)}
              >
                ×
              </button>
            </div>
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  return useContext(ToastContext);
}
