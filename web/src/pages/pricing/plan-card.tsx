import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { BillingPeriod, PlanInfo } from '../../api/payments.ts';
import { CheckIcon, CrownIcon } from '../../components/icons.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import {
  formatPrice,
  type PlanAction,
  perMonthCents,
  priceCents,
  yearlySavingCents,
  yearlySavingPercent,
} from './pricing-model.ts';
import { PRICING_NAMESPACE } from './pricing-texts.ts';

interface PlanCardProps {
  plan: PlanInfo;
  currency: string;
  period: BillingPeriod;
  action: PlanAction;
  /** The plan highlighted as the usual choice (Premium). */
  featured: boolean;
  /** This card's checkout is being created. */
  pending: boolean;
  /** Another checkout is being created: buttons wait. */
  busy: boolean;
  onCheckout: (plan: PlanInfo) => void;
  onContactSales: () => void;
}

export function PlanCard({
  plan,
  currency,
  period,
  action,
  featured,
  pending,
  busy,
  onCheckout,
  onContactSales,
}: PlanCardProps) {
  const { t } = useTranslation(PRICING_NAMESPACE);
  const locale = useLocale();
  const titleId = useId();
  const name = t(`plans.${plan.id}.name`, { defaultValue: plan.name });
  const current = action === 'current';
  const classes = ['plan-card', `plan-card--${plan.id}`];
  if (featured) classes.push('plan-card--featured');
  if (current) classes.push('plan-card--current');

  return (
    <article className={classes.join(' ')} aria-labelledby={titleId}>
      <div className="plan-card__head">
        <h2 id={titleId} className="plan-card__name">
          {plan.id === 'ultimate' ? <CrownIcon width={18} height={18} /> : null}
          {name}
        </h2>
        {current ? (
          <span className="plan-card__badge plan-card__badge--current">{t('badges.current')}</span>
        ) : featured ? (
          <span className="plan-card__badge">{t('badges.popular')}</span>
        ) : null}
      </div>
      <p className="plan-card__tagline">{t(`plans.${plan.id}.tagline`, { defaultValue: '' })}</p>
      <PlanPrice plan={plan} currency={currency} period={period} locale={locale} />
      <div className="plan-card__action">
        {action === 'checkout' ? (
          <button
            type="button"
            className={featured ? 'button button--primary button--large' : 'button button--large'}
            disabled={busy}
            aria-busy={pending || undefined}
            onClick={() => onCheckout(plan)}
          >
            {pending ? <span className="spinner" aria-hidden="true" /> : null}
            {pending ? t('actions.redirecting') : t('actions.choose', { plan: name })}
          </button>
        ) : action === 'current' ? (
          <button type="button" className="button button--large" disabled>
            <CheckIcon />
            {t('actions.current')}
          </button>
        ) : action === 'contact-sales' ? (
          <button type="button" className="button button--large" onClick={onContactSales}>
            {t('actions.contactSales')}
          </button>
        ) : action === 'manage' ? (
          <Link to={localizedPath(locale, '/settings')} className="button button--large">
            {t('actions.manage')}
          </Link>
        ) : (
          <Link to={localizedPath(locale, '/')} className="button button--large">
            {t('actions.startFree')}
          </Link>
        )}
      </div>
      <ul className="plan-card__features" aria-label={t('featuresLabel', { plan: name })}>
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckIcon className="plan-card__check" width={18} height={18} />
            <span>{t(`features.${feature}`, { defaultValue: feature.replaceAll('_', ' ') })}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

function PlanPrice({
  plan,
  currency,
  period,
  locale,
}: {
  plan: PlanInfo;
  currency: string;
  period: BillingPeriod;
  locale: string;
}) {
  const { t } = useTranslation(PRICING_NAMESPACE);
  if (plan.contact_sales) {
    return (
      <div className="plan-price">
        <p className="plan-price__amount plan-price__amount--text">{t('price.custom')}</p>
        <p className="plan-price__note">{t('price.customNote')}</p>
      </div>
    );
  }
  const cents = priceCents(plan, period);
  if (cents === null) {
    return (
      <div className="plan-price">
        <p className="plan-price__amount">
          {formatPrice(0, currency, locale)}
          <span className="plan-price__per">{t('price.perMonth')}</span>
        </p>
        <p className="plan-price__note">{t('price.freeNote')}</p>
      </div>
    );
  }
  const saving = yearlySavingCents(plan);
  return (
    <div className="plan-price">
      <p className="plan-price__amount">
        {formatPrice(cents, currency, locale)}
        <span className="plan-price__per">{t(period === 'yearly' ? 'price.perYear' : 'price.perMonth')}</span>
      </p>
      <p className="plan-price__note">
        {period === 'yearly' ? (
          <>
            {t('price.billedYearly', { price: formatPrice(perMonthCents(cents), currency, locale) })}
            {saving > 0 ? (
              <span className="plan-price__saving">
                {t('price.yearlySaving', {
                  amount: formatPrice(saving, currency, locale),
                  percent: yearlySavingPercent(plan),
                })}
              </span>
            ) : null}
          </>
        ) : (
          t('price.billedMonthly')
        )}
      </p>
    </div>
  );
}
