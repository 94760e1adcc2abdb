// Loading, failure and empty states shared by the admin pages.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, RetryIcon } from '../../components/icons.tsx';
import { adminErrorText } from './admin-errors.ts';

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  const text = adminErrorText(error, 'errors.loadFailed');
  return (
    <div className="notice notice--danger admin-error" role="alert">
      <AlertIcon className="notice__icon" />
      <div className="notice__body">
        <span className="notice__title">{t('errors.loadFailed')}</span>
        {'key' in text && text.key === 'errors.loadFailed' ? null : (
          <span>{'key' in text ? t(text.key) : text.text}</span>
        )}
      </div>
      <button type="button" className="button button--small" onClick={onRetry}>
        <RetryIcon />
        {t('common.retry')}
      </button>
    </div>
  );
}

export function EmptyState({ icon, title, text }: { icon: ReactNode; title: string; text?: string }) {
  return (
    <div className="admin-empty">
      <span className="admin-empty__icon">{icon}</span>
      <p className="admin-empty__title">{title}</p>
      {text ? <p className="admin-empty__text">{text}</p> : null}
    </div>
  );
}

/** Grey placeholders in the shape of what is coming; announced once as "Loading…". */
export function SkeletonList({ rows, height }: { rows: number; height: number }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-skeleton-list" role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <span key={index} className="admin-skeleton" style={{ blockSize: height }} aria-hidden="true" />
      ))}
    </div>
  );
}

/** "Load more" under a paged list while another page exists. */
export function LoadMore({
  query,
  label,
  small = false,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
  small?: boolean;
}) {
  const { t } = useTranslation('admin');
  if (!query.hasNextPage) return null;
  return (
    <div className="admin-load-more">
      <button
        type="button"
        className={small ? 'button button--small' : 'button'}
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? t('common.loading') : label}
      </button>
    </div>
  );
}
