// Plan and billing: the current plan from the active subscription (renewal date, or the end date once
// cancelled), upgrades (premium → ultimate, monthly → yearly), cancelling at period end after a
// confirmation, and the payment history.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/http.ts';
import type { SubscriptionRecord } from '../../api/subscriptions.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { AlertIcon, CardIcon, ChevronRightIcon, CrownIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { usePricingPlans } from '../../hooks/use-pricing-plans.ts';
import {
  useCancelSubscription,
  usePaymentHistory,
  useSubscriptionRecords,
  useUpgradeSubscription,
} from '../../hooks/use-subscriptions.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import {
  currentSubscription,
  errorKey,
  formatDate,
  formatMoney,
  type PlanChoice,
  planChoiceOf,
  upgradeTargets,
} from './settings-model.ts';
import { SettingsSection } from './settings-section.tsx';

/** "Premium", "Ultimate"… in the page language (the shell's plan names); an unknown plan as it is. */
function usePlanName() {
  const { t } = useTranslation('settings');
  return (plan: string) =>
    t(`plans.${plan}.name`, {
      ns: 'translation',
      defaultValue: plan.charAt(0).toUpperCase() + plan.slice(1),
    });
}

export function BillingSection({ userId }: { userId: number }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const subscriptions = useSubscriptionRecords(userId);
  const loginNeeded = subscriptions.error instanceof ApiError && subscriptions.error.status === 401;
  const failure = subscriptions.isError
    ? t(loginNeeded ? 'billing.loginToView' : 'billing.loadFailed')
    : null;

  // Spec 8: a failed subscriptions fetch has its toast (as well as the message in place).
  useEffect(() => {
    if (failure) toast('error', failure);
  }, [failure, toast]);

  return (
    <SettingsSection id="billing" title={t('billing.heading')} intro={t('billing.intro')}>
      {subscriptions.isPending ? (
        <div className="plan-card plan-card--loading" aria-busy="true">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--text" />
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      ) : failure ? (
        <div className="notice notice--danger" role="alert">
          <AlertIcon className="notice__icon" />
          <p className="notice__body">{failure}</p>
          <button type="button" className="button button--small" onClick={() => void subscriptions.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <CurrentPlan userId={userId} subscription={currentSubscription(subscriptions.data ?? [])} />
      )}
      <PaymentHistory userId={userId} />
    </SettingsSection>
  );
}

function CurrentPlan({ userId, subscription }: { userId: number; subscription: SubscriptionRecord | null }) {
  const { t, i18n } = useTranslation('settings');
  const locale = useLocale();
  const planName = usePlanName();

  if (!subscription) {
    return (
      <div className="plan-card">
        <div className="plan-card__main">
          <p className="plan-card__label">{t('billing.currentPlan')}</p>
          <p className="plan-card__name">{planName('free')}</p>
          <p className="plan-card__text">{t('billing.freeText')}</p>
        </div>
        <Link to={localizedPath(locale, '/pricing')} className="button button--primary">
          <CrownIcon />
          {t('billing.seePlans')}
        </Link>
      </div>
    );
  }

  const choice = planChoiceOf(subscription.plan_id);
  const plan = choice?.plan ?? subscription.plan_type ?? subscription.plan_id;
  const period = choice?.period ?? subscription.billing_period;
  const endDate = formatDate(subscription.current_period_end, i18n.language);
  // Given by an administrator: nothing to pay, cancel or upgrade; it simply ends on its date.
  const granted = subscription.provider === 'grant';
  const cancelled = !granted && subscription.cancel_at_period_end;

  return (
    <div className="plan-card plan-card--paid">
      <div className="plan-card__main">
        <p className="plan-card__label">{t('billing.currentPlan')}</p>
        <p className="plan-card__name">
          {planName(plan)}
          <span
            className={
              cancelled ? 'settings-badge settings-badge--warning' : 'settings-badge settings-badge--success'
            }
          >
            {cancelled ? t('billing.cancelledBadge') : t('billing.active')}
          </span>
        </p>
        {granted ? (
          <p className="plan-card__text">
            {t('billing.grantedByAdmin')}
            {endDate ? ` · ${t('billing.endsOn', { date: endDate })}` : null}
          </p>
        ) : (
          <p className="plan-card__text">
            {period === 'yearly'
              ? t('billing.billedYearly')
              : period === 'monthly'
                ? t('billing.billedMonthly')
                : null}
            {endDate ? (
              <>
                {period ? ' · ' : null}
                {cancelled
                  ? t('billing.endsOn', { date: endDate })
                  : t('billing.renewsOn', { date: endDate })}
              </>
            ) : null}
          </p>
        )}
      </div>
      {granted ? null : cancelled ? (
        <div className="notice notice--warning plan-card__notice">
          <AlertIcon className="notice__icon" />
          <p className="notice__body">
            {endDate ? t('billing.endsNotice', { date: endDate }) : t('billing.endsNoticeOpen')}
          </p>
        </div>
      ) : (
        <PlanChanges userId={userId} subscription={subscription} endDate={endDate} />
      )}
    </div>
  );
}

function PlanChanges({
  userId,
  subscription,
  endDate,
}: {
  userId: number;
  subscription: SubscriptionRecord;
  endDate: string;
}) {
  const { t, i18n } = useTranslation('settings');
  const locale = useLocale();
  const toast = useToast();
  const planName = usePlanName();
  // Prices from the catalogue the pricing page shows (the bundled one until the server answers).
  const { plans } = usePricingPlans();
  const upgrade = useUpgradeSubscription(userId);
  const cancel = useCancelSubscription(userId);
  const [upgrading, setUpgrading] = useState<PlanChoice | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const targets = upgradeTargets(subscription.plan_id);
  const current = planChoiceOf(subscription.plan_id);

  const priceOf = (target: PlanChoice) => {
    const cents = plans.plans
      .flatMap((plan) => plan.prices)
      .find((price) => price.plan_id === target.planId)?.amount_cents;
    if (cents === undefined) return null;
    const price = formatMoney(cents, plans.currency, i18n.language);
    return {
      price,
      label: t(target.period === 'yearly' ? 'billing.perYear' : 'billing.perMonth', { price }),
    };
  };
  const periodName = (period: string) => t(period === 'yearly' ? 'billing.yearly' : 'billing.monthly');

  const confirmUpgrade = (target: PlanChoice) =>
    upgrade.mutate(
      { id: subscription.id, planId: target.planId },
      {
        onSuccess: () => {
          setUpgrading(null);
          toast(
            'success',
            t('billing.upgraded', { plan: planName(target.plan), period: periodName(target.period) }),
          );
        },
        onError: (caught) => {
          setUpgrading(null);
          toast('error', t(errorKey(caught, 'billing.operationFailed')));
        },
      },
    );

  const confirmCancel = () =>
    cancel.mutate(subscription.id, {
      onSuccess: (updated) => {
        setCancelling(false);
        const date = formatDate(updated.current_period_end, i18n.language);
        toast('success', date ? t('billing.cancelled', { date }) : t('billing.cancelledOpen'));
      },
      onError: (caught) => {
        setCancelling(false);
        toast('error', t(errorKey(caught, 'billing.operationFailed')));
      },
    });

  const upgradePrice = upgrading ? priceOf(upgrading) : null;

  return (
    <>
      <div className="plan-changes">
        <h3 className="settings-subheading">{t('billing.upgradeHeading')}</h3>
        {targets.length > 0 ? (
          <>
            <p className="settings-muted">{t('billing.upgradeIntro')}</p>
            <ul className="upgrade-list">
              {targets.map((target) => {
                const price = priceOf(target);
                const title =
                  current && target.plan === current.plan
                    ? t('billing.switchToYearly')
                    : t('billing.upgradeToPlan', { plan: planName(target.plan) });
                return (
                  <li key={target.planId} className="upgrade-option">
                    <div className="upgrade-option__text" id={`upgrade-${target.planId}`}>
                      <p className="upgrade-option__title">{title}</p>
                      <p className="settings-muted">
                        {planName(target.plan)} · {periodName(target.period)}
                        {price ? ` · ${price.label}` : null}
                      </p>
                    </div>
                    <button
                      type="button"
                      className="button button--small"
                      aria-describedby={`upgrade-${target.planId}`}
                      onClick={() => setUpgrading(target)}
                    >
                      {t('billing.upgradeAction')}
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        ) : (
          <p className="settings-muted">
            {t('billing.topPlan')}{' '}
            <Link to={localizedPath(locale, '/contact')}>{t('billing.contactSales')}</Link>
          </p>
        )}
        <div className="plan-changes__footer">
          <Link to={localizedPath(locale, '/pricing')} className="settings-link">
            {t('billing.comparePlans')}
            <ChevronRightIcon className="icon-flip" width={16} height={16} />
          </Link>
          <button
            type="button"
            className="button button--small button--danger-quiet"
            onClick={() => setCancelling(true)}
          >
            {t('billing.cancelAction')}
          </button>
        </div>
      </div>

      {upgrading ? (
        <ConfirmDialog
          tone="primary"
          title={t('billing.upgradeTitle', {
            plan: planName(upgrading.plan),
            period: periodName(upgrading.period),
          })}
          text={
            upgradePrice
              ? t('billing.upgradeText', {
                  plan: planName(upgrading.plan),
                  period: periodName(upgrading.period),
                  price: upgradePrice.label,
                })
              : t('billing.upgradeTextNoPrice', {
                  plan: planName(upgrading.plan),
                  period: periodName(upgrading.period),
                })
          }
          confirmLabel={t('billing.upgradeConfirm')}
          cancelLabel={t('common.cancel')}
          busy={upgrade.isPending}
          onConfirm={() => confirmUpgrade(upgrading)}
          onCancel={() => setUpgrading(null)}
        />
      ) : null}

      {cancelling ? (
        <ConfirmDialog
          title={t('billing.cancelTitle')}
          text={endDate ? t('billing.cancelText', { date: endDate }) : t('billing.cancelTextOpen')}
          confirmLabel={t('billing.cancelConfirm')}
          cancelLabel={t('billing.keepPlan')}
          busy={cancel.isPending}
          onConfirm={confirmCancel}
          onCancel={() => setCancelling(false)}
        />
      ) : null}
    </>
  );
}

function PaymentHistory({ userId }: { userId: number }) {
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
