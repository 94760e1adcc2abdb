// Plan and billing: the current plan from the active subscription (renewal date, or the end date once
// cancelled), upgrades (premium → ultimate, monthly → yearly), cancelling at period end after a
// confirmation, and the payment history.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/http.ts';
import type { SubscriptionRecord } from '../../api/subscriptions.ts';
import { AlertIcon, CrownIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { useSubscriptionRecords } from '../../hooks/use-subscriptions.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { PaymentHistory } from './payment-history.tsx';
import { PlanChanges } from './plan-changes.tsx';
import { currentSubscription, formatDate, planChoiceOf } from './settings-model.ts';
import { SettingsSection } from './settings-section.tsx';
import { usePlanName } from './use-plan-name.ts';

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
