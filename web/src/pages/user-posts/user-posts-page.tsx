// /user/posts (sign-in): the user's own posts (those taken down by moderators too, marked), the posts they
// like and the reports they made with what became of them, in three tabs, with their numbers: posts
// published, likes given and likes received.
import { type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { HistoryItem } from '../../api/history.ts';
import { GridIcon, HeartIcon, PlusIcon, ShareIcon, SparklesIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { PublishPostDialog } from '../../components/publish-post-dialog.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { flattenPages } from '../../hooks/community-cache.ts';
import { useUserLikes, useUserPosts, useUserStats } from '../../hooks/use-community.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { compactNumber } from '../community/community-model.ts';
import { PostGrid } from '../community/post-grid.tsx';
import { PublishPicker } from '../community/publish-picker.tsx';
import { usePostInteractions } from '../community/use-post-interactions.tsx';
import { MyReports } from './my-reports.tsx';
import '../community/community.css';
import './user-posts-page.css';

type Tab = 'posts' | 'likes' | 'reports';
const TABS: Tab[] = ['posts', 'likes', 'reports'];

function tabFrom(value: string | null): Tab {
  return TABS.includes(value as Tab) ? (value as Tab) : 'posts';
}

export default function UserPostsRoute() {
  return (
    <NamespaceGate namespace="community">
      <UserPostsPage />
    </NamespaceGate>
  );
}

function StatsPanel() {
  const { t, i18n } = useTranslation('community');
  const stats = useUserStats();
  const value = (count: number | undefined) =>
    count === undefined ? '–' : compactNumber(count, i18n.language);
  const items = [
    { key: 'posts', label: t('mine.stats.posts'), count: stats.data?.total_posts, Icon: GridIcon },
    {
      key: 'given',
      label: t('mine.stats.likesGiven'),
      count: stats.data?.total_likes_given,
      Icon: HeartIcon,
    },
    {
      key: 'received',
      label: t('mine.stats.likesReceived'),
      count: stats.data?.likes_received,
      Icon: SparklesIcon,
    },
  ];
  return (
    <section className="user-stats" aria-label={t('mine.stats.label')} aria-busy={stats.isPending}>
      <dl className="user-stats__list">
        {items.map(({ key, label, count, Icon }) => (
          <div key={key} className={`user-stat user-stat--${key}`} data-testid={`stat-${key}`}>
            <dt>
              <span className="user-stat__icon" aria-hidden="true">
                <Icon width={18} height={18} />
              </span>
              {label}
            </dt>
            <dd className={stats.isPending ? 'user-stat__value is-loading' : 'user-stat__value'}>
              {value(count)}
            </dd>
          </div>
        ))}
      </dl>
      {stats.isError ? (
        <p className="field-error" role="alert">
          {t('mine.stats.error')}
        </p>
      ) : null}
    </section>
  );
}

function UserPostsPage() {
  const { t } = useTranslation('community');
  useDocumentTitle(t('mine.documentTitle'));
  const locale = useLocale();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFrom(searchParams.get('tab'));
  const posts = useUserPosts(tab === 'posts');
  const likes = useUserLikes(tab === 'likes');
  const list = tab === 'posts' ? posts : likes;
  const { actions, dialogs } = usePostInteractions();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [publishing, setPublishing] = useState<HistoryItem | null>(null);
  const ids = { panel: useId(), tab: useId() };
  const tabId = (value: Tab) => `${ids.tab}-${value}`;
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());

  const selectTab = (next: Tab) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'posts') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  const onTabKey = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const step = event.key === 'ArrowRight' ? 1 : -1;
    // Arrows follow the reading direction: in a right-to-left page the next tab is on the left.
    const forward = document.documentElement.dir === 'rtl' ? -step : step;
    const next =
      event.key === 'Home'
        ? TABS[0]!
        : event.key === 'End'
          ? TABS.at(-1)!
          : TABS[(TABS.indexOf(tab) + forward + TABS.length) % TABS.length]!;
    selectTab(next);
    tabRefs.current.get(next)?.focus();
  };

  const loadMore = useCallback(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [list]);

  const empty =
    tab === 'posts' ? (
      <div className="grid-state">
        <span className="grid-state__icon">
          <ShareIcon />
        </span>
        <p className="grid-state__title">{t('mine.emptyPostsTitle')}</p>
        <p className="grid-state__text">{t('mine.emptyPostsText')}</p>
        <button type="button" className="button button--primary" onClick={() => setPickerOpen(true)}>
          <PlusIcon width={18} height={18} />
          {t('page.publish')}
        </button>
      </div>
    ) : (
      <div className="grid-state">
        <span className="grid-state__icon">
          <HeartIcon />
        </span>
        <p className="grid-state__title">{t('mine.emptyLikesTitle')}</p>
        <p className="grid-state__text">{t('mine.emptyLikesText')}</p>
        <Link to={localizedPath(locale, '/community')} className="button button--primary">
          {t('post.browse')}
        </Link>
      </div>
    );

  return (
    <div className="user-posts">
      <header className="community-hero">
        <div className="community-hero__text">
          <p className="hero__eyebrow">{t('mine.eyebrow')}</p>
          <h1 className="page-heading">{t('mine.title')}</h1>
          <p className="page-intro">{t('mine.intro')}</p>
        </div>
        <div className="community-hero__actions">
          <button
            type="button"
            className="button button--primary button--large"
            onClick={() => setPickerOpen(true)}
          >
            <PlusIcon />
            {t('page.publish')}
          </button>
          <Link to={localizedPath(locale, '/community')} className="button button--large">
            <GridIcon />
            {t('mine.toCommunity')}
          </Link>
        </div>
      </header>

      <StatsPanel />

      <div className="sort-tabs" role="tablist" aria-label={t('mine.tabsLabel')}>
        {TABS.map((value) => (
          <button
            key={value}
            ref={(element) => {
              if (element) tabRefs.current.set(value, element);
            }}
            type="button"
            role="tab"
            id={tabId(value)}
            aria-selected={tab === value}
            aria-controls={ids.panel}
            tabIndex={tab === value ? 0 : -1}
            className="sort-tabs__tab"
            onClick={() => selectTab(value)}
            onKeyDown={onTabKey}
          >
            {t(`mine.tabs.${value}`)}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={ids.panel} aria-labelledby={tabId(tab)} className="community-feed">
        {tab === 'reports' ? (
          <MyReports label={t('mine.tabs.reports')} />
        ) : (
          <PostGrid
            key={tab}
            posts={flattenPages(list.data)}
            actions={actions}
            label={t(`mine.tabs.${tab}`)}
            loading={list.isPending}
            error={list.isError}
            onRetry={() => void list.refetch()}
            hasMore={Boolean(list.hasNextPage)}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={loadMore}
            empty={empty}
          />
        )}
      </div>

      {dialogs}
      {pickerOpen ? (
        <PublishPicker
          onClose={() => setPickerOpen(false)}
          onPick={(item) => {
            setPickerOpen(false);
            setPublishing(item);
          }}
        />
      ) : null}
      {publishing ? (
        <PublishPostDialog
          item={publishing}
          onClose={() => setPublishing(null)}
          onPublished={() => {
            setPublishing(null);
            if (tab !== 'posts') selectTab('posts');
            navigate({ search: '' }, { replace: true });
          }}
        />
      ) : null}
    </div>
  );
}
