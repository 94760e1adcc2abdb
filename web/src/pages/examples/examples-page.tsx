import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ExamplesGallery } from '../../components/marketing/examples-gallery.tsx';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import type { HomeNavigationState } from '../home/home-page.tsx';
import '../../components/marketing/marketing.css';

export default function ExamplesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  useDocumentTitle(t('examples.documentTitle'));
  return (
    <div className="content-page">
      <PageHeader eyebrow={t('nav.examples')} title={t('examples.heading')} intro={t('examples.intro')} />
      <ExamplesGallery
        onCreateSimilar={(example) =>
          navigate(localizedPath(locale), {
            state: { createSimilar: example.id } satisfies HomeNavigationState,
          })
        }
      />
    </div>
  );
}
