import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useDocumentTitle(t('notFound.documentTitle'));

  return (
    <div className="page-message">
      <p className="page-message__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-message__heading">{t('notFound.heading')}</h1>
      <p className="page-message__text">{t('notFound.text')}</p>
      <Link to={localizedPath(locale)} className="button button--primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

export default NotFoundPage;
