// Said plainly while the only generate models are the built-ins: Pictura Scenes draws simple illustrated
// scenes of things it knows, not photographs. Administrators also see how to install a real model.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';

/** The operator's command for the smallest real text-to-image model in the catalogue. */
export const INSTALL_COMMAND = 'npm run models -- install sd-turbo';

export function DemoModelNotice() {
  const { t } = useTranslation();
  const { isAdmin } = useAuth();
  const locale = useLocale();
  return (
    <div className="notice notice--warning demo-model-notice" role="note">
      <AlertIcon className="notice__icon" />
      <div className="notice__body">
        <p className="notice__title">{t('generator.demoTitle')}</p>
        <p>{t('generator.demoText')}</p>
        {isAdmin ? (
          <>
            <p>{t('generator.demoAdminText')}</p>
            <code className="demo-model-notice__command" dir="ltr">
              {INSTALL_COMMAND}
            </code>
            <p>
              <Link to={localizedPath(locale, '/admin/models')} className="demo-model-notice__link">
                {t('generator.demoAdminLink')}
              </Link>
            </p>
          </>
        ) : null}
      </div>
    </div>
  );
}
