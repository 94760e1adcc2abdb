// /{locale}/subscription/success (spec 2, 4): loading, then the active plan or one of spec 8's subscription
// failures. Signed return parameters, when the address has them, are verified first; an old plan label
// (starter, pro, business) in the address is shown as today's plan. Needs no sign-in to open.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { fetchSubscriptions } from '../../api/auth.ts';
import type { SubscriptionRecord } from '../../api/payments.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { queryKeys } from '../../hooks/query-keys.ts';
import { usePaymentVerification } from '../../hooks/use-payment-verification.ts';
import { usePricingPlans } from '../../hooks/use-pricing-plans.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { paymentReturnFrom } from '../pricing/pricing-model.ts';
import { loadPricingTexts, PRICING_NAMESPACE } from '../pricing/pricing-texts.ts';
import { type SubscriptionInputs, subscriptionOutcome } from './payment-model.ts';
import { FeatureList, PaidActions, PaymentResult, usePlanLabel } from './payment-result.tsx';

await loadPricingTexts();

export default function SubscriptionSuccessPage() {
  return (
    <NamespaceGate namespace={PRICING_NAMESPACE}>
      <SubscriptionSuccess />
    </NamespaceGate>
  );
}

function SubscriptionSuccess() {
  const { t } = useTranslation(PRICING_NAMESPACE);
  const locale = useLocale();
  const [search] = useSearchParams();
  const parameters = useMemo(() => paymentReturnFrom(search), [search]);
  const { checking, user, openSignIn } = useAuth();
  const verification = usePaymentVerification(parameters);
  const { plans } = usePricingPlans();
  const planLabel = usePlanLabel();
  // The same list the auth context keeps, read afresh: the plan has just changed.
  const subscriptions = useQuery({
    queryKey: queryKeys.subscriptions(user?.id ?? 0),
    queryFn: ({ signal }) => fetchSubscriptions(signal),
    enabled: user !== null,
    staleTime: 0,
    retry: 1,
  });

  const inputs: SubscriptionInputs = {
    authChecking: checking,
    signedIn: user !== null,
    verification: !parameters
      ? 'none'
      : verification.isSuccess
        ? verification.data.valid
          ? 'valid'
          : 'invalid'
        : verification.isError
          ? 'failed'
          : 'pending',
    subscriptions: subscriptions.isSuccess
      ? { status: 'success', items: subscriptions.data as SubscriptionRecord[] }
      : subscriptions.isError
        ? { status: 'error' }
        : { status: 'pending' },
    planHint: search.get('plan')?.trim() || parameters?.product_id || null,
  };
  const outcome = subscriptionOutcome(inputs);
  const title =
    outcome.kind === 'success'
      ? t('subscription.successTitle')
      : outcome.kind === 'failure'
        ? t('subscription.failedTitle')
        : t('subscription.loading');
  useDocumentTitle(`${title} · ${t('app.name', { ns: 'translation' })}`);

  if (outcome.kind === 'loading') {
    return <PaymentResult tone="working" title={title} />;
  }

  if (outcome.kind === 'failure') {
    const needsSignIn =
      outcome.key === 'subscription.loginRequired' || outcome.key === 'subscription.loadFailed';
    return (
      <PaymentResult
        tone="error"
        title={title}
        text={<p className="payment-result__message">{t(outcome.key)}</p>}
        actions={
          <>
            {needsSignIn ? (
              <button type="button" className="button button--primary" onClick={openSignIn}>
                {t('subscription.signIn')}
              </button>
            ) : (
              <Link to={localizedPath(locale, '/contact')} className="button button--primary">
                {t('payment.contactSupport')}
              </Link>
            )}
            <Link to={localizedPath(locale, '/pricing')} className="button">
              {t('payment.backToPricing')}
            </Link>
          </>
        }
      />
    );
  }

  const features = plans.plans.find((plan) => plan.id === outcome.paid.plan)?.features ?? [];
  const name = t(`plans.${outcome.paid.plan}.name`, { defaultValue: outcome.paid.plan });
  const periodEnd = outcome.periodEnd ? new Date(outcome.periodEnd) : null;
  return (
    <PaymentResult
      tone="success"
      title={title}
      text={<p>{t('subscription.successText', { plan: name })}</p>}
      actions={<PaidActions />}
    >
      <dl className="payment-details">
        <div>
          <dt>{t('payment.plan')}</dt>
          <dd>{planLabel(outcome.paid)}</dd>
        </div>
        {periodEnd && !Number.isNaN(periodEnd.getTime()) ? (
          <div>
            <dt>{outcome.cancelAtPeriodEnd ? t('subscription.endsOn') : t('subscription.renewsOn')}</dt>
            <dd>{new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(periodEnd)}</dd>
          </div>
        ) : null}
      </dl>
      <FeatureList features={features} label={t('payment.included')} />
    </PaymentResult>
  );
}
