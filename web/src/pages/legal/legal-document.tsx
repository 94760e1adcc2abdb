import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { formatLegalDate, type LEGAL_DATES } from '../../content/content-types.ts';
import { useSiteContent } from '../../content/load-content.ts';
import '../../components/marketing/marketing.css';

/** A legal text (privacy, terms, cookies) with its date, a table of contents and its sections. */
export function LegalDocumentPage({ kind }: { kind: keyof typeof LEGAL_DATES }) {
  const { t, i18n } = useTranslation();
  const content = useSiteContent();
  const document = content?.[kind];
  useDocumentTitle(`${document?.title ?? t(`nav.${kind}`)} · ${t('app.name')}`);

  return (
    <div className="content-page content-page--narrow legal">
      <PageHeader eyebrow={t('legal.eyebrow')} title={document?.title ?? t(`nav.${kind}`)}>
        <p className="legal__updated">
          {t('legal.updated', { date: formatLegalDate(kind, i18n.resolvedLanguage ?? 'en') })}
        </p>
      </PageHeader>
      {document ? (
        <>
          <p className="legal__intro">{document.intro}</p>
          <nav className="legal__toc" aria-label={t('legal.contents')}>
            <p className="legal__toc-title">{t('legal.contents')}</p>
            <ol>
              {document.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          {document.sections.map((section, index) => (
            <section key={section.id} id={section.id} className="legal__section">
              <h2 className="legal__heading">
                <span className="legal__number">{index + 1}.</span> {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </>
      ) : (
        <div className="page-loading" aria-hidden="true" />
      )}
    </div>
  );
}
