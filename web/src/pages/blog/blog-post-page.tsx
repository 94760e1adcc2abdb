import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ArrowBackIcon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { BLOG_DATES } from '../../content/content-types.ts';
import { useSiteContent } from '../../content/load-content.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import NotFoundPage from '../not-found/not-found-page.tsx';
import { formatPostDate } from './blog-page.tsx';
import '../../components/marketing/marketing.css';

export default function BlogPostPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const { slug = '' } = useParams();
  const content = useSiteContent();
  const post = content?.blog.find((entry) => entry.slug === slug);
  useDocumentTitle(`${post?.title ?? t('blog.title')} · ${t('app.name')}`);
  if (content && !post) return <NotFoundPage />;

  return (
    <article className="content-page content-page--narrow">
      <p>
        <Link to={localizedPath(locale, '/blog')} className="back-link">
          <ArrowBackIcon className="icon-flip" width={16} height={16} />
          {t('blog.back')}
        </Link>
      </p>
      {post ? (
        <>
          <PageHeader title={post.title} intro={post.summary}>
            <p className="post-card__meta">
              <time dateTime={BLOG_DATES[post.slug]}>
                {formatPostDate(post.slug, i18n.resolvedLanguage ?? 'en')}
              </time>
              <span aria-hidden="true">·</span>
              <span>{t('blog.minutes', { minutes: post.minutes })}</span>
            </p>
          </PageHeader>
          <div className="prose-section">
            {post.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </>
      ) : (
        <div className="page-loading" aria-hidden="true" />
      )}
    </article>
  );
}
