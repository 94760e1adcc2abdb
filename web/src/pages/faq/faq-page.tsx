import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FaqList } from '../../components/marketing/faq-list.tsx';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import '../../components/marketing/marketing.css';

export default function FaqPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useDocumentTitle(t('faq.documentTitle'));
  return (
    <div className="content-page content-page--narrow">
      <PageHeader eyebrow={t('nav.faq')} title={t('faq.heading')} intro={t('faq.intro')} />
      <FaqList />
      <p className="section-more">
        {t('faq.stillQuestions')} <Link to={localizedPath(locale, '/contact')}>{t('nav.contact')}</Link>
      </p>
    </div>
  );
}
