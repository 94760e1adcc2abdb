import { useTranslation } from 'react-i18next';
import type { HistoryItem } from '../../api/history.ts';
import { CachedImage } from '../../components/cached-image.tsx';
import { AlertIcon, CheckIcon, StarIcon, TrashIcon } from '../../components/icons.tsx';
import { formatCreatedAt, itemTitle } from './history-model.ts';

interface HistoryCardProps {
  item: HistoryItem;
  locale: string;
  selecting: boolean;
  selected: boolean;
  onOpen: (item: HistoryItem) => void;
  onToggleSelected: (id: string) => void;
  onToggleFavorite: (item: HistoryItem) => void;
  onDelete: (item: HistoryItem) => void;
}

export function HistoryCard({
  item,
  locale,
  selecting,
  selected,
  onOpen,
  onToggleSelected,
  onToggleFavorite,
  onDelete,
}: HistoryCardProps) {
  const { t } = useTranslation('history');
  const image = item.images[0];
  // The same picture whether the card is being selected (inside a label) or opened (inside a button).
  const picture = image ? (
    <CachedImage
      className="history-card__img"
      src={image.url}
      alt=""
      width={image.width}
      height={image.height}
      insideControl
    />
  ) : null;
  const title = itemTitle(item) || t('card.upscaledTitle');
  const flagged = item.images.some((entry) => entry.flagged);
  const more = item.images.length - 1;
  const classes = ['history-card'];
  if (selected) classes.push('history-card--selected');
  if (flagged) classes.push('history-card--flagged');

  return (
    <li className={classes.join(' ')}>
      <div className="history-card__media">
        {selecting ? (
          <label className="history-card__select">
            <input
              type="checkbox"
              className="history-card__checkbox"
              checked={selected}
              onChange={() => onToggleSelected(item.id)}
              aria-label={t('card.select', { title })}
            />
            <span className="history-card__tick" aria-hidden="true">
              <CheckIcon width={16} height={16} />
            </span>
            {picture}
          </label>
        ) : (
          <button
            type="button"
            className="history-card__open"
            onClick={() => onOpen(item)}
            aria-label={t('card.open', { title })}
          >
            {picture}
          </button>
        )}
        <div className="history-card__badges" aria-hidden={selecting ? true : undefined}>
          {item.type === 'upscaled' ? <span className="history-badge">{t('card.upscaledBadge')}</span> : null}
          {item.private ? <span className="history-badge">{t('card.privateBadge')}</span> : null}
          {more > 0 ? (
            <span className="history-badge">{t('card.moreImages', { total: item.images.length })}</span>
          ) : null}
        </div>
        {flagged ? (
          <p className="history-card__flag">
            <AlertIcon className="history-card__flag-icon" width={16} height={16} />
            <span>{t('card.flagged')}</span>
          </p>
        ) : null}
      </div>
      <div className="history-card__body">
        <p className="history-card__title" title={title} dir="auto">
          {title}
        </p>
        <p className="history-card__meta">
          <time dateTime={item.created_at} title={formatCreatedAt(item.created_at, locale)}>
            {formatCreatedAt(item.created_at, locale, 'short')}
          </time>
          {image ? (
            <span className="history-card__size">
              {t('card.size', { width: image.width, height: image.height })}
            </span>
          ) : null}
        </p>
        <div className="history-card__actions">
          <button
            type="button"
            className={item.favorite ? 'icon-button history-fav history-fav--on' : 'icon-button history-fav'}
            aria-pressed={item.favorite}
            aria-label={t('card.favorite', { title })}
            title={item.favorite ? t('card.unfavoriteHint') : t('card.favoriteHint')}
            onClick={() => onToggleFavorite(item)}
            disabled={selecting}
          >
            <StarIcon filled={item.favorite} width={18} height={18} />
          </button>
          <button
            type="button"
            className="icon-button history-delete"
            aria-label={t('card.delete', { title })}
            title={t('card.deleteHint')}
            onClick={() => onDelete(item)}
            disabled={selecting}
          >
            <TrashIcon width={18} height={18} />
          </button>
        </div>
      </div>
    </li>
  );
}
