// "Publish": the signed-in user picks one of their generated images (their history), then fills in the
// publish form. Private generations cannot be published and are shown as such.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fetchHistory, type HistoryItem } from '../../api/history.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { CachedImage } from '../../components/cached-image.tsx';
import { DialogCloseButton, DialogFrame } from '../../components/dialog-frame.tsx';
import { AlertIcon, ImageIcon, SparklesIcon } from '../../components/icons.tsx';
import { queryKeys } from '../../hooks/query-keys.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';

const PAGE_SIZE = 24;

/** The user's generated images, newest first, as the picker (and a "?publish=<job>" link) reads them. */
export function usePublishCandidates(enabled: boolean) {
  const userId = useAuth().user?.id ?? 0;
  return useInfiniteQuery({
    queryKey: queryKeys.publishCandidates(userId),
    queryFn: ({ pageParam, signal }) =>
      fetchHistory({ type: 'generated', cursor: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled: enabled && userId !== 0,
  });
}

export function PublishPicker({
  onPick,
  onClose,
}: {
  onPick: (item: HistoryItem) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('community');
  const locale = useLocale();
  const headingId = useId();
  const close = useCallback(() => onClose(), [onClose]);
  const candidates = usePublishCandidates(true);
  const items = (candidates.data?.pages ?? []).flatMap((page) => page.items);

  return (
    <DialogFrame
      onClose={close}
      className="modal__panel community-dialog community-dialog--wide"
      labelledBy={headingId}
    >
      <header className="community-dialog__head">
        <span className="community-dialog__icon">
          <ImageIcon />
        </span>
        <div>
          <h2 id={headingId} className="community-dialog__title">
            {t('picker.title')}
          </h2>
          <p className="community-dialog__intro">{t('picker.intro')}</p>
        </div>
        <DialogCloseButton className="community-dialog__close" label={t('actions.close')} onClick={close} />
      </header>

      {candidates.isPending ? (
        <div className="picker-grid" aria-hidden="true">
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by
            <span key={index} className="picker-item picker-item--skeleton" />
          ))}
        </div>
      ) : candidates.isError ? (
        <div className="notice notice--danger" role="alert">
          <AlertIcon className="notice__icon" />
          <div className="notice__body">
            <span>{t('picker.error')}</span>
            <button type="button" className="link-button" onClick={() => void candidates.refetch()}>
              {t('actions.retry')}
            </button>
          </div>
        </div>
      ) : items.length === 0 ? (
        <div className="grid-state">
          <span className="grid-state__icon">
            <SparklesIcon />
          </span>
          <p className="grid-state__title">{t('picker.emptyTitle')}</p>
          <p className="grid-state__text">{t('picker.emptyText')}</p>
          <Link to={localizedPath(locale, '/')} className="button button--primary" onClick={close}>
            <SparklesIcon width={18} height={18} />
            {t('picker.create')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="picker-grid" aria-label={t('picker.listLabel')}>
            {items.map((item) => {
              const image = item.images[0];
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    className="picker-item"
                    onClick={() => onPick(item)}
                    disabled={item.private || !image}
                    data-autofocus={item === items[0] ? true : undefined}
                  >
                    {image ? (
                      <CachedImage
                        src={image.url}
                        alt=""
                        className={image.flagged ? 'is-flagged' : undefined}
                        insideControl
                      />
                    ) : null}
                    <span className="picker-item__prompt" dir="auto">
                      {item.prompt}
                    </span>
                    {item.private ? <span className="picker-item__badge">{t('picker.private')}</span> : null}
                    {item.images.length > 1 ? (
                      <span className="picker-item__count">
                        {t('picker.imageCount', { number: item.images.length })}
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
          {candidates.hasNextPage ? (
            <button
              type="button"
              className="button picker-more"
              onClick={() => void candidates.fetchNextPage()}
              disabled={candidates.isFetchingNextPage}
            >
              {candidates.isFetchingNextPage ? t('grid.loadingMore') : t('grid.loadMore')}
            </button>
          ) : null}
        </>
      )}
    </DialogFrame>
  );
}
