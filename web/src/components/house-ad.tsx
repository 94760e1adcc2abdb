import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context.tsx';
import { localizedPath } from '../i18n/locale.ts';
import { useLocale } from '../i18n/locale-routing.tsx';
import { BoltIcon, CrownIcon, ShieldIcon, SparklesIcon } from './icons.tsx';

/** A house-ad slot: our own upgrade promotion, for guests and free users only; paid plans never see it. */
export function HouseAd() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { showsUpgrades } = useAuth();
  if (!showsUpgrades) return null;
  return (
    <section className="house-ad" aria-label={t('houseAd.label')}>
      <div className="house-ad__body">
        <p className="house-ad__eyebrow">
          <CrownIcon />
          {t('houseAd.eyebrow')}
        </p>
        <p className="house-ad__title">{t('houseAd.title')}</p>
        <ul className="house-ad__perks">
          <li>
            <BoltIcon />
            {t('houseAd.perkSpeed')}
          </li>
          <li>
            <ShieldIcon />
            {t('houseAd.perkNoWatermark')}
          </li>
          <li>
            <SparklesIcon />
            {t('houseAd.perkQueue')}
          </li>
        </ul>
      </div>
      <Link to={localizedPath(locale, '/pricing')} className="button button--primary">
        {t('houseAd.action')}
      </Link>
    </section>
  );
}
