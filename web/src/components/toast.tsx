// Minimal toasts: short messages in a polite live region (errors assertive), each gone after a few seconds.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './toast.css';

export type ToastKind = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

type ShowToast = (kind: ToastKind, text: string) => void;

const ToastContext = createContext<ShowToast>(() => {});

const TOAST_MS = 4000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback<ShowToast>(
    (kind, text) => {
      const id = ++nextId.current;
      // A repeated message replaces its twin instead of stacking.
      setToasts((current) =>
        [...current.filter((toast) => toast.text !== text), { id, kind, text }].slice(-3),
      );
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );

  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <section className="toasts" aria-label={t('toast.region')}>
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
