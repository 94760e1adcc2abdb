// A masonry grid of posts with infinite scroll (the next cursor page loads as the end comes near; a "Load
// more" button does the same for keyboards), and its loading, empty and error states.
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../api/community.ts';
import { AlertIcon, RetryIcon } from '../../components/icons.tsx';
import { type PostActions, PostCard, placementStyle } from './gallery-card.tsx';
import { columnCount, columnWidth, displayRatio, feedColumns, placeCards, rowSpan } from './masonry.ts';

const MIN_COLUMN_WIDTH = 220;

interface PostGridProps {
  posts: Post[];
  actions: PostActions;
  /** Accessible name of the list. */
  label: string;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  empty: ReactNode;
  maxColumns?: number;
}

/** The grid's width, followed as the window or the side navigation changes it (a callback ref, so the
 * element may change between the placeholder grid and the real one). */
function useWidth(): [(element: HTMLElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    setWidth(element.clientWidth);
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.current.observe(element);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width];
}

export function PostGrid({
  posts,
  actions,
  label,
  loading,
  error,
  onRetry,
  hasMore,
  loadingMore,
  onLoadMore,
  empty,
  maxColumns = 4,
}: PostGridProps) {
  const { t } = useTranslation('community');
  const [gridRef, width] = useWidth();
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set());
  const sentinelRef = useRef<HTMLDivElement>(null);
  const fit = columnCount(width, MIN_COLUMN_WIDTH, maxColumns);
  // A short feed that is all here fills the width with fewer, wider columns.
  const columns = feedColumns(fit, width, posts.length, !hasMore && !loading && posts.length > 0);
  const cellWidth = columnWidth(width, columns);

  const placements =
    width > 0
      ? placeCards(
          posts.map((post) => rowSpan(cellWidth, displayRatio(post.image.width, post.image.height))),
          columns,
        )
      : [];
  const skeletons = placeCards(
    Array.from({ length: columns * 2 }, (_, index) => rowSpan(cellWidth || 240, [1, 0.75, 1.33][index % 3]!)),
    columns,
  );

  const gridStyle = { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` };

  const reveal = useCallback((id: string) => setRevealed((current) => new Set(current).add(id)), []);

  // Infinite scroll: the next page loads while the end of the list is still a screen away.
  const canLoad = hasMore && !loadingMore && !error;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !canLoad) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [canLoad, onLoadMore]);

  const showSkeleton = loading && posts.length === 0;
  const showError = error && posts.length === 0;

  return (
    <div className="post-grid-wrap">
      {posts.length > 0 ? (
        <div
          ref={gridRef}
          className="post-grid"
          style={gridStyle}
          role="feed"
          aria-label={label}
          aria-busy={loadingMore}
        >
          {posts.map((post, index) => (
            <PostCard
              key={post.id}
              post={post}
              actions={actions}
              revealed={revealed.has(post.id)}
              onReveal={reveal}
              placement={placements[index]}
            />
          ))}
        </div>
      ) : (
        <div ref={gridRef} className="post-grid" style={gridStyle} aria-hidden="true">
          {showSkeleton
            ? skeletons.map((placement, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by
                  key={index}
                  className="gallery-card gallery-card--skeleton"
                  style={placementStyle(placement)}
                />
              ))
            : null}
        </div>
      )}

      {showSkeleton ? (
        <p className="visually-hidden" role="status">
          {t('grid.loading')}
        </p>
      ) : null}

      {showError ? (
        <div className="grid-state grid-state--error" role="alert">
          <span className="grid-state__icon">
            <AlertIcon />
          </span>
          <p className="grid-state__title">{t('grid.errorTitle')}</p>
          <p className="grid-state__text">{t('grid.errorText')}</p>
          <button type="button" className="button" onClick={onRetry}>
            <RetryIcon width={18} height={18} />
            {t('actions.retry')}
          </button>
        </div>
      ) : null}

      {!loading && !error && posts.length === 0 ? empty : null}

      <div ref={sentinelRef} className="post-grid__sentinel" />
      {posts.length > 0 ? (
        <div className="post-grid__more">
          {hasMore ? (
            <button type="button" className="button" onClick={onLoadMore} disabled={loadingMore}>
              {loadingMore ? <span className="spinner spinner--dark" aria-hidden="true" /> : null}
              {loadingMore ? t('grid.loadingMore') : t('grid.loadMore')}
            </button>
          ) : (
            <p className="post-grid__end">{t('grid.end')}</p>
          )}
          {error && posts.length > 0 ? (
            <p className="field-error" role="alert">
              {t('grid.moreFailed')}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
