// The payments made so far, newest first, with their plan, amount and receipt.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CardIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { usePaymentHistory } from '../../hooks/use-subscriptions.ts';
import { formatDate, formatMoney, planChoiceOf } from './settings-model.ts';
import { usePlanName } from './use-plan-name.ts';

export function PaymentHistory({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('settings');
  const toast = useToast();
  const planName = usePlanName();
  const payments = usePaymentHistory(userId);
  const rows = payments.data?.pages.flatMap((page) => page.items) ?? [];

  useEffect(() => {
    if (payments.isError) toast('error', t('billing.paymentsFailed'));
  }, [payments.isError, toast, t]);

  const planLabel = (planId: string, provider: string) => {
    if (provider === 'grant')
      return `${planName(planId.split('_')[0] ?? planId)} · ${t('billing.grantedByAdmin')}`;
    const choice = planChoiceOf(planId);
    if (!choice) return planId;
    return `${planName(choice.plan)} · ${t(choice.period === 'yearly' ? 'billing.yearly' : 'billing.monthly')}`;
  };
  const statusLabel = (status: string, provider: string) => {
    if (provider === 'grant') return t('billing.granted');
    return status === 'paid' ? t('billing.paid') : status === 'failed' ? t('billing.failed') : status;
  };

  return (
    <div className="payment-history">
      <h3 id="payment-history-heading" className="settings-subheading">
        {t('billing.historyHeading')}
      </h3>
      {payments.isPending ? (
        <div className="skeleton-rows" aria-busy="true">
          <span className="skeleton skeleton--row" />
          <span className="skeleton skeleton--row" />
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      ) : payments.isError && rows.length === 0 ? (
        <div className="notice notice--danger" role="alert">
          <AlertIcon className="notice__icon" />
          <p className="notice__body">{t('billing.paymentsFailed')}</p>
          <button type="button" className="button button--small" onClick={() => void payments.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : rows.length === 0 ? (
        <div className="settings-empty">
          <CardIcon className="settings-empty__icon" />
          <p>{t('billing.noPayments')}</p>
        </div>
      ) : (
        <>
          <table className="settings-table" aria-labelledby="payment-history-heading">
            <thead>
              <tr>
                <th scope="col">{t('billing.date')}</th>
                <th scope="col">{t('billing.plan')}</th>
                <th scope="col" className="settings-table__number">
                  {t('billing.amount')}
                </th>
                <th scope="col">{t('billing.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((payment) => (
                <tr key={payment.id}>
                  <td data-label={t('billing.date')}>{formatDate(payment.created_at, i18n.language)}</td>
                  <td data-label={t('billing.plan')}>{planLabel(payment.plan_id, payment.provider)}</td>
                  <td data-label={t('billing.amount')} className="settings-table__number">
                    {formatMoney(payment.amount, payment.currency, i18n.language)}
                  </td>
                  <td data-label={t('billing.status')}>
                    <span
                      className={
                        payment.status === 'paid'
                          ? 'settings-badge settings-badge--success'
                          : 'settings-badge settings-badge--danger'
                      }
                    >
                      {statusLabel(payment.status, payment.provider)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {payments.hasNextPage ? (
            <button
              type="button"
              className="button button--small settings-more"
              disabled={payments.isFetchingNextPage}
              onClick={() => void payments.fetchNextPage()}
            >
              {payments.isFetchingNextPage ? (
                <span className="spinner spinner--dark" aria-hidden="true" />
              ) : null}
              {t('billing.loadMore')}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
