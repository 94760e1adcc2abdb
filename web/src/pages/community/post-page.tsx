// /community/post/{id}: one post in full (its picture, title, author, date, likes, views, prompt to copy,
// settings and tags) with like, report, delete (its author) and Create Similar. A post that does not exist
// or was taken down shows a not-found state, except to its author (told why, and offered an appeal) and admins.
// Over 300 lines: one route's states (loading, gone, taken down, shown) read best together; the parts it
// shares with the gallery live in gallery-card.tsx and takedown-notice.tsx.
import { DEFAULT_CHOICES } from '@pictura/common/generation-options';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { PostDetail } from '../../api/community.ts';
import { ApiError } from '../../api/http.ts';
import { CachedImage } from '../../components/cached-image.tsx';
import {
  AlertIcon,
  ArrowBackIcon,
  CheckIcon,
  CopyIcon,
  EyeIcon,
  FlagIcon,
  HeartIcon,
  ImageIcon,
  RetryIcon,
  SparklesIcon,
  TrashIcon,
} from '../../components/icons.tsx';
import { modelTitle } from '../../components/model-names.ts';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { SceneLine } from '../../components/scene-line.tsx';
import { useToast } from '../../components/toast.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { usePost } from '../../hooks/use-community.ts';
import { useAllModels } from '../../hooks/use-models.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { compactNumber, formatDate, postOwnership } from './community-model.ts';
import { AuthorAvatar, FlaggedCover, LikeButton } from './gallery-card.tsx';
import { TakedownNotice } from './takedown-notice.tsx';
import { usePostInteractions } from './use-post-interactions.tsx';
import './community.css';

export default function PostRoute() {
  return (
    <NamespaceGate namespace="community">
      <PostPage />
    </NamespaceGate>
  );
}

function BackLink() {
  const { t } = useTranslation('community');
  const locale = useLocale();
  return (
    <Link to={localizedPath(locale, '/community')} className="community-back">
      <ArrowBackIcon className="icon-flip" width={18} height={18} />
      {t('post.back')}
    </Link>
  );
}

function PostPage() {
  const { t } = useTranslation('community');
  const { id = '' } = useParams();
  const post = usePost(id);
  const notFound = post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400);
  useDocumentTitle(
    post.data
      ? t('post.documentTitle', { title: post.data.title })
      : notFound
        ? t('post.notFoundTitle')
        : t('page.documentTitle'),
  );

  if (post.isPending) {
    return (
      <div className="post-page">
        <BackLink />
        <div className="post-detail" aria-hidden="true">
          <div className="post-detail__media post-detail__media--skeleton" />
          <div className="post-detail__info post-detail__info--skeleton" />
        </div>
        <p className="visually-hidden" role="status">
          {t('grid.loading')}
        </p>
      </div>
    );
  }

  if (notFound) {
    return (
      <div className="post-page">
        <BackLink />
        <div className="grid-state post-missing">
          <span className="grid-state__icon">
            <ImageIcon />
          </span>
          <h1 className="grid-state__title">{t('post.notFoundTitle')}</h1>
          <p className="grid-state__text">{t('post.notFoundText')}</p>
          <CommunityButton />
        </div>
      </div>
    );
  }

  if (post.isError || !post.data) {
    return (
      <div className="post-page">
        <BackLink />
        <div className="grid-state grid-state--error" role="alert">
          <span className="grid-state__icon">
            <AlertIcon />
          </span>
          <h1 className="grid-state__title">{t('post.errorTitle')}</h1>
          <p className="grid-state__text">{t('grid.errorText')}</p>
          <button type="button" className="button" onClick={() => void post.refetch()}>
            <RetryIcon width={18} height={18} />
            {t('actions.retry')}
          </button>
        </div>
      </div>
    );
  }

  return <PostView post={post.data} />;
}

function CommunityButton() {
  const { t } = useTranslation('community');
  const locale = useLocale();
  return (
    <Link to={localizedPath(locale, '/community')} className="button button--primary">
      {t('post.browse')}
    </Link>
  );
}

function PostView({ post }: { post: PostDetail }) {
  const { t, i18n } = useTranslation('community');
  const { t: tApp } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const toast = useToast();
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState(false);
  const models = useAllModels();
  const ids = { prompt: useId(), settings: useId(), tags: useId() };
  const { actions, dialogs } = usePostInteractions({
    onDeleted: () => navigate(localizedPath(locale, '/community'), { replace: true }),
  });
  const ownership = postOwnership(post.author.id, actions);
  const hidden = post.image.flagged && !revealed;

  const copyPrompt = async () => {
    try {
      await navigator.clipboard.writeText(post.prompt);
      setCopied(true);
      toast('success', t('post.promptCopied'));
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast('error', t('errors.copyFailed'));
    }
  };

  const settings = [
    post.options.aspect_ratio
      ? [
          tApp('generator.aspectRatioLabel'),
          tApp(`options.aspectRatio.${post.options.aspect_ratio}`, {
            defaultValue: post.options.aspect_ratio,
          }),
        ]
      : null,
    post.options.style && post.options.style !== DEFAULT_CHOICES.style
      ? [
          tApp('generator.styleLabel'),
          tApp(`options.style.${post.options.style}`, { defaultValue: post.options.style }),
        ]
      : null,
    post.options.color && post.options.color !== DEFAULT_CHOICES.color
      ? [
          tApp('generator.colorLabel'),
          tApp(`options.color.${post.options.color}`, { defaultValue: post.options.color }),
        ]
      : null,
    post.options.lighting && post.options.lighting !== DEFAULT_CHOICES.lighting
      ? [
          tApp('generator.lightingLabel'),
          tApp(`options.lighting.${post.options.lighting}`, { defaultValue: post.options.lighting }),
        ]
      : null,
    post.model ? [tApp('generator.modelLabel'), modelTitle(post.model, models.data)] : null,
  ].filter((entry): entry is [string, string] => entry !== null);

  return (
    <div className="post-page">
      <BackLink />
      {post.status === 'hidden' ? <TakedownNotice post={post} isAuthor={ownership === 'own'} /> : null}
      <article className="post-detail" aria-labelledby="post-title">
        <figure className={hidden ? 'post-detail__media is-blurred' : 'post-detail__media'}>
          <CachedImage
            src={post.image.url}
            alt={post.prompt}
            width={post.image.width || undefined}
            height={post.image.height || undefined}
            eager
          />
          {hidden ? <FlaggedCover onReveal={() => setRevealed(true)} /> : null}
        </figure>

        <div className="post-detail__info">
          <header className="post-detail__head">
            <h1 id="post-title" className="post-detail__title">
              <bdi>{post.title}</bdi>
            </h1>
            <div className="post-detail__byline">
              <AuthorAvatar author={post.author} size={40} />
              <div>
                <p className="post-detail__author">
                  <bdi>{post.author.name || t('post.anonymous')}</bdi>
                </p>
                <p className="post-detail__date">
                  {t('post.publishedOn')}{' '}
                  <time dateTime={post.created_at}>{formatDate(post.created_at, i18n.language)}</time>
                </p>
              </div>
            </div>
          </header>

          <dl className="post-detail__stats">
            <div>
              <dt>
                <HeartIcon width={16} height={16} />
                {t('post.likes')}
              </dt>
              <dd data-testid="post-likes">{compactNumber(post.likes, i18n.language)}</dd>
            </div>
            <div>
              <dt>
                <EyeIcon width={16} height={16} />
                {t('post.views')}
              </dt>
              <dd>{compactNumber(post.views, i18n.language)}</dd>
            </div>
          </dl>

          {post.description ? (
            <p className="post-detail__description" dir="auto">
              {post.description}
            </p>
          ) : null}

          <div className="post-detail__actions">
            <button
              type="button"
              className="button button--primary button--large post-detail__similar"
              onClick={() => actions.onCreateSimilar(post)}
            >
              <SparklesIcon />
              {t('actions.createSimilar')}
            </button>
            {post.status === 'hidden' ? null : (
              <LikeButton
                post={post}
                pending={actions.pendingLikes.has(post.id)}
                onLike={actions.onLike}
                size="large"
              />
            )}
            {ownership === 'own' ? (
              <button
                type="button"
                className="button post-detail__secondary"
                onClick={() => actions.onDelete(post)}
              >
                <TrashIcon />
                {t('actions.delete')}
              </button>
            ) : ownership === 'other' ? (
              <button
                type="button"
                className="button post-detail__secondary"
                onClick={() => actions.onReport(post)}
              >
                <FlagIcon />
                {t('actions.report')}
              </button>
            ) : null}
          </div>

          <section className="post-detail__section" aria-labelledby={ids.prompt}>
            <div className="post-detail__section-head">
              <h2 id={ids.prompt} className="post-detail__label">
                {t('publish.prompt')}
              </h2>
              <button type="button" className="button button--small" onClick={() => void copyPrompt()}>
                {copied ? <CheckIcon width={16} height={16} /> : <CopyIcon width={16} height={16} />}
                {copied ? t('post.copied') : t('post.copyPrompt')}
              </button>
            </div>
            <p className="post-detail__prompt" dir="auto">
              {post.prompt}
            </p>
            <SceneLine scene={post.scene} />
            {post.negative_prompt ? (
              <p className="post-detail__negative">
                <span>{tApp('generator.negativePromptLabel')}:</span> <bdi>{post.negative_prompt}</bdi>
              </p>
            ) : null}
          </section>

          {settings.length > 0 ? (
            <section className="post-detail__section" aria-labelledby={ids.settings}>
              <h2 id={ids.settings} className="post-detail__label">
                {t('post.settings')}
              </h2>
              <dl className="post-detail__settings">
                {settings.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}

          {post.tags.length > 0 ? (
            <section className="post-detail__section" aria-labelledby={ids.tags}>
              <h2 id={ids.tags} className="post-detail__label">
                {t('publish.tagsLabel')}
              </h2>
              <ul className="tag-filter__list">
                {post.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      to={`${localizedPath(locale, '/community')}?tag=${encodeURIComponent(tag)}`}
                      className="tag-chip"
                    >
                      <bdi>#{tag}</bdi>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </article>
      {dialogs}
    </div>
  );
}
