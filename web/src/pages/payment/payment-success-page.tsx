// /{locale}/payment/success (spec 2, 4): where the checkout returns with signed parameters. Processing while
// POST /api/payments/verify-signature answers, then the order, subscription, plan and its features, or
// one of spec 8's payment errors. Never asks for sign-in (the auth context keeps the modal shut here).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context.tsx';
import { ArrowBackIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { queryKeys } from '../../hooks/query-keys.ts';
import { usePaymentVerification } from '../../hooks/use-payment-verification.ts';
import { usePricingPlans } from '../../hooks/use-pricing-plans.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { paymentReturnFrom } from '../pricing/pricing-model.ts';
import { loadPricingTexts, PRICING_NAMESPACE } from '../pricing/pricing-texts.ts';
import { paymentOutcome } from './payment-model.ts';
import { FeatureList, PaidActions, PaymentResult, usePlanLabel } from './payment-result.tsx';

await loadPricingTexts();

export default function PaymentSuccessPage() {
  return (
    <NamespaceGate namespace={PRICING_NAMESPACE}>
      <PaymentSuccess />
    </NamespaceGate>
  );
}

function PaymentSuccess() {
  const { t } = useTranslation(PRICING_NAMESPACE);
  const locale = useLocale();
  const [search] = useSearchParams();
  const parameters = useMemo(() => paymentReturnFrom(search), [search]);
  const verification = usePaymentVerification(parameters);
  const { user } = useAuth();
  const { plans } = usePricingPlans();
  const queryClient = useQueryClient();
  const planLabel = usePlanLabel();

  const outcome = paymentOutcome(
    parameters,
    verification.isSuccess
      ? { status: 'done', result: verification.data }
      : verification.isError
        ? { status: 'failed', error: verification.error }
        : { status: 'pending' },
  );
  const title =
    outcome.kind === 'success'
      ? t('payment.successTitle')
      : outcome.kind === 'error'
        ? t('payment.failedTitle')
        : t('payment.processing');
  useDocumentTitle(`${title} · ${t('app.name', { ns: 'translation' })}`);

  // The plan changed: read the subscriptions again, so the upgrade banner and prompts go away.
  const userId = user?.id ?? null;
  useEffect(() => {
    if (outcome.kind !== 'success' || userId === null) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions(userId) });
  }, [outcome.kind, userId, queryClient]);

  if (outcome.kind === 'processing') {
    return <PaymentResult tone="working" title={title} text={t('payment.processingText')} />;
  }

  if (outcome.kind === 'error') {
    return (
      <PaymentResult
        tone="error"
        title={title}
        text={
          <>
            <p className="payment-result__message">{t(outcome.key)}</p>
            <p>{t('payment.failedHelp')}</p>
          </>
        }
        actions={
          <>
            <Link to={localizedPath(locale, '/pricing')} className="button button--primary">
              <ArrowBackIcon className="icon-flip" />
              {t('payment.backToPricing')}
            </Link>
            <Link to={localizedPath(locale, '/contact')} className="button">
              {t('payment.contactSupport')}
            </Link>
          </>
        }
      />
    );
  }

  const features = plans.plans.find((plan) => plan.id === outcome.paid.plan)?.features ?? [];
  const name = t(`plans.${outcome.paid.plan}.name`, { defaultValue: outcome.paid.plan });
  return (
    <PaymentResult
      tone="success"
      title={title}
      text={
        <p>{outcome.subscriptionId ? t('payment.successText', { plan: name }) : t('payment.verifiedText')}</p>
      }
      actions={<PaidActions />}
    >
      <dl className="payment-details">
        <div>
          <dt>{t('payment.orderId')}</dt>
          <dd>
            <code>{outcome.orderId}</code>
          </dd>
        </div>
        <div>
          <dt>{t('payment.subscriptionId')}</dt>
          <dd>{outcome.subscriptionId ? <code>{outcome.subscriptionId}</code> : t('payment.notLinked')}</dd>
        </div>
        <div>
          <dt>{t('payment.plan')}</dt>
          <dd>{planLabel(outcome.paid)}</dd>
        </div>
      </dl>
      <FeatureList features={features} label={t('payment.included')} />
    </PaymentResult>
  );
}
