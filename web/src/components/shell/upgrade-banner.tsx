import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { CrownIcon } from '../icons.tsx';

/** The upgrade banner of the side navigation and the drawer: guests and free users only (spec 1, 2). */
export function UpgradeBanner({
  compact = false,
  onNavigate,
}: {
  compact?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { showsUpgrades } = useAuth();
  if (!showsUpgrades) return null;
  if (compact) {
    return (
      <Link
        to={localizedPath(locale, '/pricing')}
        className="side-nav__link side-nav__link--upgrade"
        title={t('shell.upgradeTitle')}
        onClick={onNavigate}
      >
        <CrownIcon />
        <span className="side-nav__label">{t('shell.upgradeTitle')}</span>
      </Link>
    );
  }
  return (
    <div className="upgrade-banner">
      <p className="upgrade-banner__title">
        <CrownIcon />
        {t('shell.upgradeTitle')}
      </p>
      <p className="upgrade-banner__text">{t('shell.upgradeText')}</p>
      <Link
        to={localizedPath(locale, '/pricing')}
        className="button button--primary button--small"
        onClick={onNavigate}
      >
        {t('shell.upgradeAction')}
      </Link>
    </div>
  );
}
