// The most used tags of the period as a ranked list with proportional bars (plain HTML: each row reads
// as "rank, tag, count" to a screen reader; the bar is decoration).
import { useTranslation } from 'react-i18next';
import { TagIcon } from '../../components/icons.tsx';
import { formatCount } from './admin-format.ts';
import { EmptyState } from './admin-states.tsx';

export function TopTags({ tags }: { tags: readonly { tag: string; count: number }[] }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const largest = Math.max(1, ...tags.map((entry) => entry.count));
  if (tags.length === 0) return <EmptyState icon={<TagIcon />} title={t('communityStats.noTags')} />;
  return (
    <ol className="tag-ranking">
      {tags.map((entry, index) => (
        <li key={entry.tag} className="tag-ranking__item">
          <span className="tag-ranking__rank">{formatCount(index + 1, locale)}</span>
          <bdi className="tag-ranking__tag">#{entry.tag}</bdi>
          <span className="tag-ranking__track" aria-hidden="true">
            <span
              className="tag-ranking__bar"
              style={{ inlineSize: `${(entry.count / largest) * 100}%`, display: 'block' }}
            />
          </span>
          <span className="tag-ranking__count">
            {t('communityStats.tagPosts', { value: formatCount(entry.count, locale) })}
          </span>
        </li>
      ))}
    </ol>
  );
}
