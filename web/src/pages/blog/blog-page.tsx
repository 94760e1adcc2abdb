import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChevronRightIcon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { BLOG_DATES } from '../../content/content-types.ts';
import { useSiteContent } from '../../content/load-content.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import '../../components/marketing/marketing.css';

export function formatPostDate(slug: string, locale: string): string {
  const date = BLOG_DATES[slug];
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date));
}

export default function BlogPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const content = useSiteContent();
  useDocumentTitle(`${t('blog.title')} · ${t('app.name')}`);
  return (
    <div className="content-page content-page--narrow">
      <PageHeader eyebrow={t('nav.blog')} title={t('blog.title')} intro={t('blog.intro')} />
      <ul className="post-list">
        {[...(content?.blog ?? [])].reverse().map((post) => (
          <li key={post.slug} className="post-card">
            <p className="post-card__meta">
              <time dateTime={BLOG_DATES[post.slug]}>
                {formatPostDate(post.slug, i18n.resolvedLanguage ?? 'en')}
              </time>
              <span aria-hidden="true">·</span>
              <span>{t('blog.minutes', { minutes: post.minutes })}</span>
            </p>
            <h2 className="post-card__title">
              <Link to={localizedPath(locale, `/blog/${post.slug}`)}>{post.title}</Link>
            </h2>
            <p className="post-card__summary">{post.summary}</p>
            <span className="post-card__more" aria-hidden="true">
              {t('blog.readMore')}
              <ChevronRightIcon className="icon-flip" width={16} height={16} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
