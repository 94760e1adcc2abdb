// /{locale}/payment/cancel (spec 4): the checkout was left without paying; nothing changed, try again.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RetryIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { loadPricingTexts, PRICING_NAMESPACE } from '../pricing/pricing-texts.ts';
import { PaymentResult } from './payment-result.tsx';

await loadPricingTexts();

export default function PaymentCancelPage() {
  return (
    <NamespaceGate namespace={PRICING_NAMESPACE}>
      <PaymentCancelled />
    </NamespaceGate>
  );
}

function PaymentCancelled() {
  const { t } = useTranslation(PRICING_NAMESPACE);
  const locale = useLocale();
  useDocumentTitle(`${t('payment.cancelledTitle')} · ${t('app.name', { ns: 'translation' })}`);
  return (
    <PaymentResult
      tone="cancelled"
      title={t('payment.cancelledTitle')}
      text={<p>{t('payment.cancelledText')}</p>}
      actions={
        <>
          <Link to={localizedPath(locale, '/pricing')} className="button button--primary">
            <RetryIcon />
            {t('payment.retry')}
          </Link>
          <Link to={localizedPath(locale, '/')} className="button">
            {t('payment.backHome')}
          </Link>
        </>
      }
    />
  );
}
