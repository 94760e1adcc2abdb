import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { PRICING_NAMESPACE } from './pricing-texts.ts';

/** The pricing questions, in the words of spec 1 (upgrade or cancel in settings, no refunds, enterprise). */
const QUESTIONS = ['change', 'refunds', 'yearly', 'free', 'payment', 'enterprise'] as const;

export function PricingFaq({ savingPercent }: { savingPercent: number }) {
  const { t } = useTranslation(PRICING_NAMESPACE);
  return (
    <section className="marketing-section pricing-faq" aria-labelledby="pricing-faq-title">
      <div className="section-head">
        <h2 id="pricing-faq-title" className="section-title">
          {t('faq.title')}
        </h2>
      </div>
      <div className="faq-list">
        {QUESTIONS.map((key) => (
          <details key={key} className="faq-item" id={`pricing-faq-${key}`}>
            <summary className="faq-item__question">
              <span>{t(`faq.items.${key}.q`)}</span>
              <ChevronDownIcon className="faq-item__chevron" />
            </summary>
            <p className="faq-item__answer">{t(`faq.items.${key}.a`, { percent: savingPercent })}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
