import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import './not-found-page.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useDocumentTitle(t('notFound.documentTitle'));

  return (
    <div className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__heading">{t('notFound.heading')}</h1>
      <p className="not-found__text">{t('notFound.text')}</p>
      <Link to={localizedPath(locale)} className="button button--primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

export default NotFoundPage;
