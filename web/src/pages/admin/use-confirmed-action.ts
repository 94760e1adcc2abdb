// One confirmation at a time per page: ask, run the action, close and report success, or keep the
// dialog open with the reason it failed.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast.tsx';
import { adminErrorText } from './admin-errors.ts';

/** What a moderation action asks before it runs. */
export interface ConfirmRequest {
  title: string;
  text: string;
  confirmLabel: string;
  /** Destructive actions get the red button. */
  tone: 'danger' | 'primary';
  run: () => Promise<unknown>;
}

export interface PendingConfirmation {
  request: ConfirmRequest;
  /** Said in a toast once the action has succeeded; a function words it from what the action answered. */
  success: string | ((result: unknown) => string);
  /** Translation key for a failure without a message of its own. */
  fallbackKey: string;
}

export function useConfirmedAction() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [pending, setPending] = useState<PendingConfirmation | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = useCallback((confirmation: PendingConfirmation) => {
    setError(null);
    setPending(confirmation);
  }, []);

  const cancel = useCallback(() => {
    setPending(null);
    setError(null);
  }, []);

  const confirm = useCallback(async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const result = await pending.request.run();
      setPending(null);
      toast('success', typeof pending.success === 'function' ? pending.success(result) : pending.success);
    } catch (caught) {
      const text = adminErrorText(caught, pending.fallbackKey);
      const message = 'key' in text ? t(text.key) : text.text;
      setError(message);
      toast('error', message);
    } finally {
      setBusy(false);
    }
  }, [pending, t, toast]);

  return { pending, busy, error, ask, cancel, confirm };
}
