import { PLANS } from '@pictura/common/plan-catalog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HouseAd } from '../../components/house-ad.tsx';
import { SparklesIcon, UpscaleIcon } from '../../components/icons.tsx';
import { FeatureGrid } from '../../components/marketing/feature-grid.tsx';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import '../../components/marketing/marketing.css';

const OPTION_GROUPS = ['aspectRatio', 'style', 'color', 'lighting'] as const;

export default function FeaturesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useDocumentTitle(t('features.documentTitle'));
  return (
    <div className="content-page">
      <PageHeader eyebrow={t('nav.features')} title={t('features.heading')} intro={t('features.intro')}>
        <div className="hero__actions">
          <Link to={localizedPath(locale, '/')} className="button button--primary">
            <SparklesIcon />
            {t('home.ctaGenerate')}
          </Link>
          <Link to={localizedPath(locale, '/upscaler')} className="button">
            <UpscaleIcon />
            {t('home.ctaUpscale')}
          </Link>
        </div>
      </PageHeader>
      <FeatureGrid />
      <section className="marketing-section" aria-labelledby="features-options">
        <div className="section-head">
          <h2 id="features-options" className="section-title">
            {t('features.optionsHeading')}
          </h2>
          <p className="section-intro">{t('features.optionsIntro')}</p>
        </div>
        <div className="option-columns">
          {OPTION_GROUPS.map((group) => (
            <div key={group} className="option-column">
              <h3 className="option-column__title">{t(`features.optionGroups.${group}`)}</h3>
              <p className="option-column__text">{t(`features.optionText.${group}`)}</p>
            </div>
          ))}
        </div>
      </section>
      <section className="marketing-section" aria-labelledby="features-plans">
        <div className="section-head">
          <h2 id="features-plans" className="section-title">
            {t('features.plansHeading')}
          </h2>
          <p className="section-intro">{t('features.plansIntro')}</p>
        </div>
        <div className="plan-strip">
          {PLANS.map((plan) => (
            <div key={plan} className={`plan-chip plan-chip--${plan}`}>
              <h3 className="plan-chip__name">{t(`plans.${plan}.name`)}</h3>
              <p className="plan-chip__text">{t(`plans.${plan}.summary`)}</p>
            </div>
          ))}
        </div>
        <p className="section-more">
          <Link to={localizedPath(locale, '/pricing')}>{t('features.seePricing')}</Link>
        </p>
      </section>
      <HouseAd />
    </div>
  );
}
