import { TEST_CARD_DISPLAY } from '@pictura/common/test-card';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, RetryIcon } from '../../components/icons.tsx';
import { useResetTestUser } from '../../hooks/use-reset-test-user.ts';
import { resetErrorText } from './pricing-model.ts';
import { PRICING_NAMESPACE } from './pricing-texts.ts';

/** A reset's outcome stays on screen this long (spec 8: the server's detail for 5 s). */
const RESULT_MS = 5000;

/**
 * Test mode only (the plans response says so): the test card to pay with, and for signed-in users the
 * reset that clears their test subscriptions so checkout can be tried again.
 */
export function TestModePanel({ userId }: { userId: number | null }) {
  const { t } = useTranslation(PRICING_NAMESPACE);
  const reset = useResetTestUser(userId ?? 0);
  const [result, setResult] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), RESULT_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const onReset = () => {
    setResult(null);
    reset.mutate(undefined, {
      onSuccess: () => {
        // Said beside the button (a live region); no toast repeating it.
        setResult({ tone: 'success', text: t('testMode.resetDone') });
      },
      onError: (error) => {
        const problem = resetErrorText(error);
        setResult({ tone: 'danger', text: 'key' in problem ? t(problem.key) : problem.text });
      },
    });
  };

  return (
    <section className="test-mode" aria-labelledby="pricing-test-mode">
      <div className="test-mode__body">
        <h2 id="pricing-test-mode" className="test-mode__title">
          <span className="test-mode__badge">{t('testMode.badge')}</span>
          {t('testMode.title')}
        </h2>
        <p className="test-mode__text">
          {t('testMode.cardIntro')} <code className="test-mode__card">{TEST_CARD_DISPLAY}</code>
        </p>
        <p className="test-mode__text">{t('testMode.anyExpiry')}</p>
      </div>
      {userId !== null ? (
        <div className="test-mode__reset">
          <button type="button" className="button" disabled={reset.isPending} onClick={onReset}>
            {reset.isPending ? <span className="spinner spinner--dark" aria-hidden="true" /> : <RetryIcon />}
            {reset.isPending ? t('testMode.resetting') : t('testMode.reset')}
          </button>
          <p className="test-mode__hint">{t('testMode.resetHint')}</p>
          <div aria-live="polite">
            {result ? (
              <p className={`test-mode__result test-mode__result--${result.tone}`}>
                {result.tone === 'danger' ? <AlertIcon width={18} height={18} /> : null}
                {result.text}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
