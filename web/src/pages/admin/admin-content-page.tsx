// /admin/content: every community post, hidden ones included. Take a post down, put it back, or delete it
// for good, each after a confirmation.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPost, PostStatusFilter } from '../../api/admin.ts';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { EyeIcon, ImageIcon, SearchIcon, TrashIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useAdminPosts, useModeratePost } from '../../hooks/use-admin-moderation.ts';
import { formatCount, formatDateTime, relativeTime } from './admin-format.ts';
import { AdminLayout } from './admin-layout.tsx';
import { EmptyState, LoadError, LoadMore, SkeletonList } from './admin-states.tsx';
import { ConfirmationDialog } from './confirmation-dialog.tsx';
import { PostThumb } from './post-thumb.tsx';
import { useConfirmedAction } from './use-confirmed-action.ts';
import { useDebounced } from './use-debounced.ts';
import './admin-moderation.css';

type StatusChoice = 'all' | 'visible' | 'hidden';
type PostAction = 'hide' | 'restore' | 'delete';

export default function AdminContentPage() {
  return (
    <NamespaceGate namespace="admin">
      <Content />
    </NamespaceGate>
  );
}

function Content() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<StatusChoice>('all');
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const searchId = useId();
  const filter: PostStatusFilter = status === 'all' ? '' : status;
  const posts = useAdminPosts(filter, query);
  const moderate = useModeratePost();
  const confirmation = useConfirmedAction();
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];

  const ask = (post: AdminPost, action: PostAction) => {
    const title = post.title || t('reports.untitled');
    confirmation.ask({
      request: {
        title: t(`content.confirm.${action}.title`),
        text: t(`content.confirm.${action}.text`, { title }),
        confirmLabel: t(`content.confirm.${action}.button`),
        tone: action === 'restore' ? 'primary' : 'danger',
        run: () => moderate.mutateAsync({ id: post.id, action }),
      },
      success: t(`content.done.${action}`, { title }),
      fallbackKey: 'content.actionFailed',
    });
  };

  return (
    <AdminLayout title={t('content.title')} intro={t('content.intro')}>
      <div className="admin-toolbar">
        <search className="admin-search">
          <form className="field" onSubmit={(event: FormEvent) => event.preventDefault()}>
            <label htmlFor={searchId} className="field-label">
              {t('content.searchLabel')}
            </label>
            <input
              id={searchId}
              type="search"
              className="text-input"
              value={search}
              maxLength={100}
              placeholder={t('content.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
            />
            <SearchIcon className="admin-search__icon" />
          </form>
        </search>
        <ChoiceGroup
          legend={t('content.statusLabel')}
          name="post-status"
          variant="segmented"
          value={status}
          onChange={setStatus}
          choices={(['all', 'visible', 'hidden'] as const).map((value) => ({
            value,
            label: t(`content.filter.${value}`),
          }))}
        />
      </div>

      {posts.isPending ? (
        <SkeletonList rows={4} height={128} />
      ) : posts.isError ? (
        <LoadError error={posts.error} onRetry={() => void posts.refetch()} />
      ) : items.length === 0 ? (
        <div className="admin-card">
          <EmptyState
            icon={<ImageIcon />}
            title={query ? t('content.noMatch') : t(`content.empty.${status}`)}
            text={query ? t('content.noMatchText', { query }) : undefined}
          />
        </div>
      ) : (
        <>
          <ul
            className="mod-list"
            aria-label={t('content.listLabel')}
            aria-busy={posts.isFetching || undefined}
          >
            {items.map((post) => (
              <PostItem key={post.id} post={post} onAction={ask} />
            ))}
          </ul>
          <LoadMore query={posts} label={t('common.loadMore')} />
        </>
      )}

      <ConfirmationDialog confirmation={confirmation} />
    </AdminLayout>
  );
}

function PostItem({
  post,
  onAction,
}: {
  post: AdminPost;
  onAction: (post: AdminPost, action: PostAction) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const hidden = post.status === 'hidden';
  const title = post.title || t('reports.untitled');
  return (
    <li className={hidden ? 'mod-item mod-item--muted' : 'mod-item'}>
      <PostThumb postId={post.id} title={title} image={post.image} />
      <div className="mod-item__body">
        <h2 className="mod-item__title">
          <span dir="auto">{title}</span>
          {hidden ? (
            <span className="admin-badge admin-badge--danger">{t('content.hidden')}</span>
          ) : post.author_banned ? null : (
            <span className="admin-badge admin-badge--success">{t('content.visible')}</span>
          )}
          {/* A banned author's posts are out of sight whatever their own status says. */}
          {post.author_banned ? (
            <span className="admin-badge admin-badge--warning">{t('content.authorBanned')}</span>
          ) : null}
        </h2>
        <dl className="mod-item__meta">
          <div>
            <dt>{t('reports.author')}</dt>
            <dd dir="auto">{post.author.name}</dd>
          </div>
          <div>
            <dt>{t('content.published')}</dt>
            <dd>
              <time dateTime={post.created_at} title={formatDateTime(post.created_at, locale)}>
                {relativeTime(post.created_at, locale)}
              </time>
            </dd>
          </div>
          <div>
            <dt>{t('content.likes')}</dt>
            <dd>{formatCount(post.likes, locale)}</dd>
          </div>
          <div>
            <dt>{t('content.views')}</dt>
            <dd>{formatCount(post.views, locale)}</dd>
          </div>
        </dl>
        {post.prompt ? (
          <p className="mod-item__prompt" dir="auto">
            {post.prompt}
          </p>
        ) : null}
        {post.tags.length > 0 ? (
          <ul className="mod-item__tags" aria-label={t('content.tags')}>
            {post.tags.map((tag) => (
              <li key={tag} className="admin-badge admin-badge--neutral">
                <bdi>#{tag}</bdi>
              </li>
            ))}
          </ul>
        ) : null}
        {hidden && post.hidden_at ? (
          <p className="mod-item__resolution">
            <EyeIcon />
            {t('content.hiddenSince', { when: formatDateTime(post.hidden_at, locale) })}
          </p>
        ) : null}
      </div>
      <div className="mod-item__actions">
        {hidden ? (
          <button
            type="button"
            className="button button--small"
            aria-label={t('content.restoreLabel', { title })}
            onClick={() => onAction(post, 'restore')}
          >
            {t('content.restore')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--small button--danger-quiet"
            aria-label={t('content.hideLabel', { title })}
            onClick={() => onAction(post, 'hide')}
          >
            {t('content.hide')}
          </button>
        )}
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={t('content.deleteLabel', { title })}
          onClick={() => onAction(post, 'delete')}
        >
          <TrashIcon />
          {t('content.delete')}
        </button>
      </div>
    </li>
  );
}
