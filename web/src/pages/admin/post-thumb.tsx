// A post's picture in a moderation list, linking to its page (admins see hidden posts there too). It goes
// through the page's image cache like every other picture, so a failed thumbnail says so and retries.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminPostImage } from '../../api/admin.ts';
import { CachedImage } from '../../components/cached-image.tsx';
import { ImageIcon } from '../../components/icons.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';

export function PostThumb({
  postId,
  title,
  image,
}: {
  postId: string;
  title: string;
  image: AdminPostImage;
}) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <Link
      to={localizedPath(locale, `/community/post/${postId}`)}
      className="mod-thumb"
      aria-label={t('common.openPost', { title })}
    >
      <CachedImage src={image.url} alt="" width={96} height={96} insideControl />
      {image.flagged ? (
        <span className="admin-badge admin-badge--warning mod-thumb__flag">{t('common.flagged')}</span>
      ) : null}
    </Link>
  );
}

export function MissingThumb() {
  return (
    <span className="mod-thumb mod-thumb--missing" aria-hidden="true">
      <ImageIcon />
    </span>
  );
}
