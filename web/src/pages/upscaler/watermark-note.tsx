// Said before upload: the free plan's upscales carry the PICTURA mark (the worker draws it for guests and
// free users), so nobody finds it on their own photo by surprise. Paid plans have no mark and no note.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';

export function WatermarkNote() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { checking, showsUpgrades } = useAuth();
  if (checking || !showsUpgrades) return null;
  return (
    <p className="upscaler__hint upscaler__watermark" data-testid="watermark-note">
      {t('upscaler.watermarkNote')}{' '}
      <Link to={localizedPath(locale, '/pricing')}>{t('upscaler.watermarkLink')}</Link>
    </p>
  );
}
