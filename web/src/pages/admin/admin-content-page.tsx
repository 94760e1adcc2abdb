// /admin/content: every community post, hidden ones included. Take a post down, put it back, or delete it
// for good, each after a confirmation; or select several and hide or restore them in one request.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPost, PostStatusFilter } from '../../api/admin.ts';
import type { BulkResult } from '../../api/admin-moderation.ts';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { EyeIcon, ImageIcon, SearchIcon, TrashIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useAdminPosts, useBulkModeratePosts, useModeratePost } from '../../hooks/use-admin-moderation.ts';
import { formatCount, formatDateTime } from './admin-format.ts';
import { AdminLayout } from './admin-layout.tsx';
import { EmptyState, LoadError, LoadMore, SkeletonList } from './admin-states.tsx';
import { BulkOutcome, type BulkOutcomeState, bulkSummary } from './bulk-outcome.tsx';
import { ConfirmationDialog } from './confirmation-dialog.tsx';
import {
  BulkBar,
  DecisionButtons,
  ModerationItemHead,
  RelativeTime,
  SelectCheck,
} from './moderation-item.tsx';
import { useBulkSelection } from './use-bulk-selection.ts';
import { useConfirmedAction } from './use-confirmed-action.ts';
import { useDebounced } from './use-debounced.ts';
import './admin-moderation.css';

type StatusChoice = 'all' | 'visible' | 'hidden';
type PostAction = 'hide' | 'restore' | 'delete';
type BulkAction = 'hide' | 'restore';

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
  const bulk = useBulkModeratePosts();
  const [outcome, setOutcome] = useState<BulkOutcomeState | null>(null);
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];
  const selection = useBulkSelection(items.map((post) => post.id));
  const titleOf = (id: string) => items.find((post) => post.id === id)?.title || t('reports.untitled');
  // Each bulk action takes only the chosen posts it would change: hiding a hidden post does nothing.
  const chosenFor = (action: BulkAction) =>
    items
      .filter(
        (post) => selection.isSelected(post.id) && (post.status === 'hidden') === (action === 'restore'),
      )
      .map((post) => post.id);

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

  const askBulk = (action: BulkAction) => {
    const postIds = chosenFor(action);
    const verb = action === 'hide' ? 'hidden' : 'restored';
    confirmation.ask({
      request: {
        title: t(`content.confirmBulk.${action}.title`, { count: postIds.length }),
        text: t(`content.confirmBulk.${action}.text`, { count: postIds.length }),
        confirmLabel: t(`content.confirm.${action}.button`),
        tone: action === 'restore' ? 'primary' : 'danger',
        run: async () => {
          const results = await bulk.mutateAsync({ action, postIds });
          selection.dropDone(results);
          setOutcome({ verb, results, titleOf });
          return results;
        },
      },
      success: (results) => bulkSummary(t, verb, results as BulkResult[]),
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

      {outcome ? <BulkOutcome outcome={outcome} onClose={() => setOutcome(null)} /> : null}

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
          <BulkBar
            label={t('content.bulkLabel')}
            allChosen={selection.allChosen}
            onSelectAll={selection.selectAll}
            count={selection.chosen.length}
            buttons={(['hide', 'restore'] as const).map((action) => ({
              label: t(`content.${action}Selected`),
              tone: action === 'hide' ? 'danger' : undefined,
              disabled: chosenFor(action).length === 0 || bulk.isPending,
              onClick: () => askBulk(action),
            }))}
          />
          <ul
            className="mod-list"
            aria-label={t('content.listLabel')}
            aria-busy={posts.isFetching || undefined}
          >
            {items.map((post) => (
              <PostItem
                key={post.id}
                post={post}
                selected={selection.isSelected(post.id)}
                onSelect={(on) => selection.toggle(post.id, on)}
                onAction={ask}
              />
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
  selected,
  onSelect,
  onAction,
}: {
  post: AdminPost;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onAction: (post: AdminPost, action: PostAction) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const hidden = post.status === 'hidden';
  const title = post.title || t('reports.untitled');
  const className = ['mod-item mod-item--selectable', hidden && 'mod-item--muted', selected && 'is-selected']
    .filter(Boolean)
    .join(' ');
  return (
    <li className={className}>
      <SelectCheck checked={selected} label={t('reports.selectGroup', { title })} onChange={onSelect} />
      <ModerationItemHead
        post={post}
        badges={
          <>
            {hidden ? (
              <span className="admin-badge admin-badge--danger">{t('content.hidden')}</span>
            ) : post.author_banned ? null : (
              <span className="admin-badge admin-badge--success">{t('content.visible')}</span>
            )}
            {/* A banned author's posts are out of sight whatever their own status says. */}
            {post.author_banned ? (
              <span className="admin-badge admin-badge--warning">{t('content.authorBanned')}</span>
            ) : null}
          </>
        }
        meta={[
          { label: t('content.published'), value: <RelativeTime at={post.created_at} /> },
          { label: t('content.likes'), value: formatCount(post.likes, locale) },
          { label: t('content.views'), value: formatCount(post.views, locale) },
        ]}
      >
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
      </ModerationItemHead>
      <DecisionButtons
        buttons={[
          hidden
            ? {
                label: t('content.restore'),
                ariaLabel: t('content.restoreLabel', { title }),
                onClick: () => onAction(post, 'restore'),
              }
            : {
                label: t('content.hide'),
                ariaLabel: t('content.hideLabel', { title }),
                tone: 'danger',
                onClick: () => onAction(post, 'hide'),
              },
          {
            label: t('content.delete'),
            ariaLabel: t('content.deleteLabel', { title }),
            tone: 'ghost',
            icon: <TrashIcon />,
            onClick: () => onAction(post, 'delete'),
          },
        ]}
      />
    </li>
  );
}
