// What the current plan can become: an upgrade (premium → ultimate, monthly → yearly) or cancelling at the
// period's end, each after a confirmation.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SubscriptionRecord } from '../../api/subscriptions.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ChevronRightIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { usePricingPlans } from '../../hooks/use-pricing-plans.ts';
import { useCancelSubscription, useUpgradeSubscription } from '../../hooks/use-subscriptions.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import {
  errorKey,
  formatDate,
  formatMoney,
  type PlanChoice,
  planChoiceOf,
  upgradeTargets,
} from './settings-model.ts';
import { usePlanName } from './use-plan-name.ts';

export function PlanChanges({
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
