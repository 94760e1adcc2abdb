import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SparklesIcon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useSiteContent } from '../../content/load-content.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import '../../components/marketing/marketing.css';

export default function AboutPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const content = useSiteContent();
  useDocumentTitle(`${t('about.title')} · ${t('app.name')}`);
  return (
    <div className="content-page content-page--narrow">
      <PageHeader eyebrow={t('nav.about')} title={t('about.title')} intro={content?.about.intro} />
      {content?.about.sections.map((section) => (
        <section key={section.id} className="prose-section" aria-labelledby={`about-${section.id}`}>
          <h2 id={`about-${section.id}`} className="section-title section-title--small">
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <div className="hero__actions">
        <Link to={localizedPath(locale)} className="button button--primary">
          <SparklesIcon />
          {t('home.ctaGenerate')}
        </Link>
        <Link to={localizedPath(locale, '/contact')} className="button">
          {t('nav.contact')}
        </Link>
      </div>
    </div>
  );
}
