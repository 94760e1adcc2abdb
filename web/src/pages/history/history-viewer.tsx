// One history item full size, in a dialog: the image (and its siblings of the same request), everything it
// was made with, and what can be done with it next.
import { type CSSProperties, type KeyboardEvent, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { HistoryItem } from '../../api/history.ts';
import { CachedImage } from '../../components/cached-image.tsx';
import { DialogCloseButton, DialogFrame } from '../../components/dialog-frame.tsx';
import {
  AlertIcon,
  ChevronRightIcon,
  CopyIcon,
  DownloadIcon,
  EyeIcon,
  RetryIcon,
  ShareIcon,
  StarIcon,
  TrashIcon,
  UpscaleIcon,
} from '../../components/icons.tsx';
import { SceneLine } from '../../components/scene-line.tsx';
import { useToast } from '../../components/toast.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import type { HomeNavigationState } from '../home/home-page.tsx';
import {
  absoluteImageUrl,
  createAgainValues,
  downloadFileName,
  itemTitle,
  upscaleLink,
} from './history-model.ts';
import { ViewerDetails } from './viewer-details.tsx';

interface HistoryViewerProps {
  item: HistoryItem;
  /** The neighbours in the list, for previous and next. */
  previous: HistoryItem | null;
  next: HistoryItem | null;
  onNavigate: (item: HistoryItem) => void;
  onClose: () => void;
  onToggleFavorite: (item: HistoryItem) => void;
  onDelete: (item: HistoryItem) => void;
  onPublish: (item: HistoryItem, imageIndex: number) => void;
  /** Another dialog (confirm, publish) is open on top: it has the keyboard until it closes. */
  suspended?: boolean;
}

export function HistoryViewer({
  item,
  previous,
  next,
  onNavigate,
  onClose,
  onToggleFavorite,
  onDelete,
  onPublish,
  suspended = false,
}: HistoryViewerProps) {
  const { t } = useTranslation('history');
  const locale = useLocale();
  const toast = useToast();
  const navigate = useNavigate();
  const titleId = useId();
  const [shown, setShown] = useState({ itemId: item.id, index: 0, revealed: false });
  // Another item opened (previous/next): start at its first image, hidden again if flagged.
  const current = shown.itemId === item.id ? shown : { itemId: item.id, index: 0, revealed: false };
  const image = item.images[current.index] ?? item.images[0];
  const hidden = Boolean(image?.flagged) && !current.revealed;
  const close = useCallback(() => onClose(), [onClose]);

  const title = itemTitle(item) || t('card.upscaledTitle');

  const copyLink = async () => {
    if (!image) return;
    try {
      await navigator.clipboard.writeText(absoluteImageUrl(image.url, window.location.href));
      toast('success', t('viewer.linkCopied'));
    } catch {
      toast('error', t('viewer.copyFailed'));
    }
  };

  const createAgain = () => {
    const state: HomeNavigationState = { generatorValues: createAgainValues(item) };
    onClose();
    navigate(localizedPath(locale), { state });
  };

  // Left and right step through the list; mirrored when the page reads right to left.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if ((event.target as HTMLElement).closest('input, textarea, select')) return;
    const rtl = document.documentElement.dir === 'rtl';
    const forward = (event.key === 'ArrowRight') !== rtl;
    const target = forward ? next : previous;
    if (target) {
      event.preventDefault();
      onNavigate(target);
    }
  };

  return (
    <DialogFrame
      onClose={close}
      frameClassName="viewer"
      className="viewer__panel"
      labelledBy={titleId}
      active={!suspended}
      onKeyDown={onKeyDown}
    >
      <header className="viewer__header">
        <h2 id={titleId} className="viewer__title">
          {item.type === 'upscaled' ? t('viewer.titleUpscaled') : t('viewer.titleGenerated')}
        </h2>
        <div className="viewer__nav">
          <button
            type="button"
            className="icon-button"
            aria-label={t('viewer.previous')}
            disabled={!previous}
            onClick={() => previous && onNavigate(previous)}
          >
            <ChevronRightIcon className="viewer__prev-icon" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('viewer.next')}
            disabled={!next}
            onClick={() => next && onNavigate(next)}
          >
            <ChevronRightIcon className="icon-flip" />
          </button>
          <DialogCloseButton label={t('viewer.close')} onClick={close} />
        </div>
      </header>

      <div className="viewer__body">
        <div className="viewer__stage">
          {image ? (
            <figure
              className={hidden ? 'viewer__figure viewer__figure--hidden' : 'viewer__figure'}
              style={{ '--ratio': image.width / image.height } as CSSProperties}
            >
              <CachedImage
                key={image.url}
                className="viewer__img"
                src={image.url}
                width={image.width}
                height={image.height}
                alt={t('viewer.imageAlt', { title })}
                eager
              />
              {image.flagged ? (
                <figcaption className="viewer__flag">
                  <span className="viewer__flag-text">
                    <AlertIcon className="viewer__flag-icon" width={18} height={18} />
                    {t('card.flagged')}
                  </span>
                  {hidden ? (
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => setShown({ ...current, revealed: true })}
                    >
                      <EyeIcon width={16} height={16} />
                      {t('viewer.showImage')}
                    </button>
                  ) : null}
                </figcaption>
              ) : null}
            </figure>
          ) : null}
          {item.type === 'generated' ? <SceneLine scene={image?.scene ?? item.scene} /> : null}
          {item.images.length > 1 ? (
            <fieldset className="viewer__thumbs">
              <legend className="visually-hidden">{t('viewer.imagesOfRequest')}</legend>
              {item.images.map((entry, index) => (
                <button
                  key={entry.url}
                  type="button"
                  className="viewer__thumb"
                  aria-pressed={index === current.index}
                  aria-label={t('viewer.imageNumber', { index: index + 1, total: item.images.length })}
                  onClick={() => setShown({ itemId: item.id, index, revealed: false })}
                >
                  <CachedImage
                    src={entry.url}
                    alt=""
                    className={entry.flagged ? 'viewer__thumb-img is-flagged' : 'viewer__thumb-img'}
                    insideControl
                  />
                </button>
              ))}
            </fieldset>
          ) : null}
        </div>

        <div className="viewer__side">
          <ViewerDetails item={item} image={image} />

          <div className="viewer__actions">
            {image ? (
              <a
                className="button button--small button--primary"
                href={image.url}
                download={downloadFileName(item, image, current.index)}
              >
                <DownloadIcon width={16} height={16} />
                {t('viewer.download')}
              </a>
            ) : null}
            <button type="button" className="button button--small" onClick={() => void copyLink()}>
              <CopyIcon width={16} height={16} />
              {t('viewer.copyLink')}
            </button>
            {item.type === 'generated' && image ? (
              <Link
                className="button button--small"
                to={upscaleLink(localizedPath(locale, '/upscaler'), image.url, window.location.href)}
              >
                <UpscaleIcon width={16} height={16} />
                {t('viewer.upscale')}
              </Link>
            ) : null}
            {item.type === 'generated' ? (
              <button type="button" className="button button--small" onClick={createAgain}>
                <RetryIcon width={16} height={16} />
                {t('viewer.createAgain')}
              </button>
            ) : null}
            {item.private ? null : (
              <button
                type="button"
                className="button button--small"
                onClick={() => onPublish(item, current.index)}
              >
                <ShareIcon width={16} height={16} />
                {t('viewer.publish')}
              </button>
            )}
          </div>
          {item.private ? <p className="viewer__note">{t('viewer.privateNote')}</p> : null}

          <div className="viewer__actions viewer__actions--secondary">
            <button
              type="button"
              className={item.favorite ? 'button button--small history-fav--on' : 'button button--small'}
              aria-pressed={item.favorite}
              onClick={() => onToggleFavorite(item)}
            >
              <StarIcon filled={item.favorite} width={16} height={16} />
              {t('viewer.favorite')}
            </button>
            <button
              type="button"
              className="button button--small history-delete"
              onClick={() => onDelete(item)}
            >
              <TrashIcon width={16} height={16} />
              {t('viewer.delete')}
            </button>
          </div>
        </div>
      </div>
    </DialogFrame>
  );
}
