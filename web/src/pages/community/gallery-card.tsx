// One post in a gallery grid: its picture (blurred when flagged, with a "show" reveal), title, author, the
// like button with its count, and a small menu of the other actions (create similar, report or delete).
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Post, PostAuthor } from '../../api/community.ts';
import { CachedImage } from '../../components/cached-image.tsx';
import {
  AlertIcon,
  EyeIcon,
  FlagIcon,
  HeartIcon,
  MoreIcon,
  SparklesIcon,
  TrashIcon,
} from '../../components/icons.tsx';
import { type Locale, localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { compactNumber, postOwnership } from './community-model.ts';
import { type CardPlacement, displayRatio } from './masonry.ts';

export interface PostActions {
  onLike: (post: Post) => void;
  onReport: (post: Post) => void;
  onDelete: (post: Post) => void;
  onCreateSimilar: (post: Post) => void;
  /** Posts whose like is on its way (their button ignores clicks until it lands). */
  pendingLikes: ReadonlySet<string>;
  viewerId: number;
  /** False while a stored session is still being checked: who the viewer is is not yet known. */
  viewerKnown: boolean;
}

export function postPath(locale: Locale, id: string): string {
  return localizedPath(locale, `/community/post/${encodeURIComponent(id)}`);
}

export function AuthorAvatar({ author, size = 24 }: { author: PostAuthor; size?: number }) {
  if (author.avatar) {
    return (
      <img
        className="avatar"
        src={author.avatar}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
      />
    );
  }
  const hue = (author.id * 47) % 360;
  return (
    <span
      className="avatar avatar--initial"
      aria-hidden="true"
      style={
        {
          inlineSize: size,
          blockSize: size,
          fontSize: size * 0.45,
          '--avatar-hue': hue,
        } as CSSProperties
      }
    >
      {[...(author.name || '?')][0]?.toUpperCase()}
    </span>
  );
}

export function LikeButton({
  post,
  pending,
  onLike,
  size = 'small',
}: {
  post: Post;
  pending: boolean;
  onLike: (post: Post) => void;
  size?: 'small' | 'large';
}) {
  const { t, i18n } = useTranslation('community');
  const liked = post.liked_by_me;
  return (
    <button
      type="button"
      className={`like-button like-button--${size}${liked ? ' is-liked' : ''}`}
      aria-pressed={liked}
      aria-busy={pending || undefined}
      onClick={() => {
        if (!pending) onLike(post);
      }}
    >
      <HeartIcon filled={liked} width={size === 'large' ? 20 : 18} height={size === 'large' ? 20 : 18} />
      <span className="visually-hidden">{t('card.likeLabel', { title: post.title })}</span>
      {size === 'large' ? (
        <span className="like-button__text" aria-hidden="true">
          {liked ? t('card.liked') : t('card.like')}
        </span>
      ) : null}
      <span className="like-button__count" data-testid="like-count">
        {compactNumber(post.likes, i18n.language)}
      </span>
    </button>
  );
}

/** The picture of a post, blurred behind a notice while it is flagged and not yet revealed. */
export function FlaggedCover({ onReveal }: { onReveal: () => void }) {
  const { t } = useTranslation('community');
  return (
    <div className="flag-cover">
      <p className="flag-cover__text">
        <AlertIcon width={18} height={18} />
        <span>{t('post.flagged')}</span>
      </p>
      <button type="button" className="button button--small flag-cover__show" onClick={onReveal}>
        <EyeIcon width={16} height={16} />
        {t('post.show')}
      </button>
    </div>
  );
}

function ActionsMenu({ post, actions }: { post: Post; actions: PostActions }) {
  const { t } = useTranslation('community');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const ownership = postOwnership(post.author.id, actions);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const run = (action: (post: Post) => void) => () => {
    setOpen(false);
    action(post);
  };

  return (
    <div className="card-menu" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className="card-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('card.moreActions', { title: post.title })}
        onClick={() => setOpen((current) => !current)}
      >
        <MoreIcon />
      </button>
      <ul id={menuId} className="card-menu__list" hidden={!open}>
        <li>
          <button type="button" className="card-menu__item" onClick={run(actions.onCreateSimilar)}>
            <SparklesIcon width={18} height={18} />
            {t('actions.createSimilar')}
          </button>
        </li>
        {ownership === 'own' ? (
          <li>
            <button
              type="button"
              className="card-menu__item card-menu__item--danger"
              onClick={run(actions.onDelete)}
            >
              <TrashIcon width={18} height={18} />
              {t('actions.delete')}
            </button>
          </li>
        ) : ownership === 'other' ? (
          <li>
            <button type="button" className="card-menu__item" onClick={run(actions.onReport)}>
              <FlagIcon width={18} height={18} />
              {t('actions.report')}
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

interface PostCardProps {
  post: Post;
  actions: PostActions;
  revealed: boolean;
  onReveal: (id: string) => void;
  /** Where the card sits in the masonry grid (unset until the grid's width is known). */
  placement?: CardPlacement;
}

export function placementStyle(placement: CardPlacement | undefined): CSSProperties | undefined {
  if (!placement) return undefined;
  return {
    gridColumn: String(placement.column),
    gridRow: `${placement.row} / span ${placement.span}`,
  };
}

export function PostCard({ post, actions, revealed, onReveal, placement }: PostCardProps) {
  const { t } = useTranslation('community');
  const locale = useLocale();
  const titleId = useId();
  const hidden = post.image.flagged && !revealed;
  const ratio = displayRatio(post.image.width, post.image.height);

  return (
    <article
      className="gallery-card"
      style={placementStyle(placement)}
      aria-labelledby={titleId}
      data-post-id={post.id}
    >
      <div
        className={hidden ? 'gallery-card__media is-blurred' : 'gallery-card__media'}
        style={{ aspectRatio: String(ratio) }}
      >
        <CachedImage
          src={post.image.url}
          alt={post.prompt}
          width={post.image.width || undefined}
          height={post.image.height || undefined}
        />
        {post.status === 'hidden' ? (
          <span className="gallery-card__badge" title={t('post.hiddenNotice')}>
            {t('post.hidden')}
          </span>
        ) : null}
        {hidden ? <FlaggedCover onReveal={() => onReveal(post.id)} /> : null}
      </div>
      <div className="gallery-card__body">
        <h3 className="gallery-card__title" id={titleId}>
          <Link to={postPath(locale, post.id)} className="gallery-card__link" dir="auto">
            {post.title}
          </Link>
        </h3>
        <div className="gallery-card__meta">
          <span className="gallery-card__author">
            <AuthorAvatar author={post.author} size={24} />
            <span className="gallery-card__author-name" dir="auto">
              {post.author.name || t('post.anonymous')}
            </span>
          </span>
          <LikeButton post={post} pending={actions.pendingLikes.has(post.id)} onLike={actions.onLike} />
          <ActionsMenu post={post} actions={actions} />
        </div>
      </div>
    </article>
  );
}
