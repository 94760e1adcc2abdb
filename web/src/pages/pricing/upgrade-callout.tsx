import { useTranslation } from 'react-i18next';
import type { PlanInfo } from '../../api/payments.ts';
import { BoltIcon, CrownIcon, ShieldIcon, SparklesIcon } from '../../components/icons.tsx';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { formatPrice, priceCents } from './pricing-model.ts';
import { PRICING_NAMESPACE } from './pricing-texts.ts';

/** The upgrade prompt of spec 1: guests and free users only (the page leaves it out for paid plans). */
export function UpgradeCallout({
  plan,
  currency,
  signedIn,
  pending,
  busy,
  onUpgrade,
}: {
  plan: PlanInfo;
  currency: string;
  signedIn: boolean;
  pending: boolean;
  busy: boolean;
  onUpgrade: () => void;
}) {
  const { t } = useTranslation(PRICING_NAMESPACE);
  const locale = useLocale();
  const monthly = priceCents(plan, 'monthly');
  const name = t(`plans.${plan.id}.name`, { defaultValue: plan.name });
  return (
    <section className="house-ad upgrade-callout" aria-labelledby="pricing-upgrade-title">
      <div className="house-ad__body">
        <p className="house-ad__eyebrow">
          <CrownIcon width={18} height={18} />
          {signedIn ? t('upgrade.freeEyebrow') : t('upgrade.guestEyebrow')}
        </p>
        <h2 id="pricing-upgrade-title" className="house-ad__title">
          {t('upgrade.title', { plan: name })}
        </h2>
        <ul className="house-ad__perks">
          <li>
            <BoltIcon width={18} height={18} />
            {t('upgrade.perkSpeed')}
          </li>
          <li>
            <ShieldIcon width={18} height={18} />
            {t('upgrade.perkClean')}
          </li>
          <li>
            <SparklesIcon width={18} height={18} />
            {t('upgrade.perkQueue')}
          </li>
        </ul>
      </div>
      <div className="upgrade-callout__action">
        {monthly !== null ? (
          <p className="upgrade-callout__price">
            {t('upgrade.price', { price: formatPrice(monthly, currency, locale) })}
          </p>
        ) : null}
        <button
          type="button"
          className="button button--primary button--large"
          disabled={busy}
          aria-busy={pending || undefined}
          onClick={onUpgrade}
        >
          {pending ? <span className="spinner" aria-hidden="true" /> : <CrownIcon />}
          {t('upgrade.action', { plan: name })}
        </button>
      </div>
    </section>
  );
}
