// /{locale}/pricing (spec 2): the monthly/yearly toggle with the yearly saving, the four plans with their
// features and locale-formatted prices, checkout (spec 7), the test-mode card and reset, upgrade prompts
// for free users, Enterprise's contact-sales form and a pricing FAQ. Pre-rendered for every locale: it
// shows the bundled plan catalogue until GET /api/plans answers.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { BillingPeriod, PlanInfo } from '../../api/payments.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { storeRedirectAfterLogin } from '../../auth/auth-storage.ts';
import { AlertIcon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useCheckout } from '../../hooks/use-checkout.ts';
import { usePricingPlans } from '../../hooks/use-pricing-plans.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { BillingToggle } from './billing-toggle.tsx';
import { PlanCard } from './plan-card.tsx';
import { PricingFaq } from './pricing-faq.tsx';
import { catalogueSaving, checkoutErrorText, planActionFor } from './pricing-model.ts';
import { loadPricingTexts, PRICING_NAMESPACE } from './pricing-texts.ts';
import { TestModePanel } from './test-mode-panel.tsx';
import { UpgradeCallout } from './upgrade-callout.tsx';
import '../../components/marketing/marketing.css';
import './pricing-page.css';

// The texts arrive with the page's code: the app replaces the pre-rendered page in one step.
await loadPricingTexts();

const SalesDialog = lazy(() => import('./sales-dialog.tsx'));

export default function PricingPage() {
  return (
    <NamespaceGate namespace={PRICING_NAMESPACE}>
      <Pricing />
    </NamespaceGate>
  );
}

function Pricing() {
  const { t } = useTranslation(PRICING_NAMESPACE);
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const [period, setPeriod] = useState<BillingPeriod>(() =>
    searchParams.get('billing') === 'yearly' ? 'yearly' : 'monthly',
  );
  const { user, plan: currentPlan, showsUpgrades, openSignIn } = useAuth();
  const { plans } = usePricingPlans();
  const checkout = useCheckout();
  const [pendingPlan, setPendingPlan] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // ?contact=enterprise (the API keys section's link) opens the Enterprise request form at once.
  const [salesOpen, setSalesOpen] = useState(() => searchParams.get('contact') === 'enterprise');
  const closeSales = useCallback(() => setSalesOpen(false), []);

  // Back from the checkout page, the browser may restore this page as it was left: buttons work again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPendingPlan(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const startCheckout = (plan: PlanInfo) => {
    setError(null);
    if (!user) {
      // Spec 6: a guest starting a payment gets the sign-in modal, and comes back here afterwards.
      storeRedirectAfterLogin(
        localizedPath(locale, period === 'yearly' ? '/pricing?billing=yearly' : '/pricing'),
      );
      openSignIn();
      return;
    }
    setPendingPlan(plan.id);
    checkout.mutate(
      {
        planId: plan.id,
        period,
        testMode: plans.test_mode,
        successUrl: localizedPath(locale, '/payment/success'),
      },
      {
        onError: (caught) => {
          const text = checkoutErrorText(caught);
          // Shown above the plans (role alert); not toasted a second time.
          setError(t(text.key, text.values));
          setPendingPlan(null);
        },
      },
    );
  };

  const viewer = { signedIn: user !== null, currentPlan };
  // One saving figure for the toggle, the cards and the FAQ: computed from the prices shown.
  const saving = catalogueSaving(plans.plans);
  const premium = plans.plans.find((plan) => plan.id === 'premium');

  return (
    <div className="content-page pricing">
      <PageHeader eyebrow={t('page.eyebrow')} title={t('page.title')} intro={t('page.intro')} />
      <BillingToggle period={period} saving={saving} onChange={setPeriod} />
      {error ? (
        <div className="notice notice--danger pricing__error" role="alert">
          <AlertIcon className="notice__icon" />
          <div className="notice__body">
            <p className="notice__title">{error}</p>
          </div>
        </div>
      ) : null}
      <div className="plan-grid">
        {plans.plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            currency={plans.currency}
            period={period}
            action={planActionFor(plan, viewer)}
            featured={plan.id === 'premium'}
            pending={pendingPlan === plan.id}
            busy={pendingPlan !== null}
            onCheckout={startCheckout}
            onContactSales={() => setSalesOpen(true)}
          />
        ))}
      </div>
      {plans.test_mode ? <TestModePanel userId={user?.id ?? null} /> : null}
      {showsUpgrades && premium ? (
        <UpgradeCallout
          plan={premium}
          currency={plans.currency}
          signedIn={user !== null}
          pending={pendingPlan === premium.id}
          busy={pendingPlan !== null}
          onUpgrade={() => startCheckout(premium)}
        />
      ) : null}
      <PricingFaq savingPercent={saving.least} />
      <p className="section-more pricing__more">
        {t('page.moreQuestions')} <Link to={localizedPath(locale, '/contact')}>{t('page.contact')}</Link>
      </p>
      {salesOpen ? (
        <Suspense fallback={null}>
          <SalesDialog onClose={closeSales} />
        </Suspense>
      ) : null}
    </div>
  );
}
