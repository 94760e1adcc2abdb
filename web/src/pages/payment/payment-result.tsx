// The frame the payment and subscription result pages share: a status icon, one h1, a line of text, then
// whatever the state has to show (details, features) and the ways on.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context.tsx';
import { AlertIcon, CheckIcon, CloseIcon, SparklesIcon } from '../../components/icons.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { PRICING_NAMESPACE } from '../pricing/pricing-texts.ts';
import type { PaidPlan } from './payment-model.ts';
import './payment-pages.css';

export type ResultTone = 'working' | 'success' | 'cancelled' | 'error';

export function PaymentResult({
  tone,
  title,
  text,
  children,
  actions,
}: {
  tone: ResultTone;
  title: string;
  text?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="payment-page">
      <section
        className={`panel payment-result payment-result--${tone}`}
        aria-labelledby="payment-result-title"
      >
        <span className="payment-result__icon" aria-hidden="true">
          {tone === 'working' ? (
            <span className="spinner spinner--dark payment-result__spinner" />
          ) : tone === 'success' ? (
            <CheckIcon width={28} height={28} />
          ) : tone === 'cancelled' ? (
            <CloseIcon width={28} height={28} />
          ) : (
            <AlertIcon width={28} height={28} />
          )}
        </span>
        <h1 id="payment-result-title" className="payment-result__title">
          {title}
        </h1>
        {/* A live region that is on the page from the start, so each new state is announced. */}
        <div className="payment-result__text" role="status">
          {text}
        </div>
        {children}
        {actions ? <div className="payment-result__actions">{actions}</div> : null}
      </section>
    </div>
  );
}

/** "Premium, billed monthly" (or just the plan when the period is unknown). */
export function usePlanLabel(): (paid: PaidPlan) => string {
  const { t } = useTranslation(PRICING_NAMESPACE);
  return (paid) => {
    const name = t(`plans.${paid.plan}.name`, { defaultValue: paid.plan });
    return paid.period ? t(`planPeriod.${paid.period}`, { plan: name }) : name;
  };
}

/** The plan's features as the pricing page lists them. */
export function FeatureList({ features, label }: { features: readonly string[]; label: string }) {
  const { t } = useTranslation(PRICING_NAMESPACE);
  if (features.length === 0) return null;
  return (
    <div className="payment-result__features">
      <h2 className="payment-result__subtitle">{label}</h2>
      <ul>
        {features.map((feature) => (
          <li key={feature}>
            <CheckIcon width={18} height={18} />
            <span>{t(`features.${feature}`, { defaultValue: feature.replaceAll('_', ' ') })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** After a plan is paid for: start creating, or (signed in) see the plan and payments in settings. */
export function PaidActions() {
  const { t } = useTranslation(PRICING_NAMESPACE);
  const locale = useLocale();
  const { user } = useAuth();
  return (
    <>
      <Link to={localizedPath(locale, '/')} className="button button--primary">
        <SparklesIcon />
        {t('payment.startCreating')}
      </Link>
      {user ? (
        <Link to={localizedPath(locale, '/settings')} className="button">
          {t('payment.viewBilling')}
        </Link>
      ) : null}
    </>
  );
}
