import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../icons.tsx';

/** The FAQ, with the marketing claims of spec 1 written as stated. */
export const FAQ_KEYS = [
  'noSignup',
  'free',
  'commercial',
  'storage',
  'model',
  'upscaler',
  'plans',
  'refunds',
  'enterprise',
] as const;

export function FaqList() {
  const { t } = useTranslation();
  return (
    <div className="faq-list">
      {FAQ_KEYS.map((key) => (
        <details key={key} className="faq-item" id={`faq-${key}`}>
          <summary className="faq-item__question">
            <span>{t(`faq.items.${key}.q`)}</span>
            <ChevronDownIcon className="faq-item__chevron" />
          </summary>
          <p className="faq-item__answer">{t(`faq.items.${key}.a`)}</p>
        </details>
      ))}
    </div>
  );
}
