import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HistoryItem, HistoryTab } from '../../api/history.ts';
import {
  AlertIcon,
  ImageIcon,
  RetryIcon,
  SearchIcon,
  SparklesIcon,
  StarIcon,
  UpscaleIcon,
} from '../../components/icons.tsx';
import type { HistoryPages } from '../../hooks/history-cache.ts';
import type { HistoryListFilter } from '../../hooks/use-history.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { HistoryCard } from './history-card.tsx';
import { useLoadMore } from './use-load-more.ts';

const SKELETON_CARDS = 8;

interface HistoryGridProps {
  tab: HistoryTab;
  filter: HistoryListFilter;
  list: UseInfiniteQueryResult<HistoryPages>;
  items: HistoryItem[];
  locale: string;
  selecting: boolean;
  selected: ReadonlySet<string>;
  onOpen: (item: HistoryItem) => void;
  onToggleSelected: (id: string) => void;
  onToggleFavorite: (item: HistoryItem) => void;
  onDelete: (item: HistoryItem) => void;
  onClearFilters: () => void;
}

function LoadFailed({ onRetry, compact = false }: { onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation('history');
  return (
    <div
      className={compact ? 'notice notice--danger history-more-error' : 'notice notice--danger'}
      role="alert"
    >
      <AlertIcon className="notice__icon" />
      <div className="notice__body">
        <p className="notice__title">{t('errors.loadFailed')}</p>
        <p>{t('errors.loadFailedHint')}</p>
      </div>
      <button type="button" className="button button--small" onClick={onRetry}>
        <RetryIcon />
        {t('errors.retry')}
      </button>
    </div>
  );
}

function EmptyState({
  tab,
  filter,
  onClearFilters,
}: {
  tab: HistoryTab;
  filter: HistoryListFilter;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation('history');
  const locale = useLocale();
  if (filter.q || filter.favorite) {
    return (
      <div className="history-empty">
        <span className="history-empty__icon">
          {filter.q ? <SearchIcon width={28} height={28} /> : <StarIcon width={28} height={28} />}
        </span>
        <p className="history-empty__title">
          {filter.q ? t('empty.searchTitle', { query: filter.q }) : t('empty.favoritesTitle')}
        </p>
        <p className="history-empty__text">{filter.q ? t('empty.searchText') : t('empty.favoritesText')}</p>
        <button type="button" className="button" onClick={onClearFilters}>
          {t('empty.showAll')}
        </button>
      </div>
    );
  }
  const generated = tab === 'generated';
  return (
    <div className="history-empty">
      <span className="history-empty__icon">
        {generated ? <ImageIcon width={28} height={28} /> : <UpscaleIcon width={28} height={28} />}
      </span>
      <p className="history-empty__title">
        {generated ? t('empty.generatedTitle') : t('empty.upscaledTitle')}
      </p>
      <p className="history-empty__text">{generated ? t('empty.generatedText') : t('empty.upscaledText')}</p>
      <Link
        className="button button--primary"
        to={generated ? `${localizedPath(locale)}#generator` : localizedPath(locale, '/upscaler')}
      >
        {generated ? <SparklesIcon /> : <UpscaleIcon />}
        {generated ? t('empty.generatedAction') : t('empty.upscaledAction')}
      </Link>
      {generated ? (
        <Link className="history-empty__secondary" to={localizedPath(locale, '/chat')}>
          {t('empty.chatAction')}
        </Link>
      ) : null}
    </div>
  );
}

export function HistoryGrid({
  tab,
  filter,
  list,
  items,
  locale,
  selecting,
  selected,
  onOpen,
  onToggleSelected,
  onToggleFavorite,
  onDelete,
  onClearFilters,
}: HistoryGridProps) {
  const { t } = useTranslation('history');
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  useLoadMore(sentinelRef, {
    enabled: Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError,
    loadMore: () => void fetchNextPage(),
  });

  if (list.isPending) {
    return (
      <>
        <p className="visually-hidden" role="status">
          {t('loading')}
        </p>
        <ul className="history-grid" aria-hidden="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity beyond their slot
            <li key={index} className="history-card history-card--skeleton">
              <div className="history-card__media" />
              <div className="history-card__body">
                <span className="skeleton-line" />
                <span className="skeleton-line skeleton-line--short" />
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  }

  if (list.isError && items.length === 0) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (items.length === 0) return <EmptyState tab={tab} filter={filter} onClearFilters={onClearFilters} />;

  return (
    <>
      <ul
        className={`history-grid${selecting ? ' history-grid--selecting' : ''}${list.isPlaceholderData ? ' history-grid--stale' : ''}`}
        aria-busy={list.isPlaceholderData || undefined}
        aria-label={t(`tabs.${tab}`)}
      >
        {items.map((item) => (
          <HistoryCard
            key={item.id}
            item={item}
            locale={locale}
            selecting={selecting}
            selected={selected.has(item.id)}
            onOpen={onOpen}
            onToggleSelected={onToggleSelected}
            onToggleFavorite={onToggleFavorite}
            onDelete={onDelete}
          />
        ))}
      </ul>
      <div ref={sentinelRef} className="history-more" aria-live="polite">
        {isFetchingNextPage ? (
          <p className="history-more__status">
            <span className="spinner spinner--dark" aria-hidden="true" />
            {t('loadingMore')}
          </p>
        ) : isFetchNextPageError ? (
          <LoadFailed compact onRetry={() => void fetchNextPage()} />
        ) : hasNextPage ? (
          <button type="button" className="button" onClick={() => void fetchNextPage()}>
            {t('loadMore')}
          </button>
        ) : (
          <p className="history-more__end">{t('end')}</p>
        )}
      </div>
    </>
  );
}
