import { useTranslation } from 'react-i18next';
import type { BillingPeriod } from '../../api/payments.ts';
import { PRICING_NAMESPACE } from './pricing-texts.ts';

const PERIODS: readonly BillingPeriod[] = ['monthly', 'yearly'];

/**
 * Monthly or yearly prices: two native radios drawn as one switch, yearly carrying its saving (computed from
 * the plans' prices: one figure when every plan saves the same, else "up to" the most).
 */
export function BillingToggle({
  period,
  saving,
  onChange,
}: {
  period: BillingPeriod;
  saving: { least: number; most: number };
  onChange: (period: BillingPeriod) => void;
}) {
  const { t } = useTranslation(PRICING_NAMESPACE);
  return (
    <fieldset className="billing-toggle">
      <legend className="visually-hidden">{t('billing.legend')}</legend>
      <div className="billing-toggle__track">
        {PERIODS.map((value) => (
          <label key={value} className="billing-toggle__option">
            <input
              type="radio"
              className="billing-toggle__input"
              name="billing-period"
              value={value}
              checked={period === value}
              onChange={() => onChange(value)}
            />
            <span className="billing-toggle__face">
              {t(`billing.${value}`)}
              {value === 'yearly' && saving.most > 0 ? (
                <span className="billing-toggle__save">
                  {t(saving.least === saving.most ? 'billing.save' : 'billing.saveUpTo', {
                    percent: saving.most,
                  })}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
